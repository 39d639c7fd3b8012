export * from './commands';
export * from './state';
export * from './decider';
export { MIN_USERNAME_LENGTH, ACCOUNT_NUMBER_DIGITS } from './profile';
export {
  checkBalanceChange,
  directAdjustmentsWithin,
  pendingRequestTo,
  REASON_REQUIRED,
} from './balance-edits';
export {
  ANOTHER_STAFF_MEMBER_MUST_APPROVE,
  isUndoable,
  PAYOUT_STARTED,
  UNDO_WINDOW_CLOSED,
} from './withdrawals';
