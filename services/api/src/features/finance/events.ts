/**
 * The event log as finance browses it: the events that move money (or every event) with their
 * postings, paged by position, found by account, stream or person, and one event in full with its
 * place in the hash chain.
 *
 * The log is read through the event-store port (readLog, readEvents: whichever backend keeps it);
 * an account's events through the ledger_entries read model (account, global_position), which
 * lists the events that posted to it, then read from the log by id.
 */
import {
  actorOf,
  actorText,
  verifyChainLink,
  type EventStore,
  koboToNaira,
  type RecordedEvent,
} from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { accountJournal, searchPeople } from '@kobo/projector';
import { iso } from '../admin/wire';

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

/** Where the journal reads: the read models' database and the log. */
export interface JournalSources {
  pool: Pool;
  store: EventStore;
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

function summary(event: RecordedEvent) {
  // Who acted, wherever this event's version keeps it (data `by`, or the metadata), in one form.
  const who = actorOf({ data: event.data, metadata: event.metadata ?? {} });
  const actor = who === undefined ? undefined : actorText(who);
  return {
    position: event.globalPosition,
    eventId: event.id,
    type: event.type,
    streamId: event.streamId,
    recordedAt: iso(event.recordedAt)!,
    ...(actor === undefined ? {} : { actor }),
    postings: postingsOf(event.data),
  };
}

type Direction = 'older' | 'newer';

/** The streams both stream filters allow: one stream, any of a list, both, or neither (undefined). */
function streamsOf(filter: EventFilter): readonly string[] | undefined {
  const { stream, streams } = filter;
  if (stream === undefined) return streams;
  return streams === undefined ? [stream] : streams.filter((s) => s === stream);
}

/**
 * Matching events beyond a position: older (below `from`, newest first; from the head without it)
 * or newer (above it, oldest first), at most `limit`.
 */
async function matching(
  { pool, store }: JournalSources,
  filter: EventFilter,
  direction: Direction,
  from: number | undefined,
  limit: number,
): Promise<RecordedEvent[]> {
  const streams = streamsOf(filter);
  if (filter.account !== undefined) {
    // Only events that posted to the account: money events, whatever moneyOnly says.
    const found = await accountJournal(
      pool,
      { account: filter.account, streams, type: filter.type, from: filter.from, to: filter.to },
      direction,
      from ?? Number.MAX_SAFE_INTEGER,
      limit,
    );
    if (found.length === 0) return [];
    const events = await store.readEvents(found.map((entry) => entry.eventId));
    return direction === 'older' ? events.reverse() : events;
  }
  return store.readLog({
    direction: direction === 'older' ? 'backwards' : 'forwards',
    from,
    limit,
    filter: {
      streams,
      types: filter.type === undefined ? undefined : [filter.type],
      recordedFrom: filter.from,
      recordedBefore: filter.to,
      // The event's own postings (the log, not ledger_entries, which may lag it).
      withPostings: filter.moneyOnly,
    },
  });
}

/** A person a journal search found. */
export interface FoundPerson {
  userId: string;
  fullName: string;
  username: string;
  email: string;
  /** When the person's account was deleted (erased); null while it is not. */
  erasedAt: string | null;
}

/** At most this many people are searched at once; a wider search is told to narrow. */
export const PEOPLE_SEARCHED = 20;

/**
 * The people a journal search means: by name, username or email (the users read model), or by a
 * withdrawal's reference (ours, the provider's transfer code or the bank's; the withdrawals read
 * model), or a withdrawal's id. Their user streams hold every event that posts to their accounts.
 */
export async function findPeople(pool: Pool, q: string): Promise<{ people: FoundPerson[]; more: boolean }> {
  const rows = await searchPeople(pool, q, PEOPLE_SEARCHED + 1);
  return {
    people: rows.slice(0, PEOPLE_SEARCHED).map((row) => ({
      userId: row.user_id,
      fullName: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username,
      username: row.username,
      email: row.email,
      erasedAt: iso(row.deleted_at),
    })),
    more: rows.length > PEOPLE_SEARCHED,
  };
}

/**
 * A page of events, newest first: those below `before`, or (with `after`) the `limit` just above
 * `after`. nextBefore continues with older events, newerAfter with newer ones; null when none match.
 */
export async function eventsPage(
  sources: JournalSources,
  filter: EventFilter,
  page: { before?: number; after?: number; limit: number },
) {
  const newer = page.after !== undefined;
  const found = await matching(
    sources,
    filter,
    newer ? 'newer' : 'older',
    newer ? page.after : page.before,
    page.limit + 1,
  );
  const more = found.length > page.limit;
  const kept = found.slice(0, page.limit);
  const events = newer ? kept.reverse() : kept;
  const newest = events[0];
  const oldest = events[events.length - 1];

  // Whether the other side of the page holds matching events too.
  const [olderExists, newerExists] = await Promise.all([
    newer
      ? oldest === undefined
        ? false
        : matching(sources, filter, 'older', oldest.globalPosition, 1).then((e) => e.length > 0)
      : more,
    newer
      ? more
      : newest === undefined || page.before === undefined
        ? false
        : matching(sources, filter, 'newer', newest.globalPosition, 1).then((e) => e.length > 0),
  ]);
  return {
    events: events.map(summary),
    nextBefore: olderExists && oldest !== undefined ? oldest.globalPosition : null,
    newerAfter: newerExists && newest !== undefined ? newest.globalPosition : null,
  };
}

/** One event in full: data, metadata, postings and its link in the hash chain (checked by the ledger). */
export async function eventDetail({ pool, store }: JournalSources, eventId: string) {
  const [event] = await store.readEvents([eventId]);
  if (!event) return undefined;
  const position = event.globalPosition;
  const [link, [previous], [next]] = await Promise.all([
    verifyChainLink(pool, position),
    store.readLog({ direction: 'backwards', from: position, limit: 1 }),
    store.readLog({ direction: 'forwards', from: position, limit: 1 }),
  ]);
  const metadata = event.metadata ?? {};
  return {
    ...summary(event),
    streamVersion: event.version,
    data: (event.data ?? {}) as Record<string, unknown>,
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
      ...(previous ? { previousEventId: previous.id } : {}),
      ...(next ? { nextEventId: next.id } : {}),
    },
  };
}
