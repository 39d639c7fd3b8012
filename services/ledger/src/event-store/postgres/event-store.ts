/**
 * The PostgreSQL event store (docs/event-store.md). Appends go through kobo_append_events under
 * the chain head lock, grouped per process; reads of the global log are gap-safe.
 */
import type pg from 'pg';
import type { AppendResult, EventStore, StreamAppend, Subscription } from '../port';
import { settle, toAppendRequest, type AppendOutcome } from './append-requests';
import { APPEND_SQL, GroupCommit } from './group-commit';
import { CommitListener, EVENTS_CHANNEL } from './commit-listener';
import { EVENT_COLUMNS, queryTypes, toRecordedEvent, type EventRow } from './rows';
import { startSubscription } from './subscription';

export interface PostgresEventStoreOptions {
  /** Most append requests committed together (default 256). */
  maxBatchSize?: number;
  /** Subscriptions poll this often even without notifications (default 1000 ms). */
  pollIntervalMs?: number;
}

export interface PostgresEventStore extends EventStore {
  /**
   * Appends inside the caller's open transaction (for rows that must commit with the events).
   * It takes the chain head lock, so every other append waits until that transaction ends: keep
   * it short. Throws the port's errors; the caller decides whether to roll back.
   */
  appendInTransaction(client: pg.ClientBase, appends: StreamAppend[]): Promise<AppendResult>;
}

/**
 * Gap-safe reading: rows of a transaction newer than the oldest one still running (transaction_id
 * >= the snapshot's xmin) are unsettled, since that older transaction may still commit rows at
 * lower positions. Our appends cannot (they hold the chain head lock), but the reader does not
 * rely on it. The readable log is the prefix before the first unsettled row; stopping there rather
 * than skipping it keeps position order, so a checkpoint (a position) never jumps over an event.
 * Evaluated in the same snapshot as the read that uses it.
 */
const UNSETTLED_FROM = `(SELECT min(u.global_position) FROM events u
  WHERE u.transaction_id >= pg_snapshot_xmin(pg_current_snapshot()))`;

const SETTLED_PREFIX = `global_position < coalesce(${UNSETTLED_FROM}, 9223372036854775807)`;

const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE global_position > $1 AND ${SETTLED_PREFIX}
  ORDER BY global_position LIMIT $2`;

const HEAD_SQL = `SELECT coalesce(max(global_position), 0) AS head FROM events WHERE ${SETTLED_PREFIX}`;

const READ_STREAM_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`;

export function createPostgresEventStore(
  pool: pg.Pool,
  options: PostgresEventStoreOptions = {},
): PostgresEventStore {
  const groupCommit = new GroupCommit(pool, options.maxBatchSize ?? 256);
  const listener = new CommitListener(pool, EVENTS_CHANNEL);
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('the event store is closed');
  };

  const readAll = async ({ after, limit }: { after: number; limit: number }) => {
    const { rows } = await pool.query<EventRow>({
      text: READ_ALL_SQL,
      values: [after, limit],
      types: queryTypes,
    });
    return rows.map(toRecordedEvent);
  };

  return {
    async appendToStreams(appends) {
      assertOpen();
      return groupCommit.append(toAppendRequest(appends));
    },

    async appendInTransaction(client, appends) {
      const request = toAppendRequest(appends);
      const { rows } = await client.query<{ outcomes: AppendOutcome[] }>(APPEND_SQL, [
        JSON.stringify([request.json]),
      ]);
      return settle(rows[0]!.outcomes[0]!);
    },

    async readStream(streamId, { fromVersion = 1, maxCount = 2 ** 31 - 1 } = {}) {
      const { rows } = await pool.query<EventRow>({
        text: READ_STREAM_SQL,
        values: [streamId, fromVersion, maxCount],
        types: queryTypes,
      });
      return rows.map(toRecordedEvent);
    },

    readAll,

    async headPosition() {
      const { rows } = await pool.query<{ head: number }>({ text: HEAD_SQL, types: queryTypes });
      return Number(rows[0]!.head);
    },

    subscribe(after, handle, subscribeOptions = {}) {
      assertOpen();
      const subscription = startSubscription(
        { readAll, onCommit: (wake) => listener.add(wake) },
        after,
        handle,
        {
          batchSize: subscribeOptions.batchSize ?? 500,
          pollIntervalMs: options.pollIntervalMs ?? 1000,
          onError: subscribeOptions.onError,
        },
      );
      const tracked: Subscription = {
        async close() {
          subscriptions.delete(tracked);
          await subscription.close();
        },
      };
      subscriptions.add(tracked);
      return tracked;
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await groupCommit.idle();
      await listener.close();
    },
  };
}
