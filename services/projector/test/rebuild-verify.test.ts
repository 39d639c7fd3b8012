/** Rebuilds equal the live read models; verify passes on a sound ledger and catches tampering. */
import type { PostgresEventStore } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { projections, projectionsNamed } from '../src/read-models';
import { rebuild, RebuildBusyError, tablesOf } from '../src/rebuild/rebuild';
import { startProjectors, type ProjectorsHandle } from '../src/runtime/start-projectors';
import { verify, type VerifyCheck } from '../src/verify/verify';
import { appendGroups, createPostgresEventStore, quietLogger, scenario } from './support';

let db: TestDatabase;
let store: PostgresEventStore;
let live: ProjectorsHandle | null = null;
const names = projections.map((p) => p.name);

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
});

afterAll(async () => {
  await live?.stop();
  await store.close();
  await db.drop();
});

/** Every read-model table's rows, in key order, as plain JSON. */
async function dump(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const projection of projections)
    for (const table of projection.tables) {
      const { rows } = await db.pool.query(`SELECT * FROM ${table.name} ORDER BY ${table.key.join(', ')}`);
      out[table.name] = JSON.parse(JSON.stringify(rows));
    }
  return out;
}

const failed = (checks: VerifyCheck[]) => checks.filter((check) => !check.ok).map((check) => check.name);

it('a rebuild from the log reproduces the live read models exactly', async () => {
  const groups = scenario(2500, 11);
  const head = await appendGroups(store, groups);
  // Live, in batches of 20: the merges differ from the rebuild's single big batch.
  live = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    batchSize: 20,
    pollIntervalMs: 100,
  });
  await live.waitFor(head, names, 30_000);
  await live.stop();
  live = null;
  const before = await dump();
  expect(before.ledger_entries!.length).toBeGreaterThan(500);

  // The admin dashboard's counters, against the generated events.
  const events = groups.flat();
  const ofType = (type: string) =>
    events.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);
  const { rows: stats } = await db.pool.query('SELECT * FROM admin_stats()');
  expect(stats[0]).toMatchObject({
    total_users: ofType('UserRegistered').filter((d) => d.role === 'user').length,
    total_campaigns: ofType('CampaignCreated').length,
    total_withdrawn: ofType('PayoutSucceeded').reduce((sum, d) => sum + Number(d.amount), 0),
    pending_withdrawals:
      ofType('WithdrawalRequested').length -
      ofType('WithdrawalApproved').length -
      ofType('WithdrawalRejected').length,
  });
  expect(stats[0].total_withdrawn).toBeGreaterThan(0);
  expect(before.withdrawals!.length).toBeGreaterThan(0);

  // Wait until the committed chain head covers every appended event.
  while ((await store.headPosition()) < head) await new Promise((resolve) => setTimeout(resolve, 20));
  const progress: number[] = [];
  const result = await rebuild({
    pool: db.pool,
    store,
    projections,
    onProgress: (p) => progress.push(p.events),
  });
  expect(result).toMatchObject({ position: head, events: head });
  expect(progress.length).toBeGreaterThan(0);
  expect(await dump()).toEqual(before);
  const { rows } = await db.pool.query(
    'SELECT projector, position FROM projection_checkpoints ORDER BY projector',
  );
  expect(rows).toEqual(
    names
      .map((name) => ({ projector: name, position: head }))
      .sort((a, b) => a.projector.localeCompare(b.projector)),
  );
  // No shadow table is left behind, and the swapped-in tables carry their original index names.
  const leftovers = await db.pool.query(`SELECT relname FROM pg_class WHERE relname LIKE '%\\_\\_rebuild%'`);
  expect(leftovers.rows).toEqual([]);
  const indexes = await db.pool.query(
    `SELECT indexname FROM pg_indexes WHERE tablename = 'ledger_entries' ORDER BY 1`,
  );
  expect(indexes.rows.map((r) => r.indexname)).toEqual([
    'ledger_entries_account',
    'ledger_entries_event_id',
    'ledger_entries_pkey',
    'ledger_entries_recorded_at',
  ]);
});

