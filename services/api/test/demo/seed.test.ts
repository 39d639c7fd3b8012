import {
  createLedgerCommands,
  createPostgresEventStore,
  defaultMoneyRules,
  type PostgresEventStore,
} from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoData } from '../../src/demo/seed';
import { createLocalObjectStore } from '../../src/uploads/local-object-store';

describe('demo data', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const images = createLocalObjectStore(mkdtempSync(join(tmpdir(), 'kobo-seed-')));
  const deps = () => ({
    pool: db.pool,
    // With the product's undo window: the demo's paid withdrawal is recorded despite it.
    commands: createLedgerCommands(store, { rules: { ...defaultMoneyRules, withdrawalUndoSeconds: 10 } }),
    adminId: '00000000-0000-4000-8000-000000000001',
    images,
  });
  const count = async (sql: string) => (await db.pool.query(sql)).rows[0].n as number;

  it('fills every state, balances to zero, and a second run appends nothing', async () => {
    const result = await seedDemoData(deps());
    expect(result.users.length).toBeGreaterThanOrEqual(5);
    const events = await count('SELECT count(*)::int AS n FROM events');
    const types = (await db.pool.query('SELECT DISTINCT type FROM events')).rows.map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'TaskSubmitted',
        'SubmissionApproved',
        'SubmissionRejected',
        'ActivityCompleted',
        'RewardCredited',
        'ReferralBonusCredited',
        'WithdrawalRequested',
        'WithdrawalApproved',
        'WithdrawalRejected',
        'PayoutSucceeded',
        'PayoutFailed',
        'CampaignPaused',
        'CampaignCompleted',
        'UserStatusSet',
        'CommunitySettingsUpdated',
      ]),
    );
    // All postings together sum to zero.
    const { rows } = await db.pool.query(
      `SELECT coalesce(sum((p->>'amount')::bigint), 0)::bigint AS total
         FROM events, jsonb_array_elements(coalesce(data->'postings', '[]'::jsonb)) p`,
    );
    expect(rows[0].total).toBe(0);

    // Every submitted proof is a real, distinct image in the object store.
    const proofs = (
      await db.pool.query(
        `SELECT DISTINCT data->>'proofImage' AS key FROM events WHERE type = 'TaskSubmitted'`,
      )
    ).rows.map((r) => r.key as string);
    expect(proofs.length).toBeGreaterThanOrEqual(10);
    const stored = await Promise.all(proofs.map((key) => images.get(key)));
    expect(stored.every((object) => object?.contentType === 'image/png')).toBe(true);
    // One pair on purpose: a reused screenshot for the verification job to flag.
    expect(new Set(stored.map((object) => object!.bytes.toString('base64'))).size).toBe(proofs.length - 1);

    await seedDemoData(deps());
    expect(await count('SELECT count(*)::int AS n FROM events')).toBe(events);
    expect(await count('SELECT count(*)::int AS n FROM credentials')).toBe(result.users.length);
  });
});
