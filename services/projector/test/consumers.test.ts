/**
 * The consumer runtime with a reactor (effects outside the database) on real PostgreSQL: one
 * leader across processes and fail-over, an event whose effect keeps failing isolated and recorded
 * and then passed, a restart going on from the checkpoint, and the reactors' old checkpoints
 * carried over by the migration.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PostgresEventStore, RecordedEvent } from '@kobo/ledger';
import { countingQueries, eventually, createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import type { Reactor } from '../src/runtime/consumer';
import { startConsumers, type ConsumersHandle } from '../src/runtime/start-consumers';
import { appendGroups, createPostgresEventStore, quietLogger, scenario } from './support';

let db: TestDatabase;
let store: PostgresEventStore;
const handles: ConsumersHandle[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
});

afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.stop()));
  await store.close();
  await db.drop();
});

/** A reactor whose effect is remembering the events it was given, and which refuses `refused`. */
function recordingReactor(name = 'mailer') {
  const reacted: RecordedEvent[] = [];
  const refused = new Set<string>();
  const reactor: Reactor = {
    kind: 'reactor',
    name,
    description: 'remembers what it was given',
    async react(events) {
      for (const event of events) {
        if (refused.has(event.id)) throw new Error(`the mail server refuses ${event.type}`);
        reacted.push(event);
      }
    },
  };
  return { reactor, reacted, refused };
}

async function start(reactor: Reactor, batchSize = 20, minBatchIntervalMs?: number) {
  const handle = await startConsumers({
    pool: db.pool,
    store,
    logger: quietLogger,
    consumers: [reactor],
    batchSize,
    minBatchIntervalMs,
    pollIntervalMs: 100,
    leaderRetryMs: 100,
    retryDelayMs: { min: 50, max: 200 },
  });
  handles.push(handle);
  return handle;
}

async function stop(handle: ConsumersHandle) {
  await handle.stop();
  handles.splice(handles.indexOf(handle), 1);
}

async function checkpoint(name: string): Promise<number> {
  const { rows } = await db.pool.query('SELECT position FROM projection_checkpoints WHERE projector = $1', [
    name,
  ]);
  return Number(rows[0]?.position ?? 0);
}

const reached = (name: string, position: number) => async () =>
  (await checkpoint(name)) >= position ? true : undefined;
const positions = (events: readonly RecordedEvent[]) => events.map((event) => event.globalPosition);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

it('reacts in one process at a time, and another takes over where the first stopped', async () => {
  const groups = scenario(120);
  const first = await appendGroups(store, groups.slice(0, 30));
  const a = recordingReactor();
  const b = recordingReactor();
  const handleA = await start(a.reactor);
  const handleB = await start(b.reactor);
  await eventually('the leader to reach the first events', reached('mailer', first));
  const [statusA, statusB] = [(await handleA.status())[0]!, (await handleB.status())[0]!];
  expect(Number(statusA.leader) + Number(statusB.leader)).toBe(1);
  const [leader, follower] = statusA.leader ? [a, b] : [b, a];
  expect(positions(leader.reacted)).toEqual(range(1, first));
  expect(follower.reacted).toEqual([]);
  expect(statusA.leader ? statusB : statusA).toMatchObject({ kind: 'reactor', state: 'follower' });

  // The leader goes: the follower takes over from the checkpoint, so nothing is repeated or lost.
  await stop(statusA.leader ? handleA : handleB);
  const head = await appendGroups(store, groups.slice(30));
  expect(head).toBeGreaterThan(first);
  await eventually('the follower to take over and reach the head', reached('mailer', head));
  expect(positions(follower.reacted)).toEqual(range(first + 1, head));
  const [survivor] = await (statusA.leader ? handleB : handleA).status();
  expect(survivor).toMatchObject({ leader: true, position: head, lag: 0, failure: null });
});

