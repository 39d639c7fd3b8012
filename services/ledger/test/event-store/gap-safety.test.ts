import { randomUUID } from 'node:crypto';
import { Client, type PoolClient } from 'pg';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { createPostgresEventStore, type NewEvent, type PostgresEventStore } from '../../src/event-store';

const event = (n: number): NewEvent => ({ id: randomUUID(), type: 'Noted', data: { n } });

let db: TestDatabase;
let store: PostgresEventStore;
/** Transactions a test opened: a failed test must not leave one holding back every reader. */
const open = new Set<PoolClient>();

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
});
afterEach(async () => {
  for (const client of open) await end(client, 'ROLLBACK');
  await store.close();
  await db.drop();
});

async function begin(): Promise<PoolClient> {
  const client = await db.pool.connect();
  await client.query('BEGIN');
  open.add(client);
  return client;
}

async function end(client: PoolClient, command: 'COMMIT' | 'ROLLBACK') {
  open.delete(client);
  await client.query(command);
  client.release();
}

/** After commits made from other connections, wait (bounded) for the reader to see them. */
async function eventually(read: () => Promise<number[]>, expected: number[]): Promise<number[]> {
  const deadline = Date.now() + 30_000;
  let seen = await read();
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await read();
  }
  return seen;
}

/** Reads the log page by page from a checkpoint, as a projector does. */
async function readFrom(after: number, limit = 1): Promise<number[]> {
  const seen: number[] = [];
  for (;;) {
    const page = await store.readAll({ after, limit });
    if (page.length === 0) return seen;
    for (const e of page) seen.push(e.globalPosition);
    after = page[page.length - 1]!.globalPosition;
  }
}

/** Waits (bounded) until some session of this test database is waiting for a lock. */
async function aSessionWaitsOnALock(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await db.pool.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error('no session of the test database waited for a lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('gap-safe reading', () => {
  it('(a) an open transaction that appended holds back the reader; after commit everything comes in order', async () => {
    await store.appendToStreams([{ streamId: 'a-1', expectedVersion: 'no_stream', events: [event(1)] }]);
    const tx = await begin();
    await store.appendInTransaction(tx, [
      { streamId: 'a-2', expectedVersion: 'no_stream', events: [event(2)] },
    ]);
    await tx.query(`SELECT 1`); // the transaction stays open (e.g. writing a credentials row)

    const later = store.appendToStreams([
      { streamId: 'a-3', expectedVersion: 'no_stream', events: [event(3)] },
    ]);
    let appended = false;
    void later.then(() => (appended = true));
    await aSessionWaitsOnALock(); // the later append waits on the chain head lock
    expect(appended).toBe(false);
    expect(await eventually(() => readFrom(0), [1])).toEqual([1]);
    expect(await store.headPosition()).toBe(1);

    await end(tx, 'COMMIT');
    expect(await later).toMatchObject({ lastPosition: 3 });
    expect(await eventually(() => readFrom(1), [2, 3])).toEqual([2, 3]);
    expect(await store.headPosition()).toBe(3);
  });

  it('(a) a rolled-back append leaves no trace and holds nothing back', async () => {
    const tx = await begin();
    await store.appendInTransaction(tx, [
      { streamId: 'rb-1', expectedVersion: 'no_stream', events: [event(1)] },
    ]);
    const later = store.appendToStreams([
      { streamId: 'rb-2', expectedVersion: 'no_stream', events: [event(2)] },
    ]);
    await end(tx, 'ROLLBACK');
    expect(await later).toMatchObject({ lastPosition: 1 });
    expect(await eventually(() => readFrom(0), [1])).toEqual([1]);
    expect((await store.readAll({ after: 0, limit: 10 }))[0]!.streamId).toBe('rb-2');
  });

  it('(b) a write transaction left open elsewhere on the server does not hold the reader back', async () => {
    // A bound taken from the oldest running transaction (pg_snapshot_xmin) spans every database
    // on the server: one long transaction anywhere would stall every projector. The committed
    // chain head does not depend on other transactions.
    const elsewhere = new Client({ connectionString: process.env.KOBO_TEST_ADMIN_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()'); // now it holds a transaction id
      const { lastPosition } = await store.appendToStreams([
        { streamId: 'b-1', expectedVersion: 'no_stream', events: [event(1), event(2)] },
      ]);
      expect(await readFrom(0)).toEqual([1, 2]);
      expect(await store.headPosition()).toBe(lastPosition);
    } finally {
      await elsewhere.query('ROLLBACK');
      await elsewhere.end();
    }
  });

  it('(c) a transaction id older than the append lock: read in position order, nothing lost', async () => {
    // A command takes its transaction id (writing some other row) before it appends; meanwhile
    // another append commits a lower position from a newer transaction. Ordering by transaction
    // id would put position 2 before 1 and a checkpointing reader would lose 1; positions follow
    // the head lock instead, so they follow commit order.
    const early = await begin();
    await early.query('SELECT pg_current_xact_id()');
    await store.appendToStreams([{ streamId: 'c-1', expectedVersion: 'no_stream', events: [event(1)] }]);
    expect(await readFrom(0)).toEqual([1]); // committed under the head: readable at once
    await store.appendInTransaction(early, [
      { streamId: 'c-2', expectedVersion: 'no_stream', events: [event(2)] },
    ]);
    await end(early, 'COMMIT');
    expect(await eventually(() => readFrom(0, 1), [1, 2])).toEqual([1, 2]);
  });
});
