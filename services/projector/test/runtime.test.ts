/** The live projection runtime on real PostgreSQL: atomic checkpoints, crashes, leadership, poison events, waitFor. */
import { randomUUID } from 'node:crypto';
import type { PostgresEventStore } from '@kobo/ledger';
import {
  capturingLogger,
  countingQueries,
  eventually,
  createTestDatabase,
  type TestDatabase,
} from '@kobo/platform/testing';
import { ops, type Projection } from '../src/projection';
import { balances, ledgerEntries, projections } from '../src/read-models';
import { startProjectors, type ProjectorsHandle } from '../src/runtime/start-projectors';
import { createCheckpointWaiter, ProjectionsBehindError } from '../src/runtime/wait-for';
import {
  appendGroups,
  balancesOf,
  createPostgresEventStore,
  postingsCount,
  quietLogger,
  scenario,
} from './support';

let db: TestDatabase;
let store: PostgresEventStore;
const handles: ProjectorsHandle[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
});

afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.stop()));
  await store.close();
  await db.drop();
});

async function start(options: Partial<Parameters<typeof startProjectors>[0]> = {}) {
  const handle = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    pollIntervalMs: 100,
    leaderRetryMs: 100,
    retryDelayMs: { min: 50, max: 200 },
    ...options,
  });
  handles.push(handle);
  return handle;
}

/**
 * Appends a scenario group by group (a commit every few ms, as under load) and resolves with its
 * groups once every projector has reached the head.
 */
