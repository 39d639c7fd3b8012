export * from './run-command';
export * from './ledger-commands';
export { StreamReader } from './stream-reader';
export * as decisions from './decisions';