it('isolates an event whose effect keeps failing, shows it, and goes on once it passes', async () => {
  const head = await appendGroups(store, scenario(60));
  const log = await store.readAll({ after: 0, limit: head });
  const poison = log[25]!;
  const { reactor, reacted, refused } = recordingReactor();
  refused.add(poison.id);
  const handle = await start(reactor);

  const failure = await eventually('the failure recorded after two attempts', async () => {
    const { rows } = await db.pool.query('SELECT * FROM projection_failures WHERE resolved_at IS NULL');
    return rows[0]?.attempts >= 2 ? rows[0] : undefined;
  });
  expect(failure).toMatchObject({
    projector: 'mailer',
    global_position: poison.globalPosition,
    event_id: poison.id,
    event_type: poison.type,
  });
  expect(failure.error).toContain(`the mail server refuses ${poison.type}`);
  // It stays on that event: everything before it is done, nothing after it.
  expect(await checkpoint('mailer')).toBe(poison.globalPosition - 1);
  expect(new Set(positions(reacted))).toEqual(new Set(range(1, poison.globalPosition - 1)));
  const [status] = await handle.status();
  expect(status).toMatchObject({
    name: 'mailer',
    kind: 'reactor',
    state: 'failed',
    position: poison.globalPosition - 1,
    lag: head - poison.globalPosition + 1,
    failure: { globalPosition: poison.globalPosition, eventId: poison.id, eventType: poison.type },
  });
  expect(status!.lastError).toContain('the mail server refuses');

  refused.clear(); // the mail server takes it now
  await eventually('the reactor to reach the head', reached('mailer', head));
  expect(new Set(positions(reacted))).toEqual(new Set(range(1, head)));
  const { rows } = await db.pool.query('SELECT resolved_at FROM projection_failures');
  expect(rows).toHaveLength(1);
  expect(rows[0].resolved_at).toBeInstanceOf(Date);
  expect((await handle.status())[0]).toMatchObject({ failure: null, lastError: null });
});

it('keeps nothing of a batch whose checkpoint another writer moved, and goes on from there', async () => {
  const head = await appendGroups(store, scenario(120));
  const firsts: number[] = [];
  const jump = 60;
  const reactor: Reactor = {
    kind: 'reactor',
    name: 'overtaken',
    description: 'is overtaken by another writer during its second batch',
    async react(events) {
      firsts.push(events[0]!.globalPosition);
      // Its second batch (its first without a failure to resolve) writes nothing: it is the
      // checkpoint's move alone, in one round trip, which must not move the checkpoint back.
      if (firsts.length === 2)
        await db.pool.query(`UPDATE projection_checkpoints SET position = $1 WHERE projector = 'overtaken'`, [
          jump,
        ]);
    },
  };
  await start(reactor, 10);
  await eventually('the reactor to reach the head', reached('overtaken', head));
  expect(firsts.slice(0, 3)).toEqual([1, 11, jump + 1]);
});

it('starts again from the beginning when its checkpoint row is gone, as from position 0', async () => {
  const { reactor, reacted } = recordingReactor();
  await start(reactor, 50);
  const history = scenario(40);
  const half = Math.floor(history.length / 2);
  const first = await appendGroups(store, history.slice(0, half));
  await eventually('the reactor to reach the head', reached('mailer', first));
  // An operator deletes the row to have it handled again from the start.
  await db.pool.query(`DELETE FROM projection_checkpoints WHERE projector = 'mailer'`);
  reacted.length = 0;
  const head = await appendGroups(store, history.slice(half));
  expect(head).toBeGreaterThan(first);
  await eventually('the reactor at the new head', reached('mailer', head));
  // Its batch after the first half may have been acted on before its checkpoint was found gone (a
  // reactor's effects are safe to repeat); then everything from the first event, once.
  expect(positions(reacted).slice(-head)).toEqual(range(1, head));
});

