/** Checks several user commands share. */
import { forbidden, notFound } from '../errors';
import type { UserState } from './state';

/** A user that was never registered, or was deleted, refuses every command. */
export function requireUser(state: UserState): void {
  if (state.existence !== 'registered') throw notFound('User not found.');
}

/** Suspended users may not submit tasks or withdraw. */
export function requireNotSuspended(state: UserState): void {
  if (state.status === 'suspended') throw forbidden('Your account is suspended. Please contact support.');
}

export function hasWithdrawalInProgress(state: UserState): boolean {
  return state.withdrawals.some(
    (w) => w.status === 'pending' || w.status === 'approved' || w.status === 'sending',
  );
}
