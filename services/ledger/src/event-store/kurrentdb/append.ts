/**
 * One port append as one atomic `appendRecords` call (KurrentDB 26.1+): the records in the order
 * given, and a consistency check per stream, so every expected version holds or nothing is written.
 * In the same call:
 * - the command record, in `$kobo-command-<id>` checked `no_stream`: a repeat fails that check
 *   atomically and is answered from the record (decision 0015);
 * - one claim per event in `$kobo-event-<id>` checked `no_stream`: event ids are unique in the log
 *   (KurrentDB itself only deduplicates recent writes to the same stream, and silently).
 *
 * `any` and `stream_exists` are turned into the exact version read just before, so the command
 * record can say where its events are; if that version moved meanwhile, the append is planned
 * again (the caller accepted any version). `multiStreamAppend` (25.1) was not used: it cannot check
 * a stream it does not write to, does not keep the order across streams, and reports one failure
 * where the port needs them all to answer in its order of precedence (decision 0024).
 */
import { randomUUID } from 'node:crypto';
import {
  AppendConsistencyViolationError,
  BACKWARDS,
  END,
  jsonEvent,
  NO_STREAM,
  STREAM_EXISTS,
  STREAM_STATE,
  StreamNotFoundError,
  type AppendRecordInput,
  type AppendStreamState,
  type ConsistencyCheck,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import {
  CommandIdReusedError,
  DuplicateEventIdError,
  WrongExpectedVersionError,
  type AppendCommand,
  type AppendResult,
  type ExpectedVersion,
  type RecordedCommand,
  type StreamAppend,
} from '../port';
import { COMMAND_RECORDED, EVENT_ID_CLAIMED, positionOf, toEventData, type StreamNames } from './streams';

/** What an event id's claim holds: the event's stream and its version there. */
export interface EventIdClaimData {
  streamId: string;
  version: number;
}

/** What the command record holds: all of its result but the position, known only after commit. */
export interface CommandRecordData {
  type: string;
  /** Each stream's version right after the command. */
  streams: { streamId: string; version: number }[];
  /** Where its events are, in log order: per stream, the first version and how many. */
  events: { streamId: string; fromVersion: number; count: number }[];
}

export interface AppendContext {
  client: KurrentDBClient;
  names: StreamNames;
  readCommand(commandId: string): Promise<RecordedCommand | undefined>;
  /** The position of the last event of the log before `position` (0: none). */
  lastPositionBefore(position: bigint): Promise<number>;
  headPosition(): Promise<number>;
}

/** Plans made stale by a concurrent writer to an `any` / `stream_exists` stream are retried this often. */
const MAX_PLANS = 10;

class Replan extends Error {}

/** The stream's current version (0: no events), read now. */
export async function currentVersion(client: KurrentDBClient, stream: string): Promise<number> {
  try {
    for await (const resolved of client.readStream(stream, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    }))
      if (resolved.event) return Number(resolved.event.revision) + 1;
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return 0;
}

/** The server's expected state for a version the adapter knows exactly. */
function stateOf(version: number): AppendStreamState {
  return version === 0 ? NO_STREAM : BigInt(version - 1);
}

interface PlannedStream {
  append: StreamAppend;
  /** The version the append checks: the caller's, or the one read for `any` / `stream_exists`. */
  version: number;
  /** `stream_exists` on a stream that has no events: checked as such by the server. */
  mustExist: boolean;
}

async function plan(context: AppendContext, appends: StreamAppend[]): Promise<PlannedStream[]> {
  return Promise.all(
    appends.map(async (append) => {
      const expected = append.expectedVersion;
      if (typeof expected === 'number') return { append, version: expected, mustExist: false };
      if (expected === 'no_stream') return { append, version: 0, mustExist: false };
      const version = await currentVersion(context.client, context.names.stream(append.streamId));
      return { append, version, mustExist: expected === 'stream_exists' && version === 0 };
    }),
  );
}

type Check =
  { kind: 'command' } | { kind: 'claim'; eventId: string } | { kind: 'stream'; planned: PlannedStream };

export async function appendAtomically(
  context: AppendContext,
  appends: StreamAppend[],
  command: AppendCommand | undefined,
): Promise<AppendResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await appendOnce(context, appends, command, await plan(context, appends));
    } catch (error) {
      if (!(error instanceof Replan) || attempt >= MAX_PLANS) throw error;
    }
  }
}

