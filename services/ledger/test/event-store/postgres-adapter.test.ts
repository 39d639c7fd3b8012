/**
 * What the PostgreSQL adapter promises beyond the port's contract (the contract itself runs on
 * every backend: see backends.ts): gap-free positions, the streams table, group commit, the hash
 * fields, and appends inside the caller's transaction. Gap safety, the hash chain and concurrent
 * processes have their own files.
 */
import { randomUUID } from 'node:crypto';
import { countingQueries, createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  createPostgresEventStore,
  type NewEvent,
  type PostgresEventStore,
  type StreamAppend,
} from '../../src/event-store';

const event = (n: number): NewEvent => ({ id: randomUUID(), type: 'Noted', data: { n } });

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

describe('the PostgreSQL adapter', () => {
  it('several streams together: positions consecutive, from the chain head', async () => {
    const result = await store.appendToStreams([
      { streamId: 'pair-a', expectedVersion: 'no_stream', events: [event(1)] },
      { streamId: 'pair-b', expectedVersion: 'no_stream', events: [event(2), event(3)] },
    ]);
    const a = await store.readStream('pair-a');
    const b = await store.readStream('pair-b');
    expect([...a, ...b].map((e) => e.globalPosition)).toEqual([
      result.lastPosition - 2,
      result.lastPosition - 1,
      result.lastPosition,
    ]);
  });

  it('a refused multi-stream append leaves no row in streams', async () => {
    await store.appendToStreams([{ streamId: 'multi-b', expectedVersion: 'no_stream', events: [event(1)] }]);
    await expect(
      store.appendToStreams([
        { streamId: 'multi-a', expectedVersion: 'no_stream', events: [event(1), event(2)] },
        { streamId: 'multi-b', expectedVersion: 5, events: [event(3)] },
      ]),
    ).rejects.toMatchObject({ name: 'WrongExpectedVersionError', streamId: 'multi-b' });
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS n FROM streams WHERE stream_id = 'multi-a'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('group commit: appends to one stream made at the same time apply in order', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3].map((n) =>
        store.appendToStreams([
          { streamId: 'seq-1', expectedVersion: n === 0 ? 'no_stream' : n, events: [event(n)] },
        ]),
      ),
    );
    expect(results.map((r) => r.streams[0]!.version)).toEqual([1, 2, 3, 4]);
    expect((await store.readStream('seq-1')).map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3]);
  });

  it('each recorded event carries its hash and the previous one', async () => {
    await store.appendToStreams([
      { streamId: 'hashed-1', expectedVersion: 'no_stream', events: [event(1), event(2)] },
    ]);
    const page = await store.readStream('hashed-1');
    expect(page[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(page[1]!.prevHash).toBe(page[0]!.hash);
  });

  it('the retry of an append inside a transaction is recognised too', async () => {
    const append: StreamAppend[] = [
      { streamId: 'tx-idem', expectedVersion: 'no_stream', events: [event(1)] },
    ];
    const command = { id: 'cmd-tx-1', type: 'Note' };
    const original = await store.appendToStreams(append, command);
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      expect(await store.appendInTransaction(client, append, command)).toEqual({
        ...original,
        appended: false,
      });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await store.readStream('tx-idem')).toHaveLength(1);
  });

  it('the append function takes a batch request by request: each sees what the ones before it wrote', async () => {
    // The adapter never sends one stream or command twice in a batch; the function needs no such rule.
    const request = (expectedVersion: unknown, commandId: string) => ({
      command: { id: commandId, type: 'Note' },
      streams: [{ streamId: 'in-turn', expectedVersion, events: [{ ...event(1), metadata: {} }] }],
    });
    const { rows } = await db.pool.query<{ outcomes: unknown[] }>(
      'SELECT kobo_append_events($1::jsonb) AS outcomes',
      [
        JSON.stringify([
          request('no_stream', 'turn-1'),
          request(1, 'turn-2'),
          request(1, 'turn-3'),
          request(5, 'turn-2'),
        ]),
      ],
    );
    const [first, second, third, repeat] = rows[0]!.outcomes as Record<string, unknown>[];
    expect(first).toMatchObject({ streams: [{ streamId: 'in-turn', version: 1 }], appended: true });
    expect(second).toMatchObject({ streams: [{ streamId: 'in-turn', version: 2 }], appended: true });
    expect(third).toEqual({ conflict: { streamId: 'in-turn', expected: 1, actual: 2 } });
    expect(repeat).toEqual({ ...second, appended: false });
    expect((await store.readStream('in-turn')).map((e) => e.version)).toEqual([1, 2]);
  });
});

