export * from './run-command';
export * from './ledger-commands';
export { StreamReader, forgetFoldedStates } from './stream-reader';
export * as streamLoading from './stream-loading';
