/** Test helpers: people and money made with the ledger's commands, as the rest of the product would. */
import { randomUUID } from 'node:crypto';
import { nairaToKobo, submissionIdFor } from '@kobo/ledger';
import { credit, registerUser as registerLedgerUser } from '@kobo/ledger/testing';
import { settled, type Harness } from '../support/harness';

export { settled };

export interface TestUser {
  userId: string;
  token: string;
  firstName: string;
  lastName: string;
  email: string;
}

let counter = 0;

/** The admin whose adjustments fund the tests' users: not the harness's admin. */
export const FUNDING_ADMIN = 'funding-admin';

/** A user (no bank details) with a session; names as given, the rest made unique. */
export async function registerUser(
  h: Harness,
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const userId = randomUUID();
  const n = ++counter;
  const user = await registerLedgerUser(h.context.commands, {
    userId,
    firstName: names.firstName ?? 'Ada',
    lastName: names.lastName ?? `Tester${n}`,
    username: `user${n}${userId.slice(0, 6)}`,
    email: `user${n}-${userId.slice(0, 6)}@kobo.test`,
    phone: '08031234567',
    referralCode: userId.slice(0, 8).toUpperCase(),
    bank: false,
  });
  await settled(h, user.lastPosition);
  const { firstName, lastName, email } = user;
  return {
    userId,
    token: await h.context.auth.sessions.open({ userId, role: 'user' }),
    firstName,
    lastName,
    email,
  };
}

/**
 * Credits the account balance (naira) from platform adjustments, posted by another admin than the
 * harness's (who approves withdrawals: the admin who changed a balance may not).
 */
export async function fund(h: Harness, userId: string, naira: number): Promise<void> {
  const result = await credit(h.context.commands, userId, nairaToKobo(naira), {
    by: { role: 'admin', id: FUNDING_ADMIN } as const,
  });
  await settled(h, result.lastPosition);
}

/**
 * A moment, on PostgreSQL's clock (the one that stamps events), after every event recorded so far
 * and before any recorded from now on: the next millisecond after the last event, once the
 * database clock has passed it. Node's clock is not the database's.
 */
export async function momentAfterLastEvent(h: Harness): Promise<string> {
  const { rows } = await h.db.pool.query<{ moment: Date }>(
    `SELECT date_trunc('milliseconds', max(recorded_at)) + interval '1 millisecond' AS moment
       FROM events`,
  );
  const moment = rows[0]!.moment;
  for (;;) {
    const { rows: clock } = await h.db.pool.query<{ passed: boolean }>(
      'SELECT clock_timestamp() > $1 AS passed',
      [moment],
    );
    if (clock[0]!.passed) return moment.toISOString();
  }
}

export async function requestWithdrawal(h: Harness, userId: string, naira: number): Promise<string> {
  await h.context.commands.updateBankDetails({
    userId,
    bankCode: '044',
    accountNum: '0123456784',
    accountName: 'Ada Tester',
  });
  const withdrawalId = randomUUID();
  const result = await h.context.commands.requestWithdrawal({
    userId,
    withdrawalId,
    type: 'withdrawal',
    amount: nairaToKobo(naira),
  });
  await settled(h, result.lastPosition);
  return withdrawalId;
}

export async function createCampaign(
  h: Harness,
  details: { price?: number; units?: number; platform?: string } = {},
): Promise<string> {
  const campaignId = randomUUID();
  const result = await h.context.commands.createCampaign({
    campaignId,
    title: 'Follow @kobo on Instagram',
    platform: details.platform ?? 'instagram',
    variation: 'Follow Account',
    instructions: 'Follow and screenshot',
    url: 'https://instagram.com/kobo',
    price: nairaToKobo(details.price ?? 50),
    units: details.units ?? 10,
    by: { role: 'admin', id: h.adminId } as const,
  });
  await settled(h, result.lastPosition);
  return campaignId;
}

export async function submitTask(h: Harness, campaignId: string, userId: string): Promise<string> {
  const result = await h.context.commands.submitTask({
    campaignId,
    userId,
    proofImage: `proofs/${campaignId}/${userId}.png`,
  });
  await settled(h, result.lastPosition);
  return submissionIdFor(campaignId, userId);
}

/** The user's balances in kobo as the dashboard reads them (the SQL read model). */
export async function balancesOf(h: Harness, userId: string) {
  const { rows } = await h.db.pool.query<{
    account_balance: number;
    activity_balance: number;
    held_balance: number;
  }>('SELECT account_balance, activity_balance, held_balance FROM user_balances WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]!;
}

export async function accountBalance(h: Harness, account: string): Promise<number> {
  const { rows } = await h.db.pool.query<{ balance: number }>(
    'SELECT coalesce(sum(amount), 0)::bigint AS balance FROM ledger_entries WHERE account = $1',
    [account],
  );
  return Number(rows[0]!.balance);
}

/** Every problem answer has the same shape; `message` is what the client shows. */
export function expectProblem(body: unknown, message?: string | RegExp) {
  expect(body).toEqual(
    expect.objectContaining({
      status: expect.any(Number),
      code: expect.any(String),
      message: expect.any(String),
    }),
  );
  if (message !== undefined)
    expect((body as { message: string }).message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
}
