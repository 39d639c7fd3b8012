/**
 * Sends the live consumers' batches to PostgreSQL, each a whole transaction in one string
 * (liveBatchSql). The batches sent in one turn of the event loop (the consumers woken on the same
 * tick) go together, one string and one round trip for them all: each round trip costs this
 * process a write to the socket and a wake-up of a PostgreSQL backend, and at a steady load the
 * consumers' batches were most of those writes (performance.md). Each transaction in the string
 * still commits on its own.
 *
 * A string stops at its first error: the transactions before it have committed, the one it failed
 * in is rolled back and the ones after it never ran. Each batch is then sent again alone
 * (`sameTurn`), so only the failing one fails: one that had committed finds its checkpoint moved
 * (KB409, kobo_expect_checkpoint) and its consumer reads the checkpoint again, nothing applied twice.
 */
import type { PoolClient } from 'pg';
import { sameTurn, type Pool } from '@kobo/platform';
import { checkout } from './checkout';

/**
 * A batch longer than this goes alone: a consumer catching up writes thousands of events in a
 * batch, and several of those in one string would run one after another on one backend.
 */
const JOINED_UP_TO = 64 * 1024;

export type Limited = <T>(task: () => Promise<T>) => Promise<T>;

export type SendBatch = (
  sql: string,
  /** Test seam: the string ends before COMMIT; this runs in the transaction, then it commits. */
  beforeCommit?: (client: PoolClient) => Promise<void>,
) => Promise<void>;

/** `limited`: the consumers' share of the pool; a joined string takes one connection. */
export function batchSender(pool: Pool, limited: Limited): SendBatch {
  const run = (strings: string[], beforeCommit?: (client: PoolClient) => Promise<void>) =>
    limited(async () => {
      const { client, release } = await checkout(pool);
      let sound = true;
      try {
        await client.query(strings.join('; '));
        if (beforeCommit) {
          await beforeCommit(client);
          await client.query('COMMIT');
        }
        return strings.map(() => undefined);
      } catch (error) {
        // A connection that cannot even roll back may be lost: it does not go back to the pool.
        await client.query('ROLLBACK').catch(() => (sound = false));
        throw error;
      } finally {
        release(!sound);
      }
    });
  const joined = sameTurn<string, undefined>((strings) => run(strings));
  return async (sql, beforeCommit) => {
    if (beforeCommit || sql.length > JOINED_UP_TO) await run([sql], beforeCommit);
    else await joined(sql);
  };
}
