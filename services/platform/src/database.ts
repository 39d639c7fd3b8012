import { createHash } from 'node:crypto';
import pg from 'pg';

// int8 (bigint) columns hold positions, versions and kobo amounts that fit in 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/**
 * A pg client that always has an 'error' listener. pg-pool listens to a client only while it is
 * idle, so a server that ends our sessions (57P01, a restart, a failover) while a client is checked
 * out threw an unhandled 'error' event and killed the process. The query in flight still fails
 * with the error, and its owner releases the client broken. Pools take it as their `Client`
 * (ours, and BullMQ's, which builds its own pool from our options).
 */
export class ListenedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, Client: ListenedClient as new () => pg.ClientBase });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * A statement of the hot path, named: each connection parses and plans it once (pg prepares it on
 * first use) instead of on every call. On this machine that saved a fifth of PostgreSQL's CPU per
 * simple statement, and parsing and planning were a fifth of its CPU under the withdrawal load.
 * Only for fixed text over tables that are never swapped (not the read models, which a rebuild
 * swaps). Use: `pool.query({ ...STATEMENT, values })`.
 */
export function prepared(text: string): { name: string; text: string } {
  return { name: `kobo_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text };
}

/** Runs `work` in a transaction on one client; rolls back on any error. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
