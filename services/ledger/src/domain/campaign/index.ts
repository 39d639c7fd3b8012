export * from './commands';
export * from './state';
export * from './decider';
export { CAMPAIGN_ENDED, DEFAULT_ESTIMATED_MINUTES } from './lifecycle';
export { NO_UNITS_LEFT, TASK_UNAVAILABLE } from './submissions';
