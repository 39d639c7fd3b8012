/** Users for the user-area tests, made through the ledger's own commands (no auth route needed). */
import { randomUUID } from 'node:crypto';
import { registerUser as registerLedgerUser } from '@kobo/ledger/testing';
import { hashPassword } from '../../src/accounts/password-hashing';
import { settled, type Harness } from '../support/harness';

export interface TestUser {
  userId: string;
  token: string;
  auth: { Authorization: string };
}

export { settled };

/** A user with a session, bank details unless `bank` is false, and `accountBalance` kobo if given. */
export async function registerUser(
  h: Harness,
  name: string,
  /** accountBalance in kobo, credited by an admin adjustment. */
  options: { bank?: boolean; accountBalance?: number; referredByCode?: string } = {},
): Promise<TestUser> {
  const userId = randomUUID();
  const user = await registerLedgerUser(h.context.commands, {
    userId,
    firstName: name,
    lastName: 'Tester',
    username: `${name}-${userId.slice(0, 8)}`,
    email: `${name}-${userId.slice(0, 8)}@kobo.test`.toLowerCase(),
    referralCode: userId.slice(0, 8).toUpperCase(),
    referredByCode: options.referredByCode ?? null,
    bank: options.bank ?? true,
    account: options.accountBalance,
    // Not the harness's admin, who approves withdrawals: the admin who changed a balance may not.
    by: { role: 'admin', id: 'funding-admin' } as const,
  });
  await settled(h, user.lastPosition);
  const token = await h.context.auth.sessions.open({ userId, role: 'user' });
  return { userId, token, auth: { Authorization: `Bearer ${token}` } };
}

/** A user's referral code, as registerUser makes it. */
export const referralCodeOf = (user: TestUser) => user.userId.slice(0, 8).toUpperCase();

/** The last position of the log: waiting for it settles every read model. */
export async function headPosition(h: Harness): Promise<number> {
  const { rows } = await h.context.pool.query('SELECT max(global_position) AS p FROM events');
  return Number(rows[0].p);
}

/** The password `withSignIn` gives a test user. */
export const TEST_PASSWORD = 'correct horse 42';
let testPasswordHash: Promise<string> | undefined;

/** Gives a test user a sign-in row (their email, TEST_PASSWORD), for routes that check the password. */
export async function withSignIn(h: Harness, user: TestUser): Promise<TestUser> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const { rows } = await h.context.pool.query('SELECT email FROM users WHERE user_id = $1', [user.userId]);
  await h.context.pool.query('INSERT INTO credentials (user_id, email, password_hash) VALUES ($1, $2, $3)', [
    user.userId,
    rows[0].email,
    await testPasswordHash,
  ]);
  return user;
}
