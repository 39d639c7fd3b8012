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
 * A batch's opening, as one simple-protocol round trip (a Kafka-fed batch's; a live batch's travels
 * with its writes, liveBatchSql): begin, skip the wait for the disk (consumersTransactionSql), take
 * the batch lock, and lock and read the checkpoint. `name` is the consumer's own name, quoted as a
 * literal.
 */
export function openBatchSql(quotedName: string): string {
  return [
    ...transactionStart,
    batchLock(quotedName),
    `SELECT position FROM projection_checkpoints WHERE projector = ${quotedName} FOR UPDATE`,
  ].join('; ');
}

/** Raised by kobo_expect_checkpoint (migration 0030): another writer had moved the checkpoint. */
export const CHECKPOINT_MOVED = 'KB409';

/**
 * A live consumer's batch, to run inside a transaction (consumersTransactionSql): the batch lock,
 * the check that the checkpoint is still at `expected` (under its row lock; otherwise KB409 stops
 * the string before anything is written) and its writes (statements with their values as
 * literals, the checkpoint's move last).
 */
export function liveBatchSql(quotedName: string, expected: number, writes: readonly string[]): string {
  return [
    batchLock(quotedName),
    `SELECT kobo_expect_checkpoint(${quotedName}, ${Number(expected)})`,
    ...writes,
  ].join('; ');
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
