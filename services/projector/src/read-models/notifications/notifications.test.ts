/**
 * The notifications read model on a real log: one row per event that concerns a person, the same
 * rows when the log is projected again, and a rebuild that leaves what people have read alone.
 */
import type { PostgresEventStore, RecordedEvent } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { flushChanges } from '../../batch/flush';
import { projectionsNamed } from '..';
import { notificationOf, notifications } from './projection';
import { rebuild } from '../../rebuild/rebuild';
import { projectionConsumer } from '../../runtime/projection-consumer';
import { appendGroups, createPostgresEventStore, scenario } from '../../../test/support';
import { decodeEvent } from '@kobo/ledger';

let db: TestDatabase;
let store: PostgresEventStore;
let log: RecordedEvent[];

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
  await appendGroups(store, scenario(3000, 23));
  log = await store.readAll({ after: 0, limit: 100_000 });
});

afterAll(async () => {
  await store.close();
  await db.drop();
});

async function project(events: readonly RecordedEvent[]) {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await flushChanges(client, projectionConsumer(notifications).changes(events));
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const rows = async () =>
  (
    await db.pool.query<{ notification_id: string; user_id: string; title: string; global_position: number }>(
      'SELECT notification_id, user_id, title, global_position FROM notifications ORDER BY global_position',
    )
  ).rows;

it('writes one row per event that concerns a person, and the same rows when the log is replayed', async () => {
  const expected = log
    .map((event) => ({ event, notification: notificationOf(decodeEvent(event)) }))
    .filter(({ notification }) => notification !== null)
    .map(({ event, notification }) => ({
      notification_id: event.id,
      user_id: notification!.userId,
      title: notification!.title,
      global_position: event.globalPosition,
    }));
  // The generated history has approved and rejected proofs, approved and paid withdrawals (each
  // step's words: projections.test.ts).
  expect([...new Set(expected.map((row) => row.title))]).toEqual(
    expect.arrayContaining([
      'Proof approved',
      'Proof not approved',
      'Withdrawal approved',
      'Withdrawal paid',
    ]),
  );

  await project(log);
  expect(await rows()).toEqual(expected);
  // Replayed whole, and in overlapping halves: still one row per event.
  await project(log);
  await project(log.slice(0, Math.floor(log.length / 2)));
  expect(await rows()).toEqual(expected);
});

it('a rebuild writes the same rows and keeps what people have read', async () => {
  const before = await rows();
  const [first] = before;
  await db.pool.query(
    `INSERT INTO notification_reads (user_id, notification_id, read_at) VALUES ($1, $2, now())`,
    [first!.user_id, first!.notification_id],
  );
  await rebuild({ pool: db.pool, store, projections: projectionsNamed(['notifications']) });
  expect(await rows()).toEqual(before);
  const { rowCount } = await db.pool.query('SELECT 1 FROM notification_reads WHERE notification_id = $1', [
    first!.notification_id,
  ]);
  expect(rowCount).toBe(1);
});
