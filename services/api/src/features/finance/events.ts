/**
 * The event log as finance browses it: the events that move money (or every event) with their
 * postings, paged by position, found by account, stream or person, and one event in full with its
 * place in the hash chain.
 *
 * Reads go through indexes: the log's primary key (global_position) walked newest first; a stream
 * through UNIQUE (stream_id, stream_version); an account through ledger_entries (account,
 * global_position). Type and time filters are checked on the rows of that walk.
 */
import { actorOf, actorText, verifyChainLink, type KoboEventType, koboToNaira } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { iso } from '../admin/wire';

/** Every event type of the catalogue (services/ledger/src/domain/events.ts), for the type filter. */
export const EVENT_TYPES = [
  'UserRegistered',
  'UserProfileUpdated',
  'BankDetailsUpdated',
  'PasswordChanged',
  'UserRoleSet',
  'UserStatusSet',
  'UserDeleted',
  'BalanceAdjusted',
  'BalanceAdjustmentRequested',
  'BalanceAdjustmentRejected',
  'RewardCredited',
  'ReferralBonusCredited',
  'WithdrawalRequested',
  'WithdrawalApproved',
  'WithdrawalApprovalUndone',
  'WithdrawalRejected',
  'PayoutSent',
  'PayoutHeld',
  'PayoutMovedToManual',
  'PayoutSucceeded',
  'PayoutFailed',
  'PayoutReversed',
  'PayoutDiscrepancyFound',
  'CampaignCreated',
  'CampaignUpdated',
  'CampaignApprovalRequested',
  'CampaignApproved',
  'CampaignRejected',
  'CampaignPaused',
  'CampaignResumed',
  'CampaignCompleted',
  'CampaignDeleted',
  'TaskSubmitted',
  'SubmissionVerified',
  'SubmissionApproved',
  'SubmissionRejected',
  'ActivityCompleted',
  'UniqueValueClaimed',
  'UniqueValueReleased',
  'CommunitySettingsUpdated',
] as const satisfies readonly KoboEventType[];

// A type added to the catalogue and not here fails to compile.
type Missing = Exclude<KoboEventType, (typeof EVENT_TYPES)[number]>;
const everyTypeListed: [Missing] extends [never] ? true : Missing = true;
void everyTypeListed;

export interface EventFilter {
  /** An exact account, or a prefix ending in '*'. */
  account?: string;
  stream?: string;
  /** Any of these streams (the people a search found: their user streams). */
  streams?: readonly string[];
  /** Only the events that carry postings (move money). */
  moneyOnly?: boolean;
  type?: string;
  from?: Date;
  to?: Date;
}

interface EventRow {
  global_position: string | number;
  event_id: string;
  type: string;
  stream_id: string;
  stream_version: string | number;
  recorded_at: Date;
  data: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
}

export interface EventPosting {
  account: string;
  amount: number;
  amountKobo: number;
}

