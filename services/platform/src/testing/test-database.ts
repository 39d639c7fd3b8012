/**
 * Each test file gets its own database, cloned from the migrated template that Jest's global
 * setup builds, so tests that read the whole log or sum all accounts see only their own events.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, type Pool } from '../database';
import { withDatabase } from './scratch-database';

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

export async function createTestDatabase(poolSize = 10): Promise<TestDatabase> {
  const adminUrl = process.env.KOBO_TEST_ADMIN_URL;
  const template = process.env.KOBO_TEST_TEMPLATE;
  if (!adminUrl || !template)
    throw new Error('test database not prepared: run the tests through jest (npm test)');
  const name = `kobo_t_${template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const pool = createPool(url, poolSize);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
