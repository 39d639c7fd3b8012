/**
 * The withdrawals read model follows a payout through a provider: Sending, held for finance, moved
 * to the manual desk, paid, failed, reversed, and the discrepancies listed for finance; written by
 * the live projector from events the ledger's commands appended, and the same rows from a rebuild.
 */
import { randomUUID } from 'node:crypto';
import {
  createLedgerCommands,
  createPostgresEventStore,
  kobo,
  moneyRules,
  type LedgerCommands,
  type PostgresEventStore,
} from '@kobo/ledger';
import { registerUser } from '@kobo/ledger/testing';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { projectionsNamed } from '..';
import type { PayoutDiscrepancyRow, WithdrawalRow } from './projection';
import { paidPayoutsToAskAgain } from './queries';
import { rebuild } from '../../rebuild/rebuild';
import { startProjectors } from '../../runtime/start-projectors';
import { quietLogger } from '../../../test/support';

const rules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 5_000,
});
const finance = { role: 'finance', id: 'f1' } as const;
const projections = projectionsNamed(['withdrawals']);

let db: TestDatabase;
let store: PostgresEventStore;
let commands: LedgerCommands;
let userId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
  commands = createLedgerCommands(store, { rules });
  ({ userId } = await registerUser(commands, { account: 5_000_000 }));
});

afterAll(async () => {
  await store.close();
  await db.drop();
});

type Step = 'sent' | 'held' | 'manual' | 'paid' | 'failed' | 'reversed' | 'discrepancies';

/** An approved ₦3,000 withdrawal taken through `steps`; its id. */
async function payout(...steps: Step[]): Promise<string> {
  const withdrawalId = randomUUID();
  const ids = { userId, withdrawalId };
  await commands.requestWithdrawal({ ...ids, type: 'withdrawal', amount: kobo(300_000) });
  await commands.approveWithdrawal({ ...ids, by: { role: 'admin', id: 'a1' } });
  for (const step of steps) {
    if (step === 'sent')
      await commands.recordPayoutSent({
        ...ids,
        provider: 'paystack',
        reference: withdrawalId,
        transferCode: `TRF_${withdrawalId.slice(0, 8)}`,
      });
    if (step === 'held')
      await commands.recordPayoutHeld({
        ...ids,
        provider: 'paystack',
        reason: 'Transfer requires OTP to continue',
      });
    if (step === 'manual') await commands.movePayoutToManual({ ...ids, by: finance });
    if (step === 'paid')
      await commands.recordPayoutSucceeded({ ...ids, provider: 'paystack', reference: 'TRF_PAID' });
    if (step === 'failed')
      await commands.recordPayoutFailed({
        ...ids,
        provider: 'paystack',
        reason: 'Could not resolve account',
      });
    if (step === 'reversed')
      await commands.recordPayoutReversed({ ...ids, provider: 'paystack', reason: 'Returned by the bank' });
    if (step === 'discrepancies') {
      await commands.recordPayoutDiscrepancy({
        ...ids,
        provider: 'paystack',
        kind: 'success_after_failure',
        detail: 'Paystack says success; the ledger recorded a failure.',
      });
      await commands.recordPayoutDiscrepancy({
        ...ids,
        provider: 'paystack',
        kind: 'amount_mismatch',
        detail: 'Paystack sent ₦2,900.00; the ledger recorded ₦2,950.00.',
      });
    }
  }
  return withdrawalId;
}

async function row(withdrawalId: string): Promise<WithdrawalRow> {
  const { rows } = await db.pool.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE withdrawal_id = $1', [
    withdrawalId,
  ]);
  return rows[0]!;
}

/** When the event of `type` about the withdrawal was recorded. */
async function recordedAt(type: string, withdrawalId: string): Promise<Date> {
  const { rows } = await db.pool.query<{ recorded_at: Date }>(
    `SELECT recorded_at FROM events WHERE type = $1 AND data->>'withdrawalId' = $2`,
    [type, withdrawalId],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.recorded_at;
}

async function dump(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of projections.flatMap((p) => p.tables)) {
    const { rows } = await db.pool.query(`SELECT * FROM ${table.name} ORDER BY ${table.key.join(', ')}`);
    out[table.name] = JSON.parse(JSON.stringify(rows));
  }
  return out;
}