it('swaps a rebuild in while the live projectors keep running and events keep coming', async () => {
  live = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    batchSize: 50,
    pollIntervalMs: 50,
  });
  // The same world, continued: the generator is deterministic, so this extends the first test's log.
  const groups = scenario(3300, 11).slice(scenario(2500, 11).length);
  expect(groups.flat().length).toBeGreaterThan(700);
  const appending = appendGroups(store, groups);
  await rebuild({
    pool: db.pool,
    store,
    projections: projectionsNamed(['balances', 'transactions']),
    batchSize: 200,
  });
  const head = await appending;
  await live.waitFor(head, names, 30_000);
  const checks = await verify({ pool: db.pool, store, projections });
  expect(failed(checks)).toEqual([]);
  await live.stop();
  live = null;
});

it('verify passes on a sound ledger, and names a tampered read-model row', async () => {
  const sound = await verify({ pool: db.pool, store, projections });
  expect(sound.map((check) => check.name)).toEqual([
    'hash chain',
    'postings per event sum to zero',
    'all accounts sum to zero',
    'no user or escrow balance below zero',
    ...names.map((name) => `read model ${name}`),
  ]);
  expect(failed(sound)).toEqual([]);

  await db.pool.query(
    `UPDATE account_balances SET balance = balance + 100 WHERE account = (SELECT min(account) FROM account_balances WHERE account LIKE 'user:%')`,
  );
  await db.pool.query(
    `UPDATE submissions SET status = 'approved' WHERE submission_id = (SELECT min(submission_id) FROM submissions WHERE status = 'rejected')`,
  );
  const tampered = await verify({ pool: db.pool, store, projections });
  expect(failed(tampered)).toEqual([
    'all accounts sum to zero',
    'read model balances',
    'read model submissions',
  ]);
  expect(tampered.find((c) => c.name === 'read model balances')!.detail).toMatch(
    /account_balances differs .*: 1 rows only in the read model, 1 only in the rebuild/,
  );

  // A rebuild of the damaged projections repairs them.
  await rebuild({ pool: db.pool, store, projections: projectionsNamed(['balances', 'submissions']) });
  expect(failed(await verify({ pool: db.pool, store, projections }))).toEqual([]);
});

it('refuses a second rebuild of a projection while one runs, and verifies while it does', async () => {
  const selected = projectionsNamed(['balances']);
  const outcomes = await Promise.allSettled([
    rebuild({ pool: db.pool, store, projections: selected, batchSize: 100 }),
    rebuild({ pool: db.pool, store, projections: selected, batchSize: 100 }),
    verify({ pool: db.pool, store, projections: selected }),
  ]);
  const [first, second, checks] = outcomes;
  expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
  const refused = [first, second].find((o) => o.status === 'rejected') as PromiseRejectedResult;
  expect(refused.reason).toBeInstanceOf(RebuildBusyError);
  expect(checks.status === 'fulfilled' && failed(checks.value)).toEqual([]);
  expect(failed(await verify({ pool: db.pool, store, projections }))).toEqual([]);
});

it('verify catches a tampered event and an unbalanced one', async () => {
  await db.pool.query(
    `UPDATE events SET data = jsonb_set(data, '{submissionId}', '"edited"')
     WHERE global_position = (SELECT min(global_position) FROM events WHERE type = 'RewardCredited')`,
  );
  const edited = await verify({ pool: db.pool, store, projections: projectionsNamed(['ledger_entries']) });
  expect(failed(edited)).toEqual(['hash chain']);
  expect(edited[0]!.detail).toMatch(/broken at position \d+/);

  await db.pool.query(
    `UPDATE events SET data = jsonb_set(data, '{postings,0,amount}', '-1')
     WHERE global_position = (SELECT max(global_position) FROM events WHERE type = 'WithdrawalRequested')`,
  );
  const unbalanced = await verify({
    pool: db.pool,
    store,
    projections: projectionsNamed(['ledger_entries']),
  });
  expect(failed(unbalanced)).toEqual([
    'hash chain',
    'postings per event sum to zero',
    'all accounts sum to zero',
    'read model ledger_entries',
  ]);
  expect(tablesOf(projectionsNamed(['ledger_entries']))).toEqual(['ledger_entries']);
});
