/**
 * Uniqueness claims (unique-{kind}-{value}): one stream per username, email or referral code.
 * Registration appends the claims in the same atomic append as the user's first event, with the
 * versions it read, so two people racing for one username cannot both win.
 */
import type { Decider } from '../decider';
import { conflict } from '../errors';
import type { UniqueValueClaimed, UniqueValueEvent } from '../events';

export type UniqueKind = UniqueValueClaimed['data']['kind'];

export type ClaimUniqueValue = {
  type: 'ClaimUniqueValue';
  data: { kind: UniqueKind; value: string; userId: string };
};
export type ReleaseUniqueValue = {
  type: 'ReleaseUniqueValue';
  data: { kind: UniqueKind; value: string; userId: string };
};
export type UniqueValueCommand = ClaimUniqueValue | ReleaseUniqueValue;

export interface UniqueValueState {
  /** The user holding the value, or null when free. */
  owner: string | null;
}

export const TAKEN_MESSAGES: Record<UniqueKind, { message: string; field: string }> = {
  username: { message: 'Username is already taken', field: 'username' },
  email: { message: 'Email is already registered', field: 'email' },
  referralCode: { message: 'Referral code is already in use', field: 'referralCode' },
};

/** The value as its stream is named and compared: case does not make a different username or email. */
export function uniqueKey(value: string): string {
  return value.trim().toLowerCase();
}

export function decideUniqueValue(command: UniqueValueCommand, state: UniqueValueState): UniqueValueEvent[] {
  const { kind, value, userId } = command.data;
  const data = { kind, value: uniqueKey(value), userId };
  if (command.type === 'ClaimUniqueValue') {
    if (state.owner === userId) return [];
    if (state.owner !== null) throw conflict(TAKEN_MESSAGES[kind].message, TAKEN_MESSAGES[kind].field);
    return [{ type: 'UniqueValueClaimed', data }];
  }
  // Only the holder releases; anything else is already the state asked for.
  if (state.owner !== userId) return [];
  return [{ type: 'UniqueValueReleased', data }];
}

export function evolveUniqueValue(state: UniqueValueState, event: UniqueValueEvent): UniqueValueState {
  return event.type === 'UniqueValueClaimed' ? { owner: event.data.userId } : { owner: null };
}

export const uniqueValueDecider: Decider<UniqueValueState, UniqueValueCommand, UniqueValueEvent> = {
  decide: decideUniqueValue,
  evolve: evolveUniqueValue,
  initialState: () => ({ owner: null }),
};