/** The event's own postings (data.postings): the log, not a read model that may lag it. */
function postingsOf(data: unknown): EventPosting[] {
  const postings = (data as { postings?: unknown } | null)?.postings;
  if (!Array.isArray(postings)) return [];
  return postings.map((p: { account: string; amount: number | string }) => ({
    account: String(p.account),
    amount: koboToNaira(p.amount),
    amountKobo: Number(p.amount),
  }));
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function summary(row: EventRow) {
  // Who acted, wherever this event's version keeps it (data `by`, or the metadata), in one form.
  const who = actorOf({ data: row.data, metadata: row.metadata ?? {} });
  const actor = who === undefined ? undefined : actorText(who);
  return {
    position: Number(row.global_position),
    eventId: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    recordedAt: iso(row.recorded_at)!,
    ...(actor === undefined ? {} : { actor }),
    postings: postingsOf(row.data),
  };
}

type Direction = 'older' | 'newer';

/**
 * Positions of matching events beyond a position: older (below `from`, newest first) or newer
 * (above it, oldest first), at most `limit`.
 */
function positionsSql(filter: EventFilter, direction: Direction, params: unknown[]): string {
  const order = direction === 'older' ? 'DESC' : 'ASC';
  const beyond = direction === 'older' ? '<' : '>';
  const clauses: string[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(params.length));
  };
  if (filter.account !== undefined) {
    // Through ledger_entries (account, global_position): only events that posted to the account.
    const entryClauses: string[] = [];
    if (filter.account.endsWith('*')) {
      params.push(filter.account.slice(0, -1).replace(/[\\%_]/g, '\\$&') + '%');
      entryClauses.push(`le.account LIKE $${params.length}`);
    } else {
      params.push(filter.account);
      entryClauses.push(`le.account = $${params.length}`);
    }
    entryClauses.push(`le.global_position ${beyond} $1`);
    if (filter.type !== undefined) {
      params.push(filter.type);
      entryClauses.push(`le.event_type = $${params.length}`);
    }
    if (filter.from !== undefined) {
      params.push(filter.from);
      entryClauses.push(`le.recorded_at >= $${params.length}`);
    }
    if (filter.to !== undefined) {
      params.push(filter.to);
      entryClauses.push(`le.recorded_at < $${params.length}`);
    }
    // Only events that posted to the account: money events, whatever moneyOnly says.
    const streamClauses: string[] = [];
    if (filter.stream !== undefined) {
      params.push(filter.stream);
      streamClauses.push(`s.stream_id = $${params.length}`);
    }
    if (filter.streams !== undefined) {
      params.push(filter.streams);
      streamClauses.push(`s.stream_id = ANY($${params.length}::text[])`);
    }
    const stream = streamClauses.length
      ? `AND EXISTS (SELECT 1 FROM events s WHERE s.global_position = le.global_position AND ${streamClauses.join(' AND ')})`
      : '';
    return `SELECT le.global_position FROM ledger_entries le
             WHERE ${entryClauses.join(' AND ')} ${stream}
             GROUP BY le.global_position ORDER BY le.global_position ${order} LIMIT $2`;
  }
  clauses.push(`e.global_position ${beyond} $1`);
  if (filter.stream !== undefined) add((n) => `e.stream_id = $${n}`, filter.stream);
  if (filter.streams !== undefined) add((n) => `e.stream_id = ANY($${n}::text[])`, filter.streams);
  // The event's own postings (the log, not ledger_entries, which may lag it).
  if (filter.moneyOnly)
    clauses.push(`jsonb_typeof(e.data->'postings') = 'array' AND e.data->'postings' <> '[]'::jsonb`);
  if (filter.type !== undefined) add((n) => `e.type = $${n}`, filter.type);
  if (filter.from !== undefined) add((n) => `e.recorded_at >= $${n}`, filter.from);
  if (filter.to !== undefined) add((n) => `e.recorded_at < $${n}`, filter.to);
  return `SELECT e.global_position FROM events e WHERE ${clauses.join(' AND ')}
           ORDER BY e.global_position ${order} LIMIT $2`;
}

async function positions(
  pool: Pool,
  filter: EventFilter,
  direction: Direction,
  from: number,
  limit: number,
): Promise<number[]> {
  const params: unknown[] = [from, limit];
  const sql = positionsSql(filter, direction, params);
  const { rows } = await pool.query<{ global_position: string | number }>(sql, params);
  return rows.map((row) => Number(row.global_position));
}

/** A person a journal search found. */
export interface FoundPerson {
  userId: string;
  fullName: string;
  username: string;
  email: string;
}

/** At most this many people are searched at once; a wider search is told to narrow. */
export const PEOPLE_SEARCHED = 20;

/**
 * The people a journal search means: by name, username or email (the users read model), or by a
 * withdrawal's reference (ours, the provider's transfer code or the bank's; the withdrawals read
 * model), or a withdrawal's id. Their user streams hold every event that posts to their accounts.
 */