describe("the append's plan", () => {
  // One connection, so the statistics it reports are complete once it has flushed them.
  let single: TestDatabase;
  let singleStore: PostgresEventStore;
  beforeAll(async () => {
    single = await createTestDatabase(1);
    singleStore = createPostgresEventStore(single.pool);
  });
  afterAll(async () => {
    await singleStore.close();
    await single.drop();
  });

  it('finds a recorded command by its key, never by reading the whole commands table', async () => {
    // A table of commands kept, not analysed: the planner guesses its size from its pages.
    await single.pool.query(
      `INSERT INTO commands (command_id, command_type, streams, last_position, event_ids)
       SELECT 'old-' || n, 'Note', '[]', 0, '{}' FROM generate_series(1, 2000) n`,
    );
    const { rows: before } = await single.pool.query(
      `SELECT coalesce(seq_scan, 0)::int AS n FROM pg_stat_user_tables WHERE relname = 'commands'`,
    );
    for (let n = 0; n < 12; n++)
      await singleStore.appendToStreams(
        [{ streamId: `plan-${n}`, expectedVersion: 'no_stream', events: [event(n)] }],
        { id: `plan-cmd-${n}`, type: 'Note' },
      );
    await single.pool.query('SELECT pg_stat_force_next_flush()');
    await single.pool.query('SELECT 1'); // the statistics are flushed at the end of this one
    const { rows: after } = await single.pool.query(
      `SELECT coalesce(seq_scan, 0)::int AS n FROM pg_stat_user_tables WHERE relname = 'commands'`,
    );
    expect(after[0].n - before[0].n).toBe(0);
  });
});

describe('reads of the log asked for together', () => {
  /** The real pool, counting the queries that read the log. */
  const countingLogReads = () => countingQueries(db.pool, (text) => text.includes('global_position >'));

  it('share one query where their ranges overlap, each answered its own range', async () => {
    const { count, pool } = countingLogReads();
    const shared = createPostgresEventStore(pool);
    try {
      const start = await shared.headPosition();
      await store.appendToStreams(
        [1, 2, 3, 4, 5, 6].map((n) => ({
          streamId: `overlap-${n}`,
          expectedVersion: 'no_stream' as const,
          events: [event(n)],
        })),
      );
      const names = (events: { streamId: string }[]) => events.map((e) => e.streamId);
      const [atStart, twoIn, fourIn, short] = await Promise.all([
        shared.readAll({ after: start, limit: 3 }),
        shared.readAll({ after: start + 2, limit: 10 }),
        shared.readAll({ after: start + 4, limit: 10 }),
        shared.readAll({ after: start + 1, limit: 1 }),
      ]);
      expect(count()).toBe(1);
      expect(names(atStart)).toEqual(['overlap-1', 'overlap-2', 'overlap-3']);
      expect(names(twoIn)).toEqual(['overlap-3', 'overlap-4', 'overlap-5', 'overlap-6']);
      expect(names(fourIn)).toEqual(['overlap-5', 'overlap-6']);
      expect(names(short)).toEqual(['overlap-2']);

      // Far apart (one catching up, one at the head): a query each, not one over everything between.
      const [behind, head] = await Promise.all([
        shared.readAll({ after: start, limit: 2 }),
        shared.readAll({ after: start + 5, limit: 10 }),
      ]);
      expect(count()).toBe(3);
      expect(names(behind)).toEqual(['overlap-1', 'overlap-2']);
      expect(names(head)).toEqual(['overlap-6']);
    } finally {
      await shared.close();
    }
  });

  it('share one query; a read asked for later sees what was appended since', async () => {
    const { count, pool: counting } = countingLogReads();
    const shared = createPostgresEventStore(counting);
    try {
      const after = await shared.headPosition();
      await store.appendToStreams([
        { streamId: 'together-1', expectedVersion: 'no_stream', events: [event(1)] },
      ]);
      const together = await Promise.all([1, 2, 3].map(() => shared.readAll({ after, limit: 10 })));
      expect(count()).toBe(1);
      for (const events of together) expect(events.map((e) => e.streamId)).toEqual(['together-1']);
      expect(together[0]).not.toBe(together[1]); // each caller its own array

      await store.appendToStreams([
        { streamId: 'together-2', expectedVersion: 'no_stream', events: [event(2)] },
      ]);
      const later = await shared.readAll({ after, limit: 10 });
      expect(count()).toBe(2);
      expect(later.map((e) => e.streamId)).toEqual(['together-1', 'together-2']);
    } finally {
      await shared.close();
    }
  });
});
