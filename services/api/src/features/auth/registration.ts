/**
 * Sign-up. The credentials row is written first and names the new user id, then the user is
 * registered on the ledger (as bootstrap does). A refused registration removes the row it wrote;
 * a sign-up that died between the two writes is resumed by the same person (same password) at
 * once, and given to someone else only after a minute, under a new user id.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DomainError, type EventStore, type LedgerCommands, currentUser } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { hashPassword, passwordMatches } from '../../accounts/password-hashing';
import { HttpProblem } from '../../http';
import { authMessages } from './messages';
import { credentialsByEmail, deleteCredentials, insertCredentials, takeOverCredentials } from './queries';

export interface SignUp {
  firstName: string;
  lastName: string;
  username: string;
  /** Trimmed and lower case. */
  email: string;
  password: string;
  phone: string;
  referredBy: string | null;
}

export interface SignUpDependencies {
  pool: Pool;
  store: EventStore;
  commands: LedgerCommands;
}

export interface SignedUp {
  userId: string;
  username: string;
  referralCode: string;
  /** Global position of the registration, to wait for the read models. */
  lastPosition: number;
}

/** A row left by an interrupted sign-up is only taken over by another password after this long. */
export const ABANDONED_SIGN_UP_SECONDS = 60;

// No 0/O or 1/I: people copy codes by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const emailTaken = () =>
  new HttpProblem('conflict', authMessages.emailTaken, { email: authMessages.emailTaken });

export async function signUp(input: SignUp, deps: SignUpDependencies): Promise<SignedUp> {
  const passwordHash = await hashPassword(input.password);
  const claim = await claimEmail(input, passwordHash, deps);
  if (claim.done) return claim.done;
  const { userId } = claim;
  try {
    return await registerWithFreshCode(userId, input, deps);
  } catch (error) {
    // A refusal (username taken, bad referral code) must not leave a row that blocks the email.
    if (error instanceof DomainError && (await currentUser(deps.store, userId)).existence === 'none')
      await deleteCredentials(deps.pool, userId);
    throw error;
  }
}

type Claim = { userId: string; done?: undefined } | { userId: string; done: SignedUp };

async function claimEmail(
  input: SignUp,
  passwordHash: string,
  { pool, store }: SignUpDependencies,
): Promise<Claim> {
  const fresh = randomUUID();
  if (await insertCredentials(pool, fresh, input.email, passwordHash)) return { userId: fresh };
  const existing = await credentialsByEmail(pool, input.email);
  // Deleted between the insert and the read: a concurrent refused sign-up. Let the person retry.
  if (!existing) throw emailTaken();
  const user = await currentUser(store, existing.user_id);
  const samePerson = await passwordMatches(existing.password_hash, input.password);
  if (user.existence !== 'none') {
    // The same sign-up sent again after it succeeded (a lost answer): answer as before.
    if (
      samePerson &&
      user.existence === 'registered' &&
      user.username.toLowerCase() === input.username.toLowerCase()
    )
      return {
        userId: user.userId,
        done: {
          userId: user.userId,
          username: user.username,
          referralCode: user.referralCode,
          lastPosition: 0,
        },
      };
    throw emailTaken();
  }
  if (samePerson) return { userId: existing.user_id };
  // Someone else may be mid-sign-up with this email: only an old row counts as abandoned.
  if (existing.age_seconds < ABANDONED_SIGN_UP_SECONDS) throw emailTaken();
  if (!(await takeOverCredentials(pool, existing, fresh, passwordHash))) throw emailTaken();
  return { userId: fresh };
}

async function registerWithFreshCode(
  userId: string,
  input: SignUp,
  { commands, store }: SignUpDependencies,
): Promise<SignedUp> {
  const meta = { actor: { role: 'user', id: userId }, correlationId: `sign-up:${userId}` } as const;
  // A clash on the new user's own code is unlikely (32^8 codes) but possible: draw again.
  for (let attempt = 1; ; attempt++) {
    const referralCode = newReferralCode();
    try {
      const result = await commands.registerUser(
        {
          userId,
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          email: input.email,
          phone: input.phone,
          role: 'user',
          referralCode,
          referredByCode: input.referredBy,
        },
        meta,
      );
      if (result.appended)
        return { userId, username: input.username, referralCode, lastPosition: result.lastPosition };
      // Nothing appended: a concurrent copy of this sign-up registered first, with its own code.
      const user = await currentUser(store, userId);
      return {
        userId,
        username: user.username,
        referralCode: user.referralCode,
        lastPosition: result.lastPosition,
      };
    } catch (error) {
      if (!(error instanceof DomainError && error.field === 'referralCode') || attempt >= 5) throw error;
    }
  }
}
