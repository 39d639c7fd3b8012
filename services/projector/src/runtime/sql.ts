/** Names the consumer runtime shares across processes: lock keys and notification channels. */

/** NOTIFY channel of the PostgreSQL event store (payload: the last appended position). */
export { EVENTS_CHANNEL } from '@kobo/ledger';
/** NOTIFY channel for committed batches of every consumer (payload: "<consumer>:<position>"). */
export const CHECKPOINT_CHANNEL = 'kobo_projection_checkpoints';

/** Advisory-lock classes (first int4 key); the second key is hashtext(consumer name). */
export const LEADER_LOCK_CLASS = 741_001;
const BATCH_LOCK_CLASS = 741_002;
const REBUILD_LOCK_CLASS = 741_003;

/** Session lock held by the one live instance of a consumer across processes. */
export const TRY_LEADER_LOCK = `SELECT pg_try_advisory_lock(${LEADER_LOCK_CLASS}, hashtext($1)) AS acquired`;
/**
 * Transaction lock taken by every batch and by a rebuild's swap: a swap never interleaves with a
 * live batch, and two writers of one consumer are serialized even if leadership were lost.
 */
export const BATCH_LOCK = batchLock('$1');

/**
 * Raised when another writer had moved where a consumer stands since its batch was read: by
 * kobo_expect_checkpoint (migration 0030) on the log, by the Kafka feed's check of its stored offset.
 */
export const CHECKPOINT_MOVED = 'KB409';

/**
 * A live consumer's batch, to run inside a transaction (consumersTransactionSql): the batch lock,
 * then its statements with their values as literals: its feed's check that the consumer still
 * stands where the batch was read from (under the row's lock; otherwise KB409 stops the string
 * before anything is written), its writes, and its feed's move of where it stands, the checkpoint last.
 */
export function liveBatchSql(quotedName: string, statements: readonly string[]): string {
  return [batchLock(quotedName), ...statements].join('; ');
}

/**
 * One transaction for the live batches sent together, as one simple-protocol string: begin, skip
 * the wait for the disk (read models are derived and reactors' batches safe to repeat; a crash
 * loses a batch only together with its checkpoint, and the batch is then handled again), the
 * batches, and COMMIT, unless `commit` is false (a test's hook still runs in the transaction).
 */
export function consumersTransactionSql(batches: readonly string[], commit = true): string {
  return [...transactionStart, ...batches, ...(commit ? ['COMMIT'] : [])].join('; ');
}

const transactionStart = ['BEGIN', 'SET LOCAL synchronous_commit = off'];

/** The batch lock of a consumer named by `name`, an SQL expression (a parameter or a literal). */
function batchLock(name: string): string {
  return `SELECT pg_advisory_xact_lock(${BATCH_LOCK_CLASS}, hashtext(${name}))`;
}

/** Session lock held by a rebuild of a projection: a second rebuild of it would drop its shadow tables. */
export const TRY_REBUILD_LOCK = `SELECT pg_try_advisory_lock(${REBUILD_LOCK_CLASS}, hashtext($1)) AS acquired`;
