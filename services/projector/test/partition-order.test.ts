/**
 * What consuming from Kafka's partitions needs of the projections (decision 0028): a stream's events
 * stay in order, but streams in different partitions are applied in any order relative to one
 * another. The same history applied in log order and partition by partition (the last partition
 * first, the adversarial order) must give the same rows in every table.
 */
import { Partitioners } from 'kafkajs';
import type { RecordedEvent } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { projections } from '../src/read-models';
import { flushChanges } from '../src/batch/flush';
import { projectionConsumer } from '../src/runtime/projection-consumer';
import { appendGroups, createPostgresEventStore, scenario } from './support';

const PARTITIONS = 6;
const databases: TestDatabase[] = [];

afterEach(async () => {
  await Promise.all(databases.splice(0).map((db) => db.drop()));
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

/** Applies the events, in the order given, to every projection's tables of `db`. */
async function project(db: TestDatabase, events: readonly RecordedEvent[]) {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    for (const projection of projections)
      await flushChanges(client, projectionConsumer(projection).changes(events));
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** Every table's rows in key order, as text. */
async function tables(db: TestDatabase): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const projection of projections)
    for (const table of projection.tables) {
      const order = table.key.map((column) => `"${column}"`).join(', ');
      const { rows } = await db.pool.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM "${table.name}" t ORDER BY ${order}`,
      );
      result[table.name] = rows.map((row) => row.row);
    }
  return result;
}

it('gives the same rows whether streams are applied in log order or partition by partition', async () => {
  const source = await database();
  const store = createPostgresEventStore(source.pool);
  await appendGroups(store, scenario(3000, 23));
  const log = await store.readAll({ after: 0, limit: 100_000 });
  await store.close();

  const partitionOf = Partitioners.DefaultPartitioner();
  const partitionMetadata = Array.from({ length: PARTITIONS }, (_, partitionId) => ({
    partitionId,
    leader: 0,
    partitionErrorCode: 0,
    replicas: [0],
    isr: [0],
  }));
  const byPartition = Array.from({ length: PARTITIONS }, () => [] as RecordedEvent[]);
  for (const event of log)
    byPartition[
      partitionOf({ topic: 'ledger', partitionMetadata, message: { key: event.streamId, value: null } })
    ]!.push(event);
  const partitionOrder = byPartition.reverse().flat();
  // The history does cross partitions (a reward on a user's stream for a campaign elsewhere).
  expect(byPartition.filter((events) => events.length).length).toBe(PARTITIONS);

  const inLogOrder = await database();
  const inPartitionOrder = await database();
  await project(inLogOrder, log);
  await project(inPartitionOrder, partitionOrder);
  const expected = await tables(inLogOrder);
  expect(
    Object.entries(expected)
      .filter(([, rows]) => rows.length === 0)
      .map(([table]) => table),
  ).toEqual([]);
  expect(await tables(inPartitionOrder)).toEqual(expected);
});