async function appendUnderLoad() {
  const groups = scenario(60);
  let head = 0;
  for (const group of groups) {
    head = await appendGroups(store, [group]);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await eventually('every projector at the head', async () => {
    const { rows } = await db.pool.query<{ behind: number }>(
      'SELECT count(*)::int AS behind FROM projection_checkpoints WHERE position < $1',
      [head],
    );
    return rows[0]!.behind === 0 ? true : undefined;
  });
  return groups;
}

async function accountBalances(): Promise<Map<string, number>> {
  const { rows } = await db.pool.query<{ account: string; balance: number }>(
    'SELECT account, balance FROM account_balances',
  );
  return new Map(rows.map((row) => [row.account, Number(row.balance)]));
}

async function checkpoint(projector: string): Promise<number> {
  const { rows } = await db.pool.query('SELECT position FROM projection_checkpoints WHERE projector = $1', [
    projector,
  ]);
  return Number(rows[0]?.position ?? 0);
}

it('commits the checkpoint in the same transaction as the read-model changes', async () => {
  const groups = scenario(120);
  const head = await appendGroups(store, groups);
  const seen: {
    insideCheckpoint: number;
    insideRows: number;
    outsideCheckpoint: number;
    outsideRows: number;
  }[] = [];
  const handle = await start({
    projections: [balances],
    batchSize: 40,
    maxBatchSize: 40,
    hooks: {
      async beforeCommit({ client }) {
        const inside = await client.query(
          `SELECT (SELECT position FROM projection_checkpoints WHERE projector = 'balances') AS p,
                  (SELECT count(*) FROM account_balances) AS n`,
        );
        const outside = await db.pool.query(
          `SELECT (SELECT position FROM projection_checkpoints WHERE projector = 'balances') AS p,
                  (SELECT count(*) FROM account_balances) AS n`,
        );
        seen.push({
          insideCheckpoint: Number(inside.rows[0].p),
          insideRows: Number(inside.rows[0].n),
          outsideCheckpoint: Number(outside.rows[0].p),
          outsideRows: Number(outside.rows[0].n),
        });
      },
    },
  });
  await handle.waitFor(head, ['balances'], 10_000);
  // The first batch: inside its transaction both moved; from outside, neither had yet.
  expect(seen[0]).toMatchObject({ outsideCheckpoint: 0, outsideRows: 0 });
  expect(seen[0]!.insideRows).toBeGreaterThan(0);
  // (A batch may be shorter than 40: the log shows only events no running transaction could precede.)
  expect(seen[0]!.insideCheckpoint).toBeGreaterThan(0);
  expect(seen[0]!.insideCheckpoint).toBeLessThanOrEqual(40);
  // Every batch: others see exactly what the previous commit made visible, never a half.
  seen.forEach((batch, i) => {
    expect(batch.outsideCheckpoint).toBe(i === 0 ? 0 : seen[i - 1]!.insideCheckpoint);
    expect(batch.insideCheckpoint).toBeGreaterThan(batch.outsideCheckpoint);
  });
  expect(seen[seen.length - 1]!.insideCheckpoint).toBe(head);
  expect(await accountBalances()).toEqual(balancesOf(groups.flat()));
});

it('sends each batch in one round trip: its opening, its rows, its checkpoint and the commit', async () => {
  const groups = scenario(120);
  const head = await appendGroups(store, groups);
  // The statements that write the read model or move the checkpoint, and those of them sent
  // apart from a whole batch (a string from BEGIN to COMMIT).
  const writes = (text: string) =>
    text.includes('INTO "account_balances"') || text.includes('WITH advanced AS');
  const whole = (text: string) => text.startsWith('BEGIN') && text.endsWith('COMMIT');
  const { pool: counted, count: written } = countingQueries(db.pool, writes);
  const { pool, count: apart } = countingQueries(counted, (text) => writes(text) && !whole(text));
  await start({ pool, projections: [balances], batchSize: 25, maxBatchSize: 25 });
  await eventually('the projector to reach the head', async () =>
    (await checkpoint('balances')) === head ? true : undefined,
  );
  expect(await accountBalances()).toEqual(balancesOf(groups.flat()));
  expect(written()).toBeGreaterThanOrEqual(Math.ceil(head / 25));
  expect(apart()).toBe(0);
});

it('sends the batches of the projectors woken together in one string and one transaction', async () => {
  // Every string that carries batches, how many batches it carries, and how many transactions.
  let batches = 0;
  let transactions = 0;
  const { pool, count: strings } = countingQueries(db.pool, (text) => {
    const inText = text.split('kobo_expect_checkpoint(').length - 1;
    batches += inText;
    if (inText > 0) transactions += text.split('BEGIN;').length - 1;
    return inText > 0;
  });
  await start({ pool, minBatchIntervalMs: 25 });
  const groups = await appendUnderLoad();
  expect(await accountBalances()).toEqual(balancesOf(groups.flat()));
  expect(batches).toBeGreaterThan(projections.length);
  // About one string a tick for the projectors woken on it (one a batch before).
  expect(strings()).toBeLessThan(batches / 3);
  // And one commit a string (one a batch before).
  expect(transactions).toBe(strings());
});

it("takes a joined transaction's batch locks in the order of the consumers' names, as a rebuild's swap does", async () => {
  // A rebuild's swap holds the batch locks of the projections it rebuilds, taken in name order; a
  // transaction that took two of them in another order could wait for it while it waits in turn.
  const orders: string[][] = [];
  const { pool } = countingQueries(db.pool, (text) => {
    const names = [...text.matchAll(/kobo_expect_checkpoint\('([^']+)'/g)].map((match) => match[1]!);
    if (names.length > 1) orders.push(names);
    return false;
  });
  // Started, and so woken, in the reverse of name order.
  const reversed = [...projections].sort((a, b) => (a.name < b.name ? 1 : -1));
  await start({ pool, projections: reversed, minBatchIntervalMs: 25 });
  await appendUnderLoad();
  expect(orders.length).toBeGreaterThan(0);
  for (const names of orders) expect(names).toEqual([...names].sort());
});

it('isolates the batch that fails in a transaction shared with others: the rest commit, nothing twice', async () => {
  // A projection whose writes PostgreSQL refuses: its table does not exist.
  const unwritable: Projection = {
    name: 'unwritable',
    description: 'writes a row for every event to a table that is not there',
    tables: [{ name: 'no_such_table', key: ['id'] }],
    handle: (event) => [ops.insert('no_such_table', { id: event.id })],
  };
  const { logger, lines } = capturingLogger('warn');
  // Woken only by the appends (no poll), so the three wake together.
  const handle = await start({
    projections: [unwritable, balances, ledgerEntries],
    logger,
    pollIntervalMs: 10_000,
  });
  // All three idle, so the first append wakes them together and their batches share a transaction.
  await eventually('the projectors idle', async () =>
    (await handle.status()).every((status) => status.state === 'idle') ? true : undefined,
  );
  const groups = scenario(120);
  const head = await appendGroups(store, groups);
  await handle.waitFor(head, ['balances', 'ledger_entries'], 20_000);
  const events = groups.flat();
  expect(await accountBalances()).toEqual(balancesOf(events));
  const entries = await db.pool.query(
    'SELECT count(*)::int AS n, sum(amount)::bigint AS total FROM ledger_entries',
  );
  expect(entries.rows[0]).toEqual({ n: postingsCount(events), total: 0 });
  const failure = await eventually('the failing batch isolated to its first event', async () => {
    const { rows } = await db.pool.query("SELECT * FROM projection_failures WHERE projector = 'unwritable'");
    return rows[0];
  });
  expect(failure).toMatchObject({ global_position: 1 });
  expect(failure.error).toContain('no_such_table');
  expect(await checkpoint('unwritable')).toBe(0);
  // The others never saw its failure: each batch that shared its transaction was sent again alone.
  expect(lines.filter((line) => line.consumer !== 'unwritable')).toEqual([]);
});

it('resumes after its connection is killed mid-batch, with nothing lost or doubled', async () => {
  const groups = scenario(400);
  const head = await appendGroups(store, groups);
  let batches = 0;
  let killed = 0;
  const handle = await start({
    projections: projections.filter((p) => p.name === 'balances' || p.name === 'ledger_entries'),
    batchSize: 50,
    maxBatchSize: 50,
    hooks: {
      async beforeCommit({ client }) {
        batches++;
        if (batches % 3 !== 0) return;
        // Kill this batch's backend before COMMIT, as a crash or a failover would.
        const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
        await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
        killed++;
      },
    },
  });
  await handle.waitFor(head, ['balances', 'ledger_entries'], 20_000);
  expect(killed).toBeGreaterThan(2);
  const events = groups.flat();
  expect(await accountBalances()).toEqual(balancesOf(events));
  const entries = await db.pool.query(
    'SELECT count(*)::int AS n, sum(amount)::bigint AS total FROM ledger_entries',
  );
  expect(entries.rows[0]).toEqual({ n: postingsCount(events), total: 0 });
});

it('records a poison event, stays on it without skipping, and gets past it once it can', async () => {
  const groups = scenario(200);
  const head = await appendGroups(store, groups);
  // Positions follow the append order on a fresh database.
  const log = groups.flat().map((event, index) => ({ ...event, globalPosition: index + 1 }));
  const poison = log.filter((event) => event.type === 'RewardCredited')[2]!;
  expect(head).toBe(log.length);
  let broken = true;
  const fragile: Projection = {
    ...balances,
    handle(event) {
      if (broken && event.id === poison.id) throw new Error('cannot project this reward');
      return balances.handle(event);
    },
  };
  const handle = await start({ projections: [fragile], batchSize: 1000 });

  const failure = await eventually('a failure recorded after two attempts', async () => {
    const { rows } = await db.pool.query('SELECT * FROM projection_failures WHERE resolved_at IS NULL');
    return rows[0]?.attempts >= 2 ? rows[0] : undefined;
  });
  expect(failure).toMatchObject({
    projector: 'balances',
    global_position: poison.globalPosition,
    event_id: poison.id,
    event_type: 'RewardCredited',
  });
  expect(failure.error).toContain('cannot project this reward');
  // Everything before the poison event is applied, nothing after it.
  expect(await checkpoint('balances')).toBe(poison.globalPosition - 1);
  expect(await accountBalances()).toEqual(
    balancesOf(log.filter((e) => e.globalPosition < poison.globalPosition)),
  );
  const [status] = await handle.status();
  expect(status).toMatchObject({ name: 'balances', state: 'failed', failure: { eventId: poison.id } });
  // Waiting for it says why it ends without the position: which projection stopped, and where.
  await expect(handle.waitFor(head, ['balances'], 300)).rejects.toThrow(
    `projections behind position ${head} after 300 ms: balances at ${poison.globalPosition - 1}`,
  );

  broken = false; // the fix is deployed: the next retry gets through
  await handle.waitFor(head, ['balances'], 10_000);
  expect(await accountBalances()).toEqual(balancesOf(groups.flat()));
  const { rows } = await db.pool.query('SELECT resolved_at FROM projection_failures');
  expect(rows).toHaveLength(1);
  expect(rows[0].resolved_at).toBeInstanceOf(Date);
  expect((await handle.status())[0]!.failure).toBeNull();
});

it('stops at an event it cannot read (a newer shape than it knows) instead of skipping it', async () => {
  const groups = scenario(80);
  const half = Math.floor(groups.length / 2);
  const before = await appendGroups(store, groups.slice(0, half));
  // A user event written by a newer release, in a schema version this one has no upcaster for.
  const unreadable = { id: randomUUID(), type: 'UserDeleted', data: { userId: 'u1', by: 'a1' } };
  await store.appendToStreams([
    {
      streamId: `user-${randomUUID()}`,
      expectedVersion: 'no_stream',
      events: [{ ...unreadable, metadata: { schemaVersion: 3 } }],
    },
  ]);
  const head = await appendGroups(store, groups.slice(half));
  // balances has nothing to do with UserDeleted, and would pass it by if it were not decoded first.
  const handle = await start({ projections: [balances], batchSize: 1000 });

  const failure = await eventually('the unreadable event recorded as a failure', async () => {
    const { rows } = await db.pool.query('SELECT * FROM projection_failures WHERE resolved_at IS NULL');
    return rows[0];
  });
  expect(failure).toMatchObject({
    projector: 'balances',
    global_position: before + 1,
    event_id: unreadable.id,
    event_type: 'UserDeleted',
  });
  expect(failure.error).toContain('written in version 3, and this reader knows up to version 2');
  expect(await checkpoint('balances')).toBe(before);
  await expect(handle.waitFor(head, ['balances'], 300)).rejects.toThrow(
    `projections behind position ${head} after 300 ms: balances at ${before}`,
  );
});

it('runs one instance of each projector across two processes, and fails over', async () => {
  const groups = scenario(300);
  const first = await appendGroups(store, groups.slice(0, 60));
  const subset = projections.filter((p) => ['balances', 'ledger_entries', 'transactions'].includes(p.name));
  const a = await start({ projections: subset, batchSize: 10 });
  const b = await start({ projections: subset, batchSize: 10 });
  await a.waitFor(first, ['balances', 'ledger_entries', 'transactions'], 10_000);

  const leaders = async () => {
    const [sa, sb] = await Promise.all([a.status(), b.status()]);
    return sa.map((s, i) => Number(s.leader) + Number(sb[i]!.leader));
  };
  expect(await leaders()).toEqual([1, 1, 1]);
  const aLeads = (await a.status()).every((s) => s.leader);

  // The leader goes away: the follower takes over and carries on with new events.
  const [gone, survivor] = aLeads ? [a, b] : [b, a];
  await gone.stop();
  handles.splice(handles.indexOf(gone), 1);
  const head = await appendGroups(store, groups.slice(60));
  await survivor.waitFor(head, ['balances', 'ledger_entries', 'transactions'], 10_000);
  expect((await survivor.status()).every((s) => s.leader)).toBe(true);

  const events = groups.flat();
  expect(await accountBalances()).toEqual(balancesOf(events));
  const entries = await db.pool.query('SELECT count(*)::int AS n FROM ledger_entries');
  expect(entries.rows[0].n).toBe(postingsCount(events));
});

it('waitFor resolves once the position is projected, so a user reads back their own write', async () => {
  const groups = scenario(80);
  const head = await appendGroups(store, groups);
  const handle = await start();
  const registered = groups
    .flat()
    .find((e) => e.type === 'UserRegistered' && (e.data as { role: string }).role === 'user')!;
  const userId = (registered.data as { userId: string }).userId;
  await handle.waitFor(head, ['balances', 'transactions'], 10_000);
  const { rows: was } = await db.pool.query('SELECT account_balance FROM user_balances WHERE user_id = $1', [
    userId,
  ]);

  // A "command": credit the user, then wait for the returned position before reading.
  const { lastPosition } = await store.appendToStreams([
    {
      streamId: `user-${userId}`,
      expectedVersion: 'stream_exists',
      events: [
        {
          id: '11111111-2222-4333-8444-555555555555',
          type: 'BalanceAdjusted',
          data: {
            userId,
            balance: 'account',
            amount: 12_345,
            reason: 'test',
            by: 'admin',
            postings: [
              { account: 'platform:adjustments', amount: -12_345 },
              { account: `user:${userId}:account`, amount: 12_345 },
            ],
          },
        },
      ],
    },
  ]);
  const waiter = await createCheckpointWaiter(db.pool); // as the API process would hold it
  try {
    await waiter.waitFor(lastPosition, ['balances', 'transactions']);
    const { rows: now } = await db.pool.query(
      'SELECT account_balance FROM user_balances WHERE user_id = $1',
      [userId],
    );
    expect(Number(now[0].account_balance)).toBe(Number(was[0].account_balance) + 12_345);
    const { rows: history } = await db.pool.query(
      'SELECT amount, type FROM transactions WHERE user_id = $1 AND type = $2',
      [userId, 'other'],
    );
    expect(history).toEqual([{ amount: 12_345, type: 'other' }]);
    // A position not reached: the wait ends by naming each projection behind it and where it is.
    const late = waiter.waitFor(lastPosition + 1000, ['balances', 'transactions'], 200);
    await expect(late).rejects.toBeInstanceOf(ProjectionsBehindError);
    await expect(late).rejects.toMatchObject({
      position: lastPosition + 1000,
      behind: [
        { name: 'balances', position: lastPosition },
        { name: 'transactions', position: lastPosition },
      ],
    });
    // A name no projection has is a type error, and at run time it fails at once instead of
    // waiting out the timeout.
    // @ts-expect-error 'balance' is not a projection's name
    await expect(waiter.waitFor(lastPosition, ['balance'], 60_000)).rejects.toThrow(
      'unknown projection balance; known: ledger_entries, balances,',
    );
  } finally {
    await waiter.close();
  }
});
