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

export interface CreatePoolOptions {
  /**
   * Keep every connection once opened (a server's pool): by default an idle one is closed after
   * 10 s, and the next burst of requests pays for new sessions (a backend started, its caches
   * filled, every named statement prepared again) while it queues for them.
   */
  keepOpen?: boolean;
}

export function createPool(connectionString: string, max = 10, options: CreatePoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(options.keepOpen ? { min: max } : {}),
    Client: ListenedClient as new () => pg.ClientBase,
  });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', () => undefined);
  return pool;
}

const warmed = new WeakMap<pg.Pool, Promise<void>>();

/**
 * Opens every connection the pool may have (its `max`), each with one statement run, so the first
 * requests after a start do not queue behind new sessions being opened. Once per pool; a failed
 * attempt is tried again on the next call. Holds the connections together only while opening them.
 */
export function warmPool(pool: pg.Pool): Promise<void> {
  let warming = warmed.get(pool);
  if (!warming) {
    warming = (async () => {
      // The connections in use are open already: the others are taken together, so each idle one
      // is run once and the pool opens new ones up to its size.
      const wanted = (pool.options.max ?? 10) - (pool.totalCount - pool.idleCount);
      const opened = await Promise.allSettled(
        Array.from({ length: wanted }, async () => {
          const client = await pool.connect();
          try {
            await client.query('SELECT 1');
          } catch (error) {
            client.release(error as Error); // closed, not kept
            throw error;
          }
          return client;
        }),
      );
      for (const each of opened) if (each.status === 'fulfilled') each.value.release();
      const failed = opened.find((each) => each.status === 'rejected');
      if (failed) throw failed.reason;
    })();
    warming.catch(() => warmed.delete(pool));
    warmed.set(pool, warming);
  }
  return warming;
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
