/**
 * The re-seal (docs/decisions/0054-resealing-the-log.md): the one rewrite of stored events the
 * ledger allows. Events appended before personal fields were sealed on append hold those fields
 * in the clear, and their email and username claims are streams named by the value. The re-seal
 * seals those fields in place (as `sealPersonalData` seals them on append), renames those claim
 * streams to their keyed names (in `events`, `streams` and the recorded commands), drops the
 * snapshots that hold a person's state in the clear, recomputes the hash chain from the first
 * changed event to the head and appends `LogResealed`, which records the old head's hash beside the
 * new hash of the same position.
 *
 * All of it is one transaction holding the chain head's row lock (the append lock): no append
 * interleaves, and a failure anywhere leaves the log as it was. A run that finds nothing clear
 * changes nothing and appends nothing. PostgreSQL only: a KurrentDB log cannot be rewritten.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Actor } from '../domain/actor';
import { withSchemaVersion } from '../domain/event-decoding';
import { streams, type LogResealed } from '../domain/events';
import { GENESIS_HASH } from '../event-store/hash-chain';
import type { PostgresEventStore } from '../event-store/postgres/event-store';
import { queryTypes } from '../event-store/postgres/rows';
import { PersonErasedError } from './errors';
import type { PersonalDataKeys } from './person-data-keys';
import { PERSONAL_EVENT_TYPES, personalFieldsOf, subjectOf, textAt, type FieldPath } from './personal-fields';
import { isSealed } from './sealed-field';
import { claimsKeyOf, keyedStreamName } from './sealing-store';

export interface ResealOptions {
  pool: pg.Pool;
  /** The PostgreSQL store the log is kept in (the audited event is appended through it). */
  store: PostgresEventStore;
  keys: PersonalDataKeys;
  /** Who ran it: `{ role: 'system', id: 'reseal' }` from the CLI. */
  by: Actor;
  /** Events read per query (default 1000). */
  pageSize?: number;
  /**
   * Runs in the re-seal's transaction once the log is rewritten and before it commits, when
   * something changed: what else keeps the rewritten events' hashes (a read model) follows them
   * there, or the whole re-seal rolls back.
   */
  inTransaction?: (client: pg.ClientBase, report: ResealReport) => Promise<void>;
}

export interface ResealReport {
  /** Whether the log was rewritten (and `LogResealed` appended). */
  changed: boolean;
  /** The chain head before the re-seal. */
  headPosition: number;
  oldHeadHash: string;
  /** The hash of the same position after it (the old one when nothing changed). */
  newHeadHash: string;
  /** The first position whose event changed; null when none did. */
  fromPosition: number | null;
  resealedEvents: number;
  /** Fields of a person already erased (their key destroyed): emptied, as such a field opens. */
  erasedFields: number;
  renamedStreams: number;
  renamedEvents: number;
  renamedCommands: number;
  deletedSnapshots: number;
  /** Where `LogResealed` was appended; null when nothing changed. */
  resealedAt: number | null;
}

/** A clear email or username claim: the only streams the re-seal renames. */
const CLEAR_CLAIM_SQL = `stream_id ~ '^unique-(email|username)-' AND stream_id !~ '^unique-(email|username)-k1-[0-9a-f]{64}$'`;

/** Refused before anything is written: the log stays as it was. */
export class ResealRefusedError extends Error {
  override readonly name = 'ResealRefusedError';
}

interface CandidateRow {
  global_position: number;
  stream_id: string;
  type: string;
  data: unknown;
}

