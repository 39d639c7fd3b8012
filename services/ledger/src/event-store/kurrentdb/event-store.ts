/**
 * The KurrentDB event store (docs/event-store.md, decision 0024): the port on
 * `@kurrent/kurrentdb-client`. Streams map 1:1; an append is one atomic `appendRecords` with a
 * check per stream, the command record and the event-id claims (./append.ts); the global log is
 * `$all` without system streams, positions are `$all` positions (./streams.ts). No hash chain.
 *
 * Never run here: no KurrentDB server can be obtained on the development machines. The contract
 * suite (services/ledger/test/event-store) runs it when KURRENTDB_URL is set.
 */
import {
  BACKWARDS,
  END,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import type { EventStore, ReadLogOptions, RecordedCommand, RecordedEvent, Snapshot } from '../port';
import { matchesLogFilter } from '../log-filter';
import { toAppendRequest } from '../postgres/append-requests';
import { OpenSubscriptions } from '../subscription';
import {
  appendAtomically,
  type AppendContext,
  type CommandRecordData,
  type EventIdClaimData,
} from './append';
import { LiveFeed } from './live-feed';
import { positionOf, SNAPSHOT_SAVED, StreamNames, toRecordedEvent, typesFilter } from './streams';

export interface KurrentDbEventStoreOptions {
  /**
   * Keeps this store's streams apart on a shared server (`<namespace>/<stream>`; its log is those
   * streams only). Unset: the port's streams are the server's streams, its log every non-system one.
   */
  namespace?: string;
  /** Subscriptions poll this often even without live notifications (default 1000 ms). */
  pollIntervalMs?: number;
}

/** A read that ended because the stream has no events yields nothing. */
async function* orNothing<T>(read: AsyncIterable<T>): AsyncIterable<T> {
  try {
    yield* read;
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
}

const at = (position: number | bigint): ReadPosition => ({
  commit: BigInt(position),
  prepare: BigInt(position),
});

const SNAPSHOT_WRITE_ATTEMPTS = 5;

/** A ranged read of the log asks the server for this many events at a time. */
const LOG_PAGE = 200;

/** `url`: a KurrentDB connection string (`kurrentdb://admin:changeit@host:2113?tls=false`). */
export function createKurrentDbEventStore(url: string, options: KurrentDbEventStoreOptions = {}): EventStore {
  const client = KurrentDBClient.connectionString(url);
  const names = new StreamNames(options.namespace);
  const logFilter = names.logFilter();
  const liveFeed = new LiveFeed(client, names);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('the event store is closed');
  };

  /** The first event of the log in `direction` from `from`, or undefined. */
  const firstOfLog = async (
    from: ReadPosition,
    direction: typeof FORWARDS | typeof BACKWARDS,
    skip: (p: number) => boolean,
  ) => {
    for await (const resolved of client.readAll({
      fromPosition: from,
      direction,
      maxCount: 2,
      filter: logFilter,
    })) {
      if (!resolved.event) continue;
      const position = positionOf(resolved.event.position, `event ${resolved.event.id}`);
      if (!skip(position)) return position;
    }
    return undefined;
  };

  const headPosition = async () => (await firstOfLog(END, BACKWARDS, () => false)) ?? 0;

  const lastPositionBefore = async (position: bigint) =>
    (await firstOfLog(at(position), BACKWARDS, (p) => p >= Number(position))) ?? 0;

  /**
   * `$all` after a position, filtered to the port's log. Gap-safe by construction: KurrentDB's log
   * is written by one writer in commit order and readers see a prefix of it, so no event can
   * appear later below a position already read.
   */
  const readAll = async ({ after, limit }: { after: number; limit: number }) => {
    const events: RecordedEvent[] = [];
    // Whether a read from a position includes the event there is not the port's business: skip it.
    const read = client.readAll({
      fromPosition: after === 0 ? START : at(after),
      direction: FORWARDS,
      maxCount: limit + 1,
      filter: logFilter,
    });
    for await (const resolved of read) {
      if (!resolved.event) continue;
      const event = toRecordedEvent(names, resolved.event);
      if (event.globalPosition <= after) continue;
      events.push(event);
      if (events.length === limit) break;
    }
    return events;
  };

  const subscriptions = new OpenSubscriptions(
    { readAll, onCommit: (wake) => liveFeed.add(wake) },
    options.pollIntervalMs ?? 1000,
  );

  const readStream = async (streamId: string, { fromVersion = 1, maxCount = 2 ** 31 - 1 } = {}) => {
    const events: RecordedEvent[] = [];
    const read = client.readStream(names.stream(streamId), {
      fromRevision: BigInt(Math.max(fromVersion, 1) - 1),
      direction: FORWARDS,
      maxCount,
    });
    for await (const resolved of orNothing(read))
      if (resolved.event) events.push(toRecordedEvent(names, resolved.event));
    return events;
  };

  /**
   * A filtered range of `$all`, either way. The server applies the narrowest filter it can (the
   * streams asked for, else the types, else the log's); every condition, and the log's bounds, are
   * checked again here on what comes back, page after page, until `limit` events match or the log
   * ends. Without a stream or type filter, a rare match (recorded long ago, or withPostings on a log
   * of few money events) costs a scan of `$all` back to it.
   */
  const readLog = async ({ direction, from, limit, filter = {} }: ReadLogOptions) => {
    const events: RecordedEvent[] = [];
    if (limit <= 0 || filter.streams?.length === 0 || filter.types?.length === 0) return events;
    const forwards = direction === 'forwards';
    const serverFilter =
      filter.streams !== undefined
        ? names.streamsFilter(filter.streams)
        : filter.types !== undefined
          ? typesFilter(filter.types)
          : logFilter;
    // Exclusive: whether a read from a position includes the event there is not the port's business.
    let bound = forwards ? (from ?? 0) : from;
    let fromPosition: ReadPosition =
      bound === undefined ? (forwards ? START : END) : bound === 0 && forwards ? START : at(bound);
    for (;;) {
      let read = 0;
      for await (const resolved of client.readAll({
        fromPosition,
        direction: forwards ? FORWARDS : BACKWARDS,
        maxCount: LOG_PAGE,
        filter: serverFilter,
      })) {
        read++;
        const stored = resolved.event;
        if (!stored?.position) continue;
        // Every record read moves the bound, in the log or not, so the next page starts past it.
        const position = Number(stored.position.commit);
        if (bound !== undefined && (forwards ? position <= bound : position >= bound)) continue;
        bound = position;
        if (!names.inLog(stored.streamId)) continue;
        const event = toRecordedEvent(names, stored);
        if (!matchesLogFilter(event, filter)) continue;
        events.push(event);
        if (events.length === limit) return events;
      }
      if (read < LOG_PAGE || bound === undefined) return events;
      fromPosition = at(bound);
    }
  };

  /** An event by its id: its claim says where it is (claims without a version: its stream is searched). */
  const readEvent = async (eventId: string): Promise<RecordedEvent | undefined> => {
    const id = eventId.toLowerCase();
    for await (const resolved of orNothing(
      client.readStream(names.eventClaim(id), { fromRevision: START, maxCount: 1 }),
    )) {
      const claim = resolved.event?.data as Partial<EventIdClaimData> | undefined;
      if (typeof claim?.streamId !== 'string') continue;
      const there =
        typeof claim.version === 'number'
          ? await readStream(claim.streamId, { fromVersion: claim.version, maxCount: 1 })
          : await readStream(claim.streamId);
      return there.find((event) => event.id.toLowerCase() === id);
    }
    return undefined;
  };

  const readCommand = async (commandId: string): Promise<RecordedCommand | undefined> => {
    for await (const resolved of orNothing(
      client.readStream(names.command(commandId), { fromRevision: START, maxCount: 1 }),
    )) {
      if (!resolved.event) continue;
      const record = resolved.event.data as unknown as CommandRecordData;
      const events = (
        await Promise.all(
          record.events.map(({ streamId, fromVersion, count }) =>
            readStream(streamId, { fromVersion, maxCount: count }),
          ),
        )
      ).flat();
      const lastPosition =
        events.length > 0
          ? Math.max(...events.map((e) => e.globalPosition))
          : await lastPositionBefore(BigInt(positionOf(resolved.event.position, `command ${commandId}`)));
      return { id: commandId, type: record.type, streams: record.streams, lastPosition, events };
    }
    return undefined;
  };

  const context: AppendContext = { client, names, readCommand, lastPositionBefore, headPosition };

  const lastSnapshot = async (streamId: string, kind: string) => {
    const read = client.readStream(names.snapshot(streamId, kind), {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    for await (const resolved of orNothing(read))
      if (resolved.event)
        return { revision: resolved.event.revision, snapshot: resolved.event.data as unknown as Snapshot };
    return undefined;
  };

  return {
    // The keys live in PostgreSQL, which shares no transaction with KurrentDB: the HTTP layer
    // claims a key with a statement of its own before the command (docs/decisions/0048).
    claimsKeysInAppend: false,

    // Events are kept as given: nothing to open.
    openStored: async (events) => [...events],

    async appendToStreams(appends, command) {
      assertOpen();
      toAppendRequest(appends, command); // the same checks of the input as PostgreSQL's
      if (command?.claim) throw new Error('KurrentDB cannot claim an Idempotency-Key in an append');
      const append = appendAtomically(context, appends, command);
      inFlight.add(append);
      try {
        return await append;
      } finally {
        inFlight.delete(append);
      }
    },

    readCommand,
    readStream,
    readAll,
    headPosition,
    readLog,

    async readEvents(eventIds) {
      const found = await Promise.all([...new Set(eventIds)].map(readEvent));
      return found
        .filter((event): event is RecordedEvent => event !== undefined)
        .sort((a, b) => a.globalPosition - b.globalPosition);
    },

    /**
     * Deletes the command streams older than the cutoff. KurrentDB has no index by age, so this
     * reads every record under the prefix (filtered on the server): fine for a day of keyed
     * commands once an hour; a deleted stream's name may be written again, as a new command.
     */
    async forgetCommands({ idPrefix, olderThanMs }) {
      assertOpen();
      const cutoff = Date.now() - olderThanMs;
      const old: string[] = [];
      for await (const resolved of client.readAll({
        fromPosition: START,
        direction: FORWARDS,
        filter: names.commandFilter(idPrefix),
      }))
        if (resolved.event && resolved.event.created.getTime() < cutoff) old.push(resolved.event.streamId);
      for (const stream of old) await client.deleteStream(stream);
      return old.length;
    },

    async readSnapshot(streamId, kind) {
      return (await lastSnapshot(streamId, kind))?.snapshot;
    },

    async writeSnapshot(streamId, kind, { version, lastPosition, state }) {
      const stream = names.snapshot(streamId, kind);
      for (let attempt = 1; attempt <= SNAPSHOT_WRITE_ATTEMPTS; attempt++) {
        const saved = await lastSnapshot(streamId, kind);
        if (saved && saved.snapshot.version >= version) return;
        // Only the latest is kept; older ones are scavenged.
        if (!saved) await client.setStreamMetadata(stream, { maxCount: 1 });
        try {
          await client.appendToStream(
            stream,
            jsonEvent({ type: SNAPSHOT_SAVED, data: { version, lastPosition, state } }),
            { streamState: saved ? saved.revision : NO_STREAM },
          );
          return;
        } catch (error) {
          // Another writer saved one meanwhile: compare with it.
          if (!(error instanceof KurrentWrongExpectedVersionError)) throw error;
        }
      }
    },

    subscribe(after, handle, subscribeOptions = {}) {
      assertOpen();
      return subscriptions.start(after, handle, subscribeOptions);
    },

    async close() {
      closed = true;
      await subscriptions.closeAll();
      await Promise.allSettled([...inFlight]);
      await liveFeed.close();
      await client.dispose();
    },
  };
}
