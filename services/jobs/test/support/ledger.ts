/** A real ledger on a fresh test database, and the few commands the job tests start from. */
import { randomUUID } from 'node:crypto';
import {
  streams,
  type UserEvent,
  createLedgerCommands,
  type LedgerCommands,
  moneyRules,
  type MoneyRules,
  createPostgresEventStore,
  type PostgresEventStore,
  kobo,
} from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';

export const rules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  // A fee, so payouts exercise the fee postings too.
  withdrawalFee: 10_000,
});

export interface TestLedger {
  db: TestDatabase;
  store: PostgresEventStore;
  commands: LedgerCommands;
  close(): Promise<void>;
}

export async function createTestLedger(withRules: MoneyRules = rules): Promise<TestLedger> {
  const db = await createTestDatabase(10);
  // A short poll so the reactor notices held-back events quickly while other test files write.
  const store = createPostgresEventStore(db.pool, { pollIntervalMs: 100 });
  const commands = createLedgerCommands(store, { rules: withRules });
  return {
    db,
    store,
    commands,
    async close() {
      await store.close();
      await db.drop();
    },
  };
}

/** Requests and approves a withdrawal from the account balance; returns its id. */
export async function approvedWithdrawal(
  commands: LedgerCommands,
  userId: string,
  amount: number,
  withdrawalId: string = randomUUID(),
) {
  await commands.requestWithdrawal({ userId, withdrawalId, type: 'withdrawal', amount: kobo(amount) });
  await commands.approveWithdrawal({ userId, withdrawalId, by: { role: 'admin', id: 'test' } as const });
  return withdrawalId;
}

export async function createCampaign(commands: LedgerCommands, title: string): Promise<string> {
  const campaignId = randomUUID();
  await commands.createCampaign({
    campaignId,
    title,
    platform: 'instagram',
    url: 'https://instagram.com/kobo',
    price: kobo(10_000),
    units: 10,
    by: { role: 'admin', id: 'test' } as const,
  });
  return campaignId;
}

export async function userEvents(store: PostgresEventStore, userId: string): Promise<UserEvent[]> {
  return (await store.readStream(streams.user(userId))).map(
    (e) => ({ type: e.type, data: e.data }) as UserEvent,
  );
}
