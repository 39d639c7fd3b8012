/** The domain: deciders (pure), the multi-stream decisions, and the command handlers. */
export * from './events';
export { actorOf, actorText, type Actor } from './actor';
export * from './event-decoding';
export * from './errors';
export * from './decider';
export * from './money-rules';
export * from './banks';
export * from './nuban';
export * from './ids';
export * from './user';
export * from './campaign';
export * from './community/decider';
export * from './unique/decider';
export * from './multi-stream/registration';
export * from './multi-stream/profile-update';
export * from './multi-stream/submission-approval';
export * from './multi-stream/task-participation';
export * from './handlers';
