/**
 * A pool client for a longer piece of work. While checked out, a client whose connection dies
 * emits 'error' with nobody listening (which would crash the process); the query in flight
 * reports the failure anyway, so the event is ignored here and the client is destroyed on release.
 */
import type { PoolClient } from 'pg';
import type { Pool } from '@kobo/platform';

export interface CheckedOut {
  client: PoolClient;
  /** `destroy`: the connection may be broken or mid-transaction; do not give it back to the pool. */
  release(destroy?: boolean): void;
}

const ignore = () => undefined;

export async function checkout(pool: Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  client.on('error', ignore);
  return {
    client,
    release(destroy = false) {
      client.removeListener('error', ignore);
      client.release(destroy ? true : undefined);
    },
  };
}
