/**
 * A read model's migration in its folder (docs/decisions/0049-one-folder-per-read-model.md) drops
 * its tables and makes them again, sets its projector back to position 0, resolves its open
 * failures and forgets where it stood in Kafka: on their next start the projectors rebuild the
 * same rows from the log.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PostgresEventStore } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { projections } from '../src/read-models';
import { startProjectors } from '../src/runtime/start-projectors';
import { appendGroups, createPostgresEventStore, quietLogger, scenario } from './support';

const readModels = join(__dirname, '..', 'src', 'read-models');

/** Every read model's migration, as [file name, its Up part]. */
function readModelMigrations(): [string, string][] {
  return readdirSync(readModels, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = join(readModels, entry.name, 'migrations');
      let files: string[];
      try {
        files = readdirSync(folder).filter((file) => file.endsWith('.sql'));
      } catch {
        return [];
      }
      return files.map((file): [string, string] => {
        const text = readFileSync(join(folder, file), 'utf8');
        return [file, text.slice(0, text.indexOf('-- Down Migration'))];
      });
    })
    .sort(([a], [b]) => a.localeCompare(b));
}

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

async function project(head: number) {
  const projectors = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    pollIntervalMs: 100,
  });
  try {
    await projectors.waitFor(
      head,
      projections.map((p) => p.name),
      30_000,
    );
  } finally {
    await projectors.stop();
  }
}

it('a read model migrated again is rebuilt from the log, row for row', async () => {
  const migrations = readModelMigrations();
  expect(migrations.map(([file]) => file)).toEqual(
    expect.arrayContaining([
      '0052_users-read-model.sql',
      '0053_user-stats-read-model.sql',
      '0054_balances-read-model.sql',
      '0055_transactions-read-model.sql',
    ]),
  );
  const head = await appendGroups(store, scenario(1500, 5));
  await project(head);
  const before = await dump();
  expect(before.users!.length).toBeGreaterThan(10);
  expect(before.transactions!.length).toBeGreaterThan(10);

  // A projector stopped at a poison event, and one that stood somewhere in Kafka's partitions.
  await db.pool.query(
    `INSERT INTO projection_failures (projector, global_position, event_id, event_type, error)
     VALUES ('users', 1, 'e1', 'UserRegistered', 'boom')`,
  );
  await db.pool.query(
    `INSERT INTO kafka_consumer_offsets (consumer, topic, partition, next_offset, position)
     VALUES ('balances', 'kobo.ledger', 0, 10, ${head})`,
  );
  for (const [, up] of migrations) await db.pool.query(up);

  const { rows: emptied } = await db.pool.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM transactions)::int AS n',
  );
  expect(Number(emptied[0]!.n)).toBe(0);
  const { rows: checkpoints } = await db.pool.query<{ projector: string; position: string }>(
    `SELECT projector, position FROM projection_checkpoints
      WHERE projector IN ('users', 'user_stats', 'balances', 'transactions') ORDER BY projector`,
  );
  expect(checkpoints.map((row) => [row.projector, Number(row.position)])).toEqual([
    ['balances', 0],
    ['transactions', 0],
    ['user_stats', 0],
    ['users', 0],
  ]);
  const { rowCount: open } = await db.pool.query(
    "SELECT 1 FROM projection_failures WHERE projector = 'users' AND resolved_at IS NULL",
  );
  expect(open).toBe(0);
  const { rowCount: offsets } = await db.pool.query(
    "SELECT 1 FROM kafka_consumer_offsets WHERE consumer = 'balances'",
  );
  expect(offsets).toBe(0);

  await project(head);
  expect(await dump()).toEqual(before);
});