async function appendOnce(
  context: AppendContext,
  appends: StreamAppend[],
  command: AppendCommand | undefined,
  planned: PlannedStream[],
): Promise<AppendResult> {
  const { client, names } = context;
  const streams = planned.map((p) => ({
    streamId: p.append.streamId,
    version: p.version + p.append.events.length,
  }));
  const records: AppendRecordInput[] = [];
  const checks: ConsistencyCheck[] = [];
  const checked: Check[] = [];
  const check = (streamName: string, expectedState: AppendStreamState, what: Check) => {
    checks.push({ type: STREAM_STATE, streamName, expectedState });
    checked.push(what);
  };

  if (command) {
    const data: CommandRecordData = {
      type: command.type,
      streams,
      events: planned
        .filter((p) => p.append.events.length > 0)
        .map((p) => ({
          streamId: p.append.streamId,
          fromVersion: p.version + 1,
          count: p.append.events.length,
        })),
    };
    const stream = names.command(command.id);
    records.push({
      streamName: stream,
      record: jsonEvent({ type: COMMAND_RECORDED, data: { ...data } }),
    });
    check(stream, NO_STREAM, { kind: 'command' });
  }
  for (const p of planned) {
    for (const [index, event] of p.append.events.entries()) {
      const stream = names.eventClaim(event.id);
      // A fresh record id: KurrentDB would take a resent id as an idempotent repeat and write nothing.
      // The claim says where the event is, so an event is found by its id (readEvents).
      const claimed: EventIdClaimData = { streamId: p.append.streamId, version: p.version + index + 1 };
      records.push({
        streamName: stream,
        record: jsonEvent({ id: randomUUID(), type: EVENT_ID_CLAIMED, data: { ...claimed } }),
      });
      check(stream, NO_STREAM, { kind: 'claim', eventId: event.id.toLowerCase() });
    }
  }
  for (const p of planned) {
    const stream = names.stream(p.append.streamId);
    if (p.append.expectedVersion === 'any' && p.append.events.length === 0) continue;
    check(stream, p.mustExist ? STREAM_EXISTS : stateOf(p.version), { kind: 'stream', planned: p });
  }
  // The port's events last, in the order given: the call's position is then that of the last one.
  for (const p of planned)
    for (const event of p.append.events)
      records.push({ streamName: names.stream(p.append.streamId), record: toEventData(event) });

  const eventCount = appends.reduce((n, a) => n + a.events.length, 0);
  if (records.length === 0) {
    // Nothing to write: the checks alone, read now.
    for (const p of planned) {
      const expected = p.append.expectedVersion;
      if (expected === 'any') continue;
      const actual = await currentVersion(client, names.stream(p.append.streamId));
      if (expected === 'stream_exists' ? actual === 0 : actual !== p.version)
        throw new WrongExpectedVersionError(p.append.streamId, expected, actual);
    }
    return { streams, lastPosition: await context.headPosition(), appended: true };
  }

  try {
    const result = await client.appendRecords(records, checks);
    const lastPosition =
      eventCount > 0
        ? positionOf({ commit: result.position, prepare: result.position }, 'the append')
        : await context.lastPositionBefore(result.position);
    return { streams, lastPosition, appended: true };
  } catch (error) {
    if (!(error instanceof AppendConsistencyViolationError)) throw error;
    return refusal(context, command, error, checked);
  }
}

/** The port's answer to violated checks, in PostgreSQL's order: recorded, reused, duplicate, conflict. */
async function refusal(
  context: AppendContext,
  command: AppendCommand | undefined,
  error: AppendConsistencyViolationError,
  checked: Check[],
): Promise<AppendResult> {
  const violated = error.violations
    .map((v) => ({ check: checked[v.checkIndex]!, actual: v.actualState }))
    .sort((a, b) => checked.indexOf(a.check) - checked.indexOf(b.check));
  if (command && violated.some((v) => v.check.kind === 'command')) {
    const recorded = await context.readCommand(command.id);
    if (!recorded) throw error;
    if (recorded.type !== command.type) throw new CommandIdReusedError(command.id);
    return { streams: recorded.streams, lastPosition: recorded.lastPosition, appended: false };
  }
  const claim = violated.find((v) => v.check.kind === 'claim');
  if (claim && claim.check.kind === 'claim') throw new DuplicateEventIdError(claim.check.eventId);
  const conflict = violated.find((v) => v.check.kind === 'stream');
  if (!conflict || conflict.check.kind !== 'stream') throw error;
  const { planned } = conflict.check;
  const actual = conflict.actual === NO_STREAM ? 0 : Number(conflict.actual) + 1;
  const expected: ExpectedVersion = planned.append.expectedVersion;
  // The version read for `any` / `stream_exists` moved: plan again with the new one.
  if (expected === 'any' || (expected === 'stream_exists' && actual > 0)) throw new Replan();
  throw new WrongExpectedVersionError(planned.append.streamId, expected, actual);
}
