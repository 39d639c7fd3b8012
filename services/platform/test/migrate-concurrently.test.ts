/**
 * Processes started together (the roles of decisions/0026) all migrate at start: on an empty
 * database the first applies every migration and the others wait for its lock and find nothing
 * left to do, instead of failing.
 */
import { execFile } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { promisify } from 'node:util';
import { migrationFilePaths } from '../src/migrate';
import { createTestDatabase, type TestDatabase } from '../src/testing';

jest.setTimeout(120_000);

const migrateTs = resolve(__dirname, '../src/migrate.ts');

/** A process that migrates `url`, as the start command does (node-pg-migrate is ESM: not in Jest's VM). */
const migrateInAProcess = (url: string) =>
  promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      '--eval',
      `import(${JSON.stringify(migrateTs)}).then((m) => (m.migrate ?? m.default.migrate)(process.env.URL))`,
    ],
    { env: { ...process.env, URL: url } },
  );

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(2);
  // Empty it: the test databases are cloned from a migrated template.
  await db.pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
});
afterAll(() => db.drop());

it('three processes migrating one empty database at once: each succeeds, every migration runs once', async () => {
  const results = await Promise.allSettled([1, 2, 3].map(() => migrateInAProcess(db.url)));
  expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
    'ok',
    'ok',
    'ok',
  ]);
  const files = migrationFilePaths().map((path) => basename(path));
  const { rows } = await db.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  expect(rows.map((row) => `${row.name}.sql`)).toEqual(files.sort());
});