export async function resealLog(options: ResealOptions): Promise<ResealReport> {
  const { pool, store, keys, by } = options;
  const pageSize = options.pageSize ?? 1000;
  const claimsKey = await claimsKeyOf(keys);
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('BEGIN');
    // The append lock, held to the end: no event is appended while the chain is rewritten.
    const head = (
      await client.query<{ last_position: number; last_hash: string }>({
        text: `SELECT last_position, encode(last_hash, 'hex') AS last_hash FROM event_chain_head FOR UPDATE`,
        types: queryTypes,
      })
    ).rows[0]!;
    const report: ResealReport = {
      changed: false,
      headPosition: head.last_position,
      oldHeadHash: head.last_hash,
      newHeadHash: head.last_hash,
      fromPosition: null,
      resealedEvents: 0,
      erasedFields: 0,
      renamedStreams: 0,
      renamedEvents: 0,
      renamedCommands: 0,
      deletedSnapshots: 0,
      resealedAt: null,
    };

    const renames = await claimRenames(client, claimsKey);
    report.renamedStreams = renames.size;

    // The events: each page's personal fields sealed and claim streams renamed in one statement.
    let after = 0;
    for (;;) {
      const { rows } = await client.query<CandidateRow>({
        text: `SELECT global_position, stream_id, type, data FROM events
               WHERE global_position > $1 AND global_position <= $2
                 AND (type = ANY($3::text[]) OR stream_id ~ '^unique-(email|username)-')
               ORDER BY global_position LIMIT $4`,
        values: [after, head.last_position, PERSONAL_EVENT_TYPES, pageSize],
        types: queryTypes,
      });
      // Each sealed field is set in place (jsonb_set), so every other byte of the data stays as
      // stored; an event's fields are set one round each (a row is updated once per statement).
      const rounds: { position: number; path: readonly string[]; text: string }[][] = [];
      const moved: { position: number; streamId: string }[] = [];
      for (const row of rows) {
        const sealed = await sealedFields(row, keys);
        const streamId = renames.get(row.stream_id) ?? row.stream_id;
        if (sealed.fields.size === 0 && streamId === row.stream_id) continue;
        if (sealed.fields.size > 0) report.resealedEvents += 1;
        [...sealed.fields].forEach(([path, text], round) =>
          (rounds[round] ??= []).push({ position: row.global_position, path, text }),
        );
        if (streamId !== row.stream_id) {
          report.renamedEvents += 1;
          moved.push({ position: row.global_position, streamId });
        }
        report.erasedFields += sealed.erased;
        report.fromPosition ??= row.global_position;
      }
      for (const fields of rounds)
        await client.query(
          `UPDATE events e SET data = jsonb_set(e.data, u.path, to_jsonb(u.text))
           FROM jsonb_to_recordset($1::jsonb) AS u(position bigint, path text[], text text)
           WHERE e.global_position = u.position`,
          [JSON.stringify(fields)],
        );
      if (moved.length > 0)
        await client.query(
          `UPDATE events e SET stream_id = u."streamId"
           FROM jsonb_to_recordset($1::jsonb) AS u(position bigint, "streamId" text)
           WHERE e.global_position = u.position`,
          [JSON.stringify(moved)],
        );
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1]!.global_position;
    }

    // The streams' versions and the recorded commands' results, under the keyed names.
    if (renames.size > 0) {
      const pairs = JSON.stringify([...renames].map(([from, to]) => ({ from, to })));
      await client.query(
        `UPDATE streams s SET stream_id = r.to
         FROM jsonb_to_recordset($1::jsonb) AS r("from" text, "to" text) WHERE s.stream_id = r.from`,
        [pairs],
      );
    }
    report.renamedCommands = await renameInCommands(client, claimsKey);

    // Snapshots are a cache: a person's state or a claim kept in the clear is dropped, and folded
    // again (and saved sealed) by the next command on the stream.
    report.deletedSnapshots = (
      await client.query(
        `DELETE FROM stream_snapshots
         WHERE (stream_id LIKE 'user-%' AND NOT coalesce(state->>'sealed' LIKE 'pd1.%', false))
            OR (${CLEAR_CLAIM_SQL})`,
      )
    ).rowCount!;

    if (report.fromPosition !== null) {
      report.newHeadHash = await rechain(client, report.fromPosition, head.last_position);
      report.changed = true;
      const event: LogResealed = {
        type: 'LogResealed',
        data: {
          headPosition: report.headPosition,
          oldHeadHash: report.oldHeadHash,
          newHeadHash: report.newHeadHash,
          fromPosition: report.fromPosition,
          resealedEvents: report.resealedEvents,
          renamedStreams: report.renamedStreams,
          renamedEvents: report.renamedEvents,
          by,
        },
      };
      const appended = await store.appendInTransaction(client, [
        {
          streamId: streams.ledger,
          expectedVersion: 'any',
          events: [{ id: randomUUID(), ...event, metadata: withSchemaVersion(event.type, {}) }],
        },
      ]);
      report.resealedAt = appended.lastPosition;
      await options.inTransaction?.(client, report);
    }
    await client.query('COMMIT');
    return report;
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(failed);
  }
}

/**
 * The clear claim streams and their keyed names. Refused when a keyed name is already taken: the
 * value was claimed again on its keyed name by a process sealing on append before the re-seal ran,
 * so two people hold it, and merging the two streams is a decision for a person.
 */
