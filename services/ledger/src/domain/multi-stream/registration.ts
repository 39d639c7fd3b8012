/**
 * Registration: UserRegistered on the user's stream plus the claims on the username, the email
 * and the new referral code, decided together so the append is all or nothing.
 */
import type { Actor } from '../actor';
import type { StreamEvents } from '../decider';
import { nonEmpty } from '../decider';
import { invalid } from '../errors';
import { streams, type Role } from '../events';
import type { MoneyRules } from '../money-rules';
import { isBlank, normalizeEmail } from '../text';
import { decideUniqueValue, uniqueKey, type UniqueKind, type UniqueValueState } from '../unique/decider';
import { decideUser } from '../user/decider';
import type { UserState } from '../user/state';

export interface Registration {
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  role: Role;
  /** The new user's own referral code (the caller generates it). */
  referralCode: string;
  /** The code typed at sign-up (the referrer's code), if any. */
  referredByCode: string | null;
  /**
   * The staff member creating the account (an admin's POST /admin/users): recorded on
   * UserRegistered, so the command takes no metadata actor.
   */
  by?: Actor;
  rules: MoneyRules;
}

export interface RegistrationStates {
  user: UserState;
  username: UniqueValueState;
  email: UniqueValueState;
  referralCode: UniqueValueState;
  /** The claim on the code typed at sign-up; null when none was typed. */
  referrerCode: UniqueValueState | null;
}

/** The uniqueness streams a registration involves. */
export function registrationClaims(r: Pick<Registration, 'username' | 'email' | 'referralCode'>) {
  return {
    username: streams.unique('username', uniqueKey(r.username)),
    email: streams.unique('email', normalizeEmail(r.email)),
    referralCode: streams.unique('referralCode', uniqueKey(r.referralCode)),
  };
}

export function decideRegistration(command: Registration, states: RegistrationStates): StreamEvents[] {
  let referredBy: string | null = null;
  if (!isBlank(command.referredByCode)) {
    referredBy = states.referrerCode?.owner ?? null;
    if (!referredBy) throw invalid('Referral code is not valid.', 'referredBy');
  }
  const { referredByCode: _code, ...user } = command;
  const registered = decideUser({ type: 'RegisterUser', data: { ...user, referredBy } }, states.user);
  const claim = (kind: UniqueKind, value: string, state: UniqueValueState) =>
    decideUniqueValue({ type: 'ClaimUniqueValue', data: { kind, value, userId: command.userId } }, state);
  const names = registrationClaims(command);
  return nonEmpty([
    { streamId: streams.user(command.userId), events: registered },
    { streamId: names.username, events: claim('username', command.username, states.username) },
    { streamId: names.email, events: claim('email', normalizeEmail(command.email), states.email) },
    {
      streamId: names.referralCode,
      events: claim('referralCode', command.referralCode, states.referralCode),
    },
  ]);
}