it('gathers the commits that come one after another into a batch per interval', async () => {
  const interval = 250;
  const batches: number[] = [];
  const { reactor, reacted } = recordingReactor();
  const counted: Reactor = {
    ...reactor,
    async react(events) {
      batches.push(events.length);
      await reactor.react(events);
    },
  };
  await start(counted, 1000, interval);
  const groups = scenario(40);
  const started = Date.now();
  let head = 0;
  // A commit every few milliseconds, as under load.
  for (const group of groups) {
    head = await appendGroups(store, [group]);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await eventually('the reactor to reach the head', reached('mailer', head));
  const elapsed = Date.now() - started;
  expect(positions(reacted)).toEqual(range(1, head));
  // One batch per interval at most (one commit each without it).
  expect(batches.length).toBeLessThanOrEqual(Math.ceil(elapsed / interval) + 1);
  expect(batches.length).toBeLessThan(groups.length / 2);
});

it("reads the log once for the consumers woken together, on the interval's shared ticks", async () => {
  // The real pool, counting the queries that read the log.
  const { pool: counting, count: logReads } = countingQueries(db.pool, (text) =>
    text.includes('global_position >'),
  );
  const countedStore = createPostgresEventStore(counting);
  const batches = new Map<string, number>();
  const reactors = ['mailer', 'texter', 'pusher'].map((name) => {
    const { reactor } = recordingReactor(name);
    const counted: Reactor = {
      ...reactor,
      async react(events) {
        batches.set(name, (batches.get(name) ?? 0) + 1);
        await reactor.react(events);
      },
    };
    return counted;
  });
  // One batch at a time: without a shared read, each consumer would read on its own.
  const handle = await startConsumers({
    pool: db.pool,
    store: countedStore,
    logger: quietLogger,
    consumers: reactors,
    minBatchIntervalMs: 100,
    concurrency: 1,
    pollIntervalMs: 100,
    leaderRetryMs: 100,
  });
  handles.push(handle);
  try {
    let head = 0;
    for (const group of scenario(120)) {
      head = await appendGroups(store, [group]);
      await new Promise((resolve) => setTimeout(resolve, 10)); // a commit every few ms, as under load
    }
    for (const { name } of reactors) await eventually(`${name} at the head`, reached(name, head));
    const handled = [...batches.values()].reduce((sum, n) => sum + n, 0);
    expect(handled).toBeGreaterThanOrEqual(6);
    // About one read a tick for the three, a few more where a tick's batches end apart (on a busy
    // machine); each on its own would read at least once a batch.
    expect(logReads()).toBeLessThan(handled * 0.75);
  } finally {
    await stop(handle);
    await countedStore.close();
  }
});

it('stays shown idle while, caught up, it looks for new events', async () => {
  const { reactor } = recordingReactor();
  const handle = await startConsumers({
    pool: db.pool,
    store,
    logger: quietLogger,
    consumers: [reactor],
    pollIntervalMs: 1, // looks all the time
    minBatchIntervalMs: 0,
  });
  handles.push(handle);
  const head = await appendGroups(store, scenario(5));
  await eventually('the reactor to reach the head', reached('mailer', head));
  await eventually('the reactor shown idle', async () =>
    (await handle.status())[0]?.state === 'idle' ? true : undefined,
  );
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    seen.add((await handle.status())[0]!.state);
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect([...seen]).toEqual(['idle']);
});

it('goes on from its checkpoint after a restart', async () => {
  const groups = scenario(80);
  const half = Math.floor(groups.length / 2);
  const first = await appendGroups(store, groups.slice(0, half));
  const before = recordingReactor();
  const run = await start(before.reactor);
  await eventually('the first run to reach its events', reached('mailer', first));
  await stop(run);
  expect(positions(before.reacted)).toEqual(range(1, first));

  const head = await appendGroups(store, groups.slice(half));
  expect(head).toBeGreaterThan(first);
  const after = recordingReactor();
  await start(after.reactor);
  await eventually('the second run to reach the head', reached('mailer', head));
  expect(positions(after.reacted)).toEqual(range(first + 1, head));
});

it("carries the reactors' positions over from their old table (migration 0015)", async () => {
  const migration = readFileSync(
    join(__dirname, '..', 'migrations', '0015_one-consumer-runtime.sql'),
    'utf8',
  );
  const [up, down] = migration.split('-- Down Migration');
  // The database as it was before: the reactors' own checkpoint table, with their positions.
  await db.pool.query(down!);
  const head = await appendGroups(store, scenario(40));
  await db.pool.query(
    `INSERT INTO jobs_reactor_checkpoints (reactor, position) VALUES ('jobs', 25), ('notices', 31)`,
  );

  await db.pool.query(up!);
  const { rows } = await db.pool.query(
    `SELECT projector, position FROM projection_checkpoints WHERE projector IN ('jobs', 'notices') ORDER BY 1`,
  );
  expect(rows.map((row) => [row.projector, Number(row.position)])).toEqual([
    ['jobs', 25],
    ['notices', 31],
  ]);
  const { rows: old } = await db.pool.query(`SELECT to_regclass('jobs_reactor_checkpoints') AS old`);
  expect(old[0].old).toBeNull();

  const jobs = recordingReactor('jobs');
  await start(jobs.reactor);
  await eventually('the jobs reactor to reach the head', reached('jobs', head));
  expect(positions(jobs.reacted)).toEqual(range(26, head));
});