async function claimRenames(client: pg.ClientBase, claimsKey: Buffer): Promise<Map<string, string>> {
  const { rows } = await client.query<{ stream_id: string }>(
    `SELECT stream_id FROM streams WHERE ${CLEAR_CLAIM_SQL}`,
  );
  const renames = new Map(rows.map(({ stream_id }) => [stream_id, keyedStreamName(stream_id, claimsKey)]));
  for (const [from, to] of renames) if (from === to) renames.delete(from);
  if (renames.size === 0) return renames;
  const taken = await client.query<{ stream_id: string }>(
    `SELECT stream_id FROM streams WHERE stream_id = ANY($1::text[])`,
    [[...renames.values()]],
  );
  if (taken.rows.length > 0) {
    const keyed = new Set(taken.rows.map((row) => row.stream_id));
    const clashes = [...renames].filter(([, to]) => keyed.has(to)).map(([from]) => from);
    throw new ResealRefusedError(
      `${clashes.length} claim(s) were made again under their keyed name since they were claimed in the clear ` +
        `(two people hold the same value): ${clashes.slice(0, 5).join(', ')}${clashes.length > 5 ? ', …' : ''}. ` +
        'Nothing was changed.',
    );
  }
  return renames;
}

/** The event's clear personal fields, sealed (none when none is clear). */
async function sealedFields(
  row: CandidateRow,
  keys: PersonalDataKeys,
): Promise<{ fields: Map<FieldPath, string>; erased: number }> {
  const fields = new Map<FieldPath, string>();
  let erased = 0;
  for (const path of personalFieldsOf(row.type, row.data)) {
    const text = textAt(row.data, path);
    if (text === undefined || text === '' || isSealed(text)) continue;
    try {
      fields.set(path, await keys.seal(subjectOf(row.data), text));
    } catch (error) {
      if (!(error instanceof PersonErasedError)) throw error;
      // Erased before the re-seal: nothing can be sealed for them, and the value must not stay.
      fields.set(path, '');
      erased += 1;
    }
  }
  return { fields, erased };
}

/** The recorded commands' stream names under their keyed names; how many commands changed. */
async function renameInCommands(client: pg.ClientBase, claimsKey: Buffer): Promise<number> {
  const { rows } = await client.query<{
    command_id: string;
    streams: { streamId: string; version: number }[];
  }>(`SELECT command_id, streams FROM commands WHERE streams::text ~ '"unique-(email|username)-'`);
  const changed = rows.flatMap((row) => {
    const renamed = row.streams.map((s) => ({ ...s, streamId: keyedStreamName(s.streamId, claimsKey) }));
    return renamed.some((s, i) => s.streamId !== row.streams[i]!.streamId)
      ? [{ commandId: row.command_id, streams: renamed }]
      : [];
  });
  if (changed.length > 0)
    await client.query(
      `UPDATE commands c SET streams = u.streams
       FROM jsonb_to_recordset($1::jsonb) AS u("commandId" text, streams jsonb) WHERE c.command_id = u."commandId"`,
      [JSON.stringify(changed)],
    );
  return changed.length;
}

/**
 * The chain recomputed from `from` to `to` as the append function computes it
 * (hash = SHA-256(previous hash ‖ kobo_event_canonical(...))), each event's prev_hash the hash
 * before it, and the head moved to the new last hash. Returns the new hash at `to`.
 */
async function rechain(client: pg.ClientBase, from: number, to: number): Promise<string> {
  await client.query(
    `WITH before AS (
       SELECT coalesce((SELECT hash FROM events WHERE global_position < $1 ORDER BY global_position DESC LIMIT 1),
                       decode($3, 'hex')) AS hash
     ),
     chained AS (
       SELECT e.global_position,
              kobo_hash_chain((SELECT hash FROM before), kobo_event_canonical(
                e.global_position, e.event_id, e.stream_id, e.stream_version, e.type, e.data, e.metadata, e.recorded_at
              )) OVER (ORDER BY e.global_position ROWS UNBOUNDED PRECEDING) AS hash
       FROM events e WHERE e.global_position >= $1 AND e.global_position <= $2
     ),
     linked AS (
       SELECT global_position, hash,
              coalesce(lag(hash) OVER (ORDER BY global_position), (SELECT hash FROM before)) AS prev_hash
       FROM chained
     )
     UPDATE events e SET hash = l.hash, prev_hash = l.prev_hash
     FROM linked l WHERE e.global_position = l.global_position`,
    [from, to, GENESIS_HASH],
  );
  const { rows } = await client.query<{ hash: string }>(
    `UPDATE event_chain_head SET last_hash = (SELECT hash FROM events WHERE global_position = $1)
     RETURNING encode(last_hash, 'hex') AS hash`,
    [to],
  );
  return rows[0]!.hash;
}
