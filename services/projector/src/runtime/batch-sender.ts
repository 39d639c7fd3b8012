/**
 * Sends the live consumers' batches to PostgreSQL (liveBatchSql), in one transaction and one
 * string (consumersTransactionSql). The batches sent in one turn of the event loop (the consumers
 * woken on the same tick) go together: one round trip and one commit for them all. Each round
 * trip costs this process a write to the socket and a wake-up of a PostgreSQL backend, and each
 * commit a commit record, a wake-up of the WAL writer and a signal to every backend listening in
 * the database (the checkpoints' NOTIFY); at a steady load the consumers' batches were most of
 * both (measured with `npm run bench:api` and pg_stat_statements).
 *
 * When the transaction fails, none of its batches is kept, and each is sent again alone
 * (`sameTurn`), so only the failing one fails: the others commit on their own, and one whose
 * checkpoint another writer moved meanwhile finds it moved (KB409, kobo_expect_checkpoint) and its
 * consumer reads the checkpoint again.
 *
 * A joined transaction takes its batches' locks in the order of the consumers' names, as a
 * rebuild's swap takes those of the projections it rebuilds: two holders of several batch locks
 * never wait for each other in a circle.
 */
import type { PoolClient } from 'pg';
import { sameTurn, type Pool } from '@kobo/platform';
import { checkout } from './checkout';
import { consumersTransactionSql } from './sql';

/**
 * A batch longer than this goes alone: a consumer catching up writes thousands of events in a
 * batch, and several of those in one string would run one after another on one backend.
 */
const JOINED_UP_TO = 64 * 1024;

export type Limited = <T>(task: () => Promise<T>) => Promise<T>;

export interface Batch {
  consumer: string;
  /** The batch's statements (liveBatchSql), without its transaction's start and end. */
  sql: string;
}

export type SendBatch = (
  batch: Batch,
  /** Test seam: the batch goes alone, and this runs in its transaction before it commits. */
  beforeCommit?: (client: PoolClient) => Promise<void>,
) => Promise<void>;

/** `limited`: the consumers' share of the pool; a joined transaction takes one connection. */
export function batchSender(pool: Pool, limited: Limited): SendBatch {
  const run = (batches: Batch[], beforeCommit?: (client: PoolClient) => Promise<void>) =>
    limited(async () => {
      const { client, release } = await checkout(pool);
      let sound = true;
      try {
        const inLockOrder = [...batches].sort(byConsumerName).map((batch) => batch.sql);
        await client.query(consumersTransactionSql(inLockOrder, !beforeCommit));
        if (beforeCommit) {
          await beforeCommit(client);
          await client.query('COMMIT');
        }
        return batches.map(() => undefined);
      } catch (error) {
        // A connection that cannot even roll back may be lost: it does not go back to the pool.
        await client.query('ROLLBACK').catch(() => (sound = false));
        throw error;
      } finally {
        release(!sound);
      }
    });
  const joined = sameTurn<Batch, undefined>((batches) => run(batches));
  return async (batch, beforeCommit) => {
    if (beforeCommit || batch.sql.length > JOINED_UP_TO) await run([batch], beforeCommit);
    else await joined(batch);
  };
}

/** The order of `Array.prototype.sort` on strings, which the rebuild's swap uses for its locks. */
function byConsumerName(a: Batch, b: Batch): number {
  return a.consumer < b.consumer ? -1 : a.consumer > b.consumer ? 1 : 0;
}