export async function findPeople(pool: Pool, q: string): Promise<{ people: FoundPerson[]; more: boolean }> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool.query<{
    user_id: string;
    first_name: string;
    last_name: string;
    username: string;
    email: string;
  }>(
    `SELECT u.user_id, u.first_name, u.last_name, u.username, u.email
     FROM users u
     WHERE u.first_name || ' ' || u.last_name ILIKE $1 OR u.username ILIKE $1 OR u.email ILIKE $1
        OR u.user_id IN (SELECT w.user_id FROM withdrawals w
                          WHERE w.payout_reference ILIKE $1 OR w.transfer_code ILIKE $1 OR w.withdrawal_id = $2)
     ORDER BY u.first_name, u.last_name, u.user_id
     LIMIT ${PEOPLE_SEARCHED + 1}`,
    [pattern, q],
  );
  return {
    people: rows.slice(0, PEOPLE_SEARCHED).map((row) => ({
      userId: row.user_id,
      fullName: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username,
      username: row.username,
      email: row.email,
    })),
    more: rows.length > PEOPLE_SEARCHED,
  };
}

const EVENT_COLUMNS = `global_position, event_id::text AS event_id, type, stream_id, stream_version, recorded_at, data, metadata`;

/**
 * A page of events, newest first: those below `before`, or (with `after`) the `limit` just above
 * `after`. nextBefore continues with older events, newerAfter with newer ones; null when none match.
 */
export async function eventsPage(
  pool: Pool,
  filter: EventFilter,
  page: { before?: number; after?: number; limit: number },
) {
  const newer = page.after !== undefined;
  const start = newer ? page.after! : (page.before ?? Number.MAX_SAFE_INTEGER);
  const found = await positions(pool, filter, newer ? 'newer' : 'older', start, page.limit + 1);
  const more = found.length > page.limit;
  const kept = found.slice(0, page.limit);
  const wanted = newer ? kept.reverse() : kept;
  const newest = wanted[0];
  const oldest = wanted[wanted.length - 1];

  const [rows, olderExists, newerExists] = await Promise.all([
    wanted.length
      ? pool.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position = ANY($1::bigint[]) ORDER BY global_position DESC`,
          [wanted],
        )
      : Promise.resolve({ rows: [] as EventRow[] }),
    // Whether the other side of the page holds matching events too.
    newer
      ? oldest === undefined
        ? Promise.resolve(false)
        : positions(pool, filter, 'older', oldest, 1).then((p) => p.length > 0)
      : Promise.resolve(more),
    newer
      ? Promise.resolve(more)
      : newest === undefined || page.before === undefined
        ? Promise.resolve(false)
        : positions(pool, filter, 'newer', newest, 1).then((p) => p.length > 0),
  ]);
  return {
    events: rows.rows.map(summary),
    nextBefore: olderExists && oldest !== undefined ? oldest : null,
    newerAfter: newerExists && newest !== undefined ? newest : null,
  };
}

/** One event in full: data, metadata, postings and its link in the hash chain (checked by the ledger). */
export async function eventDetail(pool: Pool, eventId: string) {
  const { rows } = await pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = $1::uuid`,
    [eventId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const position = Number(row.global_position);
  const [link, neighbours] = await Promise.all([
    verifyChainLink(pool, position),
    pool.query<{ previous: string | null; next: string | null }>(
      `SELECT (SELECT event_id::text FROM events WHERE global_position < $1 ORDER BY global_position DESC LIMIT 1) AS previous,
              (SELECT event_id::text FROM events WHERE global_position > $1 ORDER BY global_position LIMIT 1) AS next`,
      [position],
    ),
  ]);
  const metadata = row.metadata ?? {};
  const { previous, next } = neighbours.rows[0]!;
  return {
    ...summary(row),
    streamVersion: Number(row.stream_version),
    data: row.data ?? {},
    metadata,
    causationId: text(metadata.causationId) ?? null,
    correlationId: text(metadata.correlationId) ?? null,
    chain: {
      previousHash: link?.previousHash ?? '',
      storedPreviousHash: link?.storedPreviousHash ?? '',
      hash: link?.hash ?? '',
      recomputedHash: link?.recomputedHash ?? '',
      nextLinksBack: link?.nextLinksBack ?? null,
      verified: link?.verified ?? false,
      ...(previous ? { previousEventId: previous } : {}),
      ...(next ? { nextEventId: next } : {}),
    },
  };
}