it('follows each payout, and a rebuild from the log gives the same rows', async () => {
  const sending = await payout('sent');
  const held = await payout('held');
  const heldThenSent = await payout('held', 'sent');
  const heldThenPaid = await payout('held', 'paid');
  const heldThenFailed = await payout('held', 'failed', 'discrepancies');
  const manual = await payout('held', 'manual');
  const reversed = await payout('sent', 'paid', 'reversed');
  const head = await store.headPosition();

  const live = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    projections,
    pollIntervalMs: 50,
  });
  try {
    await live.waitFor(head, ['withdrawals'], 30_000);
  } finally {
    await live.stop();
  }

  expect(await row(sending)).toMatchObject({
    status: 'sending',
    payout_desk: 'provider',
    payout_provider: 'paystack',
    payout_reference: sending,
    transfer_code: `TRF_${sending.slice(0, 8)}`,
    sent_at: await recordedAt('PayoutSent', sending),
    held_reason: null,
    paid_at: null,
  });
  expect(await row(held)).toMatchObject({
    status: 'approved',
    payout_desk: null,
    payout_provider: 'paystack',
    held_reason: 'Transfer requires OTP to continue',
    held_at: await recordedAt('PayoutHeld', held),
  });
  expect(await row(heldThenSent)).toMatchObject({
    status: 'sending',
    payout_desk: 'provider',
    held_reason: null,
    held_at: null,
  });
  expect(await row(heldThenPaid)).toMatchObject({
    status: 'paid',
    payout_reference: 'TRF_PAID',
    paid_at: await recordedAt('PayoutSucceeded', heldThenPaid),
    held_reason: null,
    held_at: null,
  });
  expect(await row(heldThenFailed)).toMatchObject({
    status: 'payout_failed',
    failure_reason: 'Could not resolve account',
    failed_at: await recordedAt('PayoutFailed', heldThenFailed),
    held_reason: null,
    held_at: null,
  });
  expect(await row(manual)).toMatchObject({
    status: 'approved',
    payout_desk: 'manual',
    held_reason: null,
    held_at: null,
  });
  expect(await row(reversed)).toMatchObject({
    status: 'reversed',
    payout_desk: 'provider',
    payout_reference: 'TRF_PAID',
    paid_at: await recordedAt('PayoutSucceeded', reversed),
    reversed_at: await recordedAt('PayoutReversed', reversed),
    reversal_reason: 'Returned by the bank',
  });

  const { rows: discrepancies } = await db.pool.query<PayoutDiscrepancyRow>(
    'SELECT * FROM payout_discrepancies ORDER BY kind',
  );
  const found = await db.pool.query<{ recorded_at: Date }>(
    `SELECT recorded_at FROM events WHERE type = 'PayoutDiscrepancyFound' ORDER BY global_position`,
  );
  expect(discrepancies).toEqual([
    {
      withdrawal_id: heldThenFailed,
      kind: 'amount_mismatch',
      user_id: userId,
      provider: 'paystack',
      detail: 'Paystack sent ₦2,900.00; the ledger recorded ₦2,950.00.',
      found_at: found.rows[1]!.recorded_at,
    },
    {
      withdrawal_id: heldThenFailed,
      kind: 'success_after_failure',
      user_id: userId,
      provider: 'paystack',
      detail: 'Paystack says success; the ledger recorded a failure.',
      found_at: found.rows[0]!.recorded_at,
    },
  ]);

  const before = await dump();
  expect(before.withdrawals).toHaveLength(7);
  const result = await rebuild({ pool: db.pool, store, projections });
  expect(result).toMatchObject({ position: head });
  expect(await dump()).toEqual(before);
});

it('lists the payouts a provider paid for reconciliation to ask about again, less and less often, for as long as a reversal can come', async () => {
  const paid = await payout('sent', 'paid');
  const paidByHand = await payout('held', 'manual');
  await commands.recordPayoutSucceeded(
    { userId, withdrawalId: paidByHand, provider: 'manual_transfer', reference: 'BANK-1' },
    { actor: finance },
  );
  const reversed = await payout('sent', 'paid', 'reversed');
  const sending = await payout('sent');
  const live = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    projections,
    pollIntervalMs: 50,
  });
  try {
    await live.waitFor(await store.headPosition(), ['withdrawals'], 30_000);
  } finally {
    await live.stop();
  }
  const paidAt = (await row(paid)).paid_at!;
  // A millisecond past: paid_at keeps microseconds, which a Date drops.
  const at = (seconds: number) => new Date(paidAt.getTime() + seconds * 1000 + 1);
  const due = async (seconds: number) =>
    (
      await paidPayoutsToAskAgain(db.pool, 'paystack', {
        firstAfterSeconds: 10,
        forSeconds: 1000,
        now: at(seconds),
        limit: 100,
      })
    )
      .map((p) => p.withdrawal_id)
      .filter((id) => [paid, paidByHand, reversed, sending].includes(id));
  // Reconciliation's record: asked `seconds` after the payout was paid, to the microsecond.
  const askedAt = (seconds: number) =>
    db.pool.query(
      `INSERT INTO payout_reversal_checks (withdrawal_id, paid_at, asked_at)
       SELECT withdrawal_id, paid_at, paid_at + make_interval(secs => $2) FROM withdrawals WHERE withdrawal_id = $1
       ON CONFLICT (withdrawal_id) DO UPDATE SET asked_at = EXCLUDED.asked_at`,
      [paid, seconds],
    );

  // Not before the first wait; then only the payout the provider paid and that stayed paid.
  expect(await due(5)).toEqual([]);
  expect(await due(10)).toEqual([paid]);
  // Asked at 10 s: next when it has been paid twice as long (20 s), then 40 s, and so on.
  await askedAt(10);
  expect(await due(19)).toEqual([]);
  expect(await due(20)).toEqual([paid]);
  await askedAt(20);
  expect(await due(39)).toEqual([]);
  expect(await due(40)).toEqual([paid]);
  // Past the window a reversal is no longer looked for.
  await askedAt(40);
  expect(await due(999)).toEqual([paid]);
  expect(await due(1000)).toEqual([]);
});
