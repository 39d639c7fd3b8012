/** The domain: deciders (pure), the multi-stream decisions, and the command handlers. */
export * from './events';
export * from './event-decoding';
export * from './errors';
export * from './decider';
export * from './money-rules';
export * from './banks';
export * from './ids';
export * from './user';
export * from './campaign';
export * from './community/decider';
export * from './unique/decider';
export * from './decisions/registration';
export * from './decisions/profile-update';
export * from './decisions/submission-approval';
export * from './decisions/task-participation';
export * from './handlers';
