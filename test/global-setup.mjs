// Jest global setup: find PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432, else an embedded one),
// then build a migrated template database that each test file clones (CREATE DATABASE ... TEMPLATE).
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@kobo/platform/embedded-postgres';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export default async function globalSetup() {
  let adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await reachable(adminUrl))) {
    console.log(`\n[tests] PostgreSQL not reachable at ${adminUrl}; starting an embedded one`);
    const embedded = await startEmbeddedPostgres({ dataDir: join(root, '.data', 'test-pg'), port: 25430 });
    globalThis.__KOBO_EMBEDDED_PG__ = embedded;
    adminUrl = embedded.url;
  }
  const template = `kobo_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, template);
  await runner({
    databaseUrl: templateUrl,
    // Every package's and read model's migrations in one order by number, as
    // services/platform/src/migrate.ts runs them.
    dir: [
      join(root, 'services', '*', 'migrations', '*.sql'),
      join(root, 'services', '*', 'src', 'read-models', '*', 'migrations', '*.sql'),
    ],
    useGlob: true,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    count: Infinity,
    singleTransaction: true,
    log: () => undefined,
  });
  process.env.KOBO_TEST_ADMIN_URL = adminUrl;
  process.env.KOBO_TEST_TEMPLATE = template;
}

export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
