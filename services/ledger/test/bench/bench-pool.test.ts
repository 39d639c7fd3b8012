/** A benchmark whose database connection is ended from outside stops with a clear message, not a crash. */
import { createTestDatabase, eventually, type TestDatabase } from '@kobo/platform/testing';
import pg from 'pg';
import { benchPool } from '../../bench/bench-pool';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

it('says the connection was ended from outside (57P01) when an idle client is terminated', async () => {
  const lost: string[] = [];
  const pool = benchPool(db.url, 1, (message) => lost.push(message));
  try {
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    } finally {
      await admin.end();
    }
    const message = await eventually('the lost connection to be reported', async () => lost[0]);
    expect(message).toContain('ended from outside (57P01');
    expect(message).toContain('the benchmark stops here');
  } finally {
    await pool.end();
  }
});
