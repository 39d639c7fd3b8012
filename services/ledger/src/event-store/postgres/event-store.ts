/**
 * The PostgreSQL event store (docs/event-store.md). Appends go through kobo_append_events under
 * the chain head lock, grouped per process; reads of the global log are gap-safe.
 */
import type pg from 'pg';
import { prepared, sameTurn } from '@kobo/platform';
import type {
  AppendCommand,
  AppendResult,
  EventStore,
  ReadAllOptions,
  ReadLogOptions,
  RecordedEvent,
  StreamAppend,
} from '../port';
import { settle, toAppendRequest, type AppendOutcome } from './append-requests';
import { APPEND, GroupCommit } from './group-commit';
import { CommitListener, EVENTS_CHANNEL } from './commit-listener';
import { EVENT_COLUMNS, queryTypes, toRecordedEvent, type EventRow } from './rows';
import { OpenSubscriptions } from '../subscription';

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
  appendInTransaction(
    client: pg.ClientBase,
    appends: StreamAppend[],
    command?: AppendCommand,
  ): Promise<AppendResult>;
}

/**
 * Gap-safe reading: the readable log is everything up to the committed chain head. Only the
 * append function writes events, under the chain-head row lock held until commit, and it takes
 * positions from that head one after another and moves the head in the same transaction. So when
 * a statement's snapshot sees the head at N, every position up to N is committed and visible, and
 * anything later is not yet: no reader can skip an event that commits late.
 *
 * Unlike a bound from the oldest running transaction (pg_snapshot_xmin, which spans every
 * database on the server), this bound is not held back by unrelated long transactions.
 */
const COMMITTED_HEAD = `(SELECT last_position FROM event_chain_head)`;

const READ_ALL = prepared(`SELECT ${EVENT_COLUMNS} FROM events
  WHERE global_position > $1 AND global_position <= ${COMMITTED_HEAD}
  ORDER BY global_position LIMIT $2`);

const HEAD = prepared(`SELECT ${COMMITTED_HEAD} AS head`);

const READ_COMMAND = prepared(`SELECT command_id, command_type, streams, last_position, event_ids
  FROM commands WHERE command_id = $1`);

const FORGET_COMMANDS_SQL = `DELETE FROM commands
  WHERE starts_with(command_id, $1) AND recorded_at < now() - $2::double precision * interval '1 millisecond'`;

const READ_EVENTS = prepared(
  `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY global_position`,
);

const READ_SNAPSHOT = prepared(
  'SELECT version, last_position, state FROM stream_snapshots WHERE stream_id = $1 AND kind = $2',
);

