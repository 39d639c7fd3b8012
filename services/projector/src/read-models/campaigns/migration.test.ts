/**
 * Migration 0056 makes the campaigns read model's tables again, empty, and sets its projector back
 * to the start of the log: the projector then rebuilds the same rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PostgresEventStore } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { startProjectors } from '../../runtime/start-projectors';
import { appendGroups, createPostgresEventStore, quietLogger, scenario } from '../../../test/support';
import { campaigns } from './projection';

/** What a database that has not run the migration runs. */
const up = readFileSync(join(__dirname, 'migrations', '0056_campaigns-read-model.sql'), 'utf8').split(
  '-- Down Migration',
)[0]!;

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

async function project(head: number): Promise<void> {
  const live = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    projections: [campaigns],
    pollIntervalMs: 50,
  });
  try {
    await live.waitFor(head, [campaigns.name], 30_000);
  } finally {
    await live.stop();
  }
}

async function rows(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of campaigns.tables)
    out[table.name] = (
      await db.pool.query(`SELECT * FROM ${table.name} ORDER BY ${table.key.join(', ')}`)
    ).rows;
  return out;
}

it('empties the tables, starts the projector again from the log, and the rows come back the same', async () => {
  const head = await appendGroups(store, scenario(1500, 3));
  await project(head);
  const before = await rows();
  expect(before.campaigns!.length).toBeGreaterThan(0);
  expect(before.campaign_payouts!.length).toBeGreaterThan(0);
  await db.pool.query(
    `INSERT INTO projection_failures (projector, global_position, event_id, event_type, error)
     VALUES ('campaigns', 1, 'e1', 'CampaignCreated', 'boom'), ('balances', 1, 'e1', 'CampaignCreated', 'boom')`,
  );
  await db.pool.query(
    `INSERT INTO kafka_consumer_offsets (consumer, topic, partition, next_offset, position)
     VALUES ('campaigns', 'kobo.ledger', 0, 9, 9), ('balances', 'kobo.ledger', 0, 9, 9)`,
  );

  await db.pool.query(up);

  expect(await rows()).toEqual({ campaigns: [], campaign_payouts: [] });
  const state = await db.pool.query(
    `SELECT (SELECT position FROM projection_checkpoints WHERE projector = 'campaigns') AS position,
            (SELECT array_agg(projector ORDER BY projector) FROM projection_failures WHERE resolved_at IS NULL) AS open,
            (SELECT array_agg(consumer ORDER BY consumer) FROM kafka_consumer_offsets) AS offsets`,
  );
  expect(state.rows[0]).toEqual({ position: 0, open: ['balances'], offsets: ['balances'] });

  await project(head);
  expect(await rows()).toEqual(before);
});
