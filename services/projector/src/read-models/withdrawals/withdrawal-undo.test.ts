/**
 * An approval undone within its window, in the read models: the withdrawal is pending again (no
 * approver, nothing undoable), the user's transaction says requested, and the person is told it
 * waits for review again. And what the withdrawal desk reads of the user: when their bank details
 * were set, and whether the bank gave the account name.
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
import { startProjectors } from '../../runtime/start-projectors';
import { quietLogger } from '../../../test/support';

const rules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 0,
  withdrawalUndoSeconds: 60,
});
const admin = { role: 'admin', id: 'a1' } as const;
const projections = projectionsNamed(['withdrawals', 'transactions', 'notifications', 'users']);

let db: TestDatabase;
let store: PostgresEventStore;
let commands: LedgerCommands;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
  commands = createLedgerCommands(store, { rules });
});

afterAll(async () => {
  await store.close();
  await db.drop();
});

async function projected(): Promise<void> {
  const head = await store.headPosition();
  const live = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    projections,
    pollIntervalMs: 50,
  });
  try {
    await live.waitFor(head, ['withdrawals', 'transactions', 'notifications', 'users'], 30_000);
  } finally {
    await live.stop();
  }
}

async function one<Row>(sql: string, params: unknown[]): Promise<Row> {
  const { rows } = await db.pool.query(sql, params);
  expect(rows).toHaveLength(1);
  return rows[0] as Row;
}

it('an approval, then its undo: the withdrawal is pending again everywhere', async () => {
  const { userId } = await registerUser(commands, { account: 1_000_000 });
  const withdrawalId = randomUUID();
  const ids = { userId, withdrawalId };
  await commands.requestWithdrawal({ ...ids, type: 'withdrawal', amount: kobo(300_000) });
  const approvedAt = new Date();
  await commands.approveWithdrawal({ ...ids, by: admin, now: approvedAt.toISOString() });
  await projected();
  expect(
    await one('SELECT status, approved_by, undoable_until FROM withdrawals WHERE withdrawal_id = $1', [
      withdrawalId,
    ]),
  ).toEqual({
    status: 'approved',
    approved_by: 'a1',
    undoable_until: new Date(approvedAt.getTime() + 60_000),
  });

  await commands.undoWithdrawalApproval({ ...ids, by: admin });
  await projected();
  expect(
    await one(
      'SELECT status, approved_at, approved_by, undoable_until FROM withdrawals WHERE withdrawal_id = $1',
      [withdrawalId],
    ),
  ).toEqual({ status: 'pending', approved_at: null, approved_by: null, undoable_until: null });
  expect(await one('SELECT withdrawal_state FROM transactions WHERE id = $1', [withdrawalId])).toEqual({
    withdrawal_state: 'requested',
  });
  const told = await db.pool.query(
    `SELECT withdrawal_state, title FROM notifications WHERE user_id = $1 AND kind = 'withdrawal' ORDER BY global_position`,
    [userId],
  );
  expect(told.rows).toEqual([
    { withdrawal_state: 'approved', title: 'Withdrawal approved' },
    { withdrawal_state: 'requested', title: 'Withdrawal back under review' },
  ]);
});

it('the users row says when bank details were last set and whether the bank gave the name', async () => {
  const { userId } = await registerUser(commands, { bank: false });
  const setAt = '2026-03-01T10:00:00.000Z';
  await commands.updateBankDetails({
    userId,
    bankCode: '50211',
    accountNum: '0123456789',
    accountName: 'Ada Obi',
    nameCheck: 'resolved',
    now: setAt,
  });
  await projected();
  expect(
    await one('SELECT bank_details_set_at, bank_name_check FROM users WHERE user_id = $1', [userId]),
  ).toEqual({
    bank_details_set_at: new Date(setAt),
    bank_name_check: 'resolved',
  });
});
