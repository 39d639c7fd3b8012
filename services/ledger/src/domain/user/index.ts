export * from './commands';
export * from './state';
export * from './decider';
export { MIN_USERNAME_LENGTH, ACCOUNT_NUMBER_DIGITS } from './profile';
export { ANOTHER_STAFF_MEMBER_MUST_APPROVE } from './withdrawals';