const READ_STREAM = prepared(`SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A filtered range of the log, up to the committed head. Through the primary key (global_position)
 * walked either way; a stream filter through UNIQUE (stream_id, stream_version); the other
 * conditions are checked on the rows of the walk.
 */
function readLogQuery({ direction, from, limit, filter = {} }: ReadLogOptions) {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const clauses = [`global_position <= ${COMMITTED_HEAD}`];
  if (direction === 'forwards') clauses.push(`global_position > ${param(from ?? 0)}`);
  else if (from !== undefined) clauses.push(`global_position < ${param(from)}`);
  if (filter.streams !== undefined) clauses.push(`stream_id = ANY(${param(filter.streams)}::text[])`);
  if (filter.types !== undefined) clauses.push(`type = ANY(${param(filter.types)}::text[])`);
  if (filter.recordedFrom !== undefined) clauses.push(`recorded_at >= ${param(filter.recordedFrom)}`);
  if (filter.recordedBefore !== undefined) clauses.push(`recorded_at < ${param(filter.recordedBefore)}`);
  if (filter.withPostings)
    clauses.push(`jsonb_typeof(data->'postings') = 'array' AND data->'postings' <> '[]'::jsonb`);
  const order = direction === 'forwards' ? 'ASC' : 'DESC';
  return {
    text: `SELECT ${EVENT_COLUMNS} FROM events WHERE ${clauses.join(' AND ')}
      ORDER BY global_position ${order} LIMIT ${param(limit)}`,
    values,
  };
}

export function createPostgresEventStore(
  pool: pg.Pool,
  options: PostgresEventStoreOptions = {},
): PostgresEventStore {
  const groupCommit = new GroupCommit(pool, options.maxBatchSize ?? 256);
  const listener = new CommitListener(pool, EVENTS_CHANNEL);
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('the event store is closed');
  };

  // Reads asked for in one turn of the event loop share one query where their ranges overlap: the
  // consumers one commit (or one pacing tick) wakes ask together, most at or near the head. The
  // query is sent after all of them asked, so none sees less than its own query would have.
  // Positions have no gaps (see COMMITTED_HEAD), so a range of positions is a count of events.
  const readAll = sameTurn(async (asks: ReadAllOptions[]) => {
    const answers: RecordedEvent[][] = new Array<RecordedEvent[]>(asks.length);
    // Clusters apart are read side by side: the asks at the head do not wait for a long read behind.
    await Promise.all(
      overlapping(asks).map(async (cluster) => {
        const { rows } = await pool.query<EventRow>({
          ...READ_ALL,
          values: [cluster.from, cluster.to - cluster.from],
          types: queryTypes,
        });
        const events = rows.map(toRecordedEvent);
        for (const index of cluster.members) {
          const { after, limit } = asks[index]!;
          const first = events.findIndex((event) => event.globalPosition > after);
          answers[index] = first < 0 ? [] : events.slice(first, first + limit);
        }
      }),
    );
    return answers;
  });

  const subscriptions = new OpenSubscriptions(
    { readAll, onCommit: (wake) => listener.add(wake) },
    options.pollIntervalMs ?? 1000,
  );

  return {
    claimsKeysInAppend: true,

    // Events are kept as given: nothing to open.
    openStored: async (events) => [...events],

    async appendToStreams(appends, command) {
      assertOpen();
      return groupCommit.append(toAppendRequest(appends, command));
    },

    async appendInTransaction(client, appends, command) {
      const request = toAppendRequest(appends, command);
      const { rows } = await client.query<{ outcomes: AppendOutcome[] }>({
        ...APPEND,
        values: [JSON.stringify([request.json])],
      });
      return settle(rows[0]!.outcomes[0]!);
    },

    async readCommand(commandId) {
      const { rows } = await pool.query<{
        command_id: string;
        command_type: string;
        streams: { streamId: string; version: number }[];
        last_position: string;
        event_ids: string[];
      }>({ ...READ_COMMAND, values: [commandId] });
      const row = rows[0];
      if (!row) return undefined;
      const events = await pool.query<EventRow>({
        ...READ_EVENTS,
        values: [row.event_ids],
        types: queryTypes,
      });
      return {
        id: row.command_id,
        type: row.command_type,
        streams: row.streams,
        lastPosition: Number(row.last_position),
        events: events.rows.map(toRecordedEvent),
      };
    },

    async forgetCommands({ idPrefix, olderThanMs }) {
      const { rowCount } = await pool.query(FORGET_COMMANDS_SQL, [idPrefix, olderThanMs]);
      return rowCount ?? 0;
    },

    async readStream(streamId, { fromVersion = 1, maxCount = 2 ** 31 - 1 } = {}) {
      const { rows } = await pool.query<EventRow>({
        ...READ_STREAM,
        values: [streamId, fromVersion, maxCount],
        types: queryTypes,
      });
      return rows.map(toRecordedEvent);
    },

    async readSnapshot(streamId, kind) {
      const { rows } = await pool.query<{ version: number; last_position: number; state: unknown }>({
        ...READ_SNAPSHOT,
        values: [streamId, kind],
      });
      const row = rows[0];
      return row
        ? { version: Number(row.version), lastPosition: Number(row.last_position), state: row.state }
        : undefined;
    },

    async writeSnapshot(streamId, kind, { version, lastPosition, state }) {
      await pool.query(
        `INSERT INTO stream_snapshots (stream_id, kind, version, last_position, state)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (stream_id, kind) DO UPDATE
           SET version = EXCLUDED.version, last_position = EXCLUDED.last_position, state = EXCLUDED.state,
               saved_at = now()
           WHERE stream_snapshots.version < EXCLUDED.version`,
        [streamId, kind, version, lastPosition, JSON.stringify(state)],
      );
    },

    readAll,

    async headPosition() {
      const { rows } = await pool.query<{ head: number }>({ ...HEAD, types: queryTypes });
      return Number(rows[0]!.head);
    },

    async readLog(options) {
      if (options.limit <= 0) return [];
      const { rows } = await pool.query<EventRow>({ ...readLogQuery(options), types: queryTypes });
      return rows.map(toRecordedEvent);
    },

    async readEvents(eventIds) {
      // Event ids are UUIDs: any other text names no event (and never reaches SQL as a cast error).
      const ids = eventIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return [];
      const { rows } = await pool.query<EventRow>({ ...READ_EVENTS, values: [ids], types: queryTypes });
      return rows.map(toRecordedEvent);
    },

    subscribe(after, handle, subscribeOptions = {}) {
      assertOpen();
      return subscriptions.start(after, handle, subscribeOptions);
    },

    async close() {
      closed = true;
      await subscriptions.closeAll();
      await groupCommit.idle();
      await listener.close();
    },
  };
}

/**
 * The asks of one turn in groups whose ranges (after, after + limit] overlap, each read with one
 * query of the union: far-apart asks (one consumer catching up, the rest at the head) read apart.
 */
function overlapping(asks: readonly ReadAllOptions[]): { from: number; to: number; members: number[] }[] {
  const order = asks.map((_, index) => index).sort((a, b) => asks[a]!.after - asks[b]!.after);
  const clusters: { from: number; to: number; members: number[] }[] = [];
  for (const index of order) {
    const { after, limit } = asks[index]!;
    const last = clusters[clusters.length - 1];
    if (last && after <= last.to) {
      last.to = Math.max(last.to, after + limit);
      last.members.push(index);
    } else clusters.push({ from: after, to: after + limit, members: [index] });
  }
  return clusters;
}
