/**
 * Last-known data (docs/product/user-site.md#what-the-screens-show): the answers a person last saw, kept on
 * the device so a page opens at once on a weak network, or offline, with "as of 14:05" beside its
 * title until the server answers again.
 *
 * One signed-in account's answers at a time, stored under its user id: another account that signs
 * in finds none of them, and a logout or a deletion clears them. Only the reads named in
 * LAST_KNOWN_ENDPOINTS are kept, a few entries each. Nothing here is used for a decision about
 * money: the withdraw form waits for the server's balance (see features/withdraw).
 */
import { formatTime } from '../dates';

export const LAST_KNOWN_STORAGE_KEY = 'kobo.lastKnown';

/**
 * The reads kept: the user's dashboard, transactions, campaigns, withdrawals and community links; the
 * admin's figures (dashboard) and lists of users, campaigns, withdrawals and transactions (the
 * community links page reads getCommunity).
 */
export const LAST_KNOWN_ENDPOINTS: ReadonlySet<string> = new Set([
  'getDashboard',
  'getTransactions',
  'getCampaigns',
  'getSubmissions',
  'getWithdrawals',
  'getCommunity',
  'getAdminStats',
  'getCampaignPage',
  'getAdminCampaigns',
  'getReviewQueue',
  'getAdminUsers',
  'getAdminWithdrawals',
  'getAdminTransactions',
]);

/** Entries kept per read (a list's pages and filters each make one): the most recently answered. */
export const ENTRIES_PER_ENDPOINT = 3;
/**
 * Reads that one page makes several times: the admin's transactions page reads one page of the
 * list and three one-row counts (all, completed, pending), and keeps a filter or two besides.
 */
const ENTRIES_KEPT: Readonly<Record<string, number>> = { getAdminTransactions: 6 };

/** How many answers of `endpointName` are kept. */
export function entriesKept(endpointName: string): number {
  return ENTRIES_KEPT[endpointName] ?? ENTRIES_PER_ENDPOINT;
}
/** Above this size (characters of JSON) the oldest entries go first; localStorage holds about 5 MB. */
export const MAX_STORED_CHARS = 1_500_000;

export interface LastKnownEntry {
  queryCacheKey: string;
  endpointName: string;
  originalArgs: unknown;
  data: unknown;
  /** When the server gave this answer (ms since the epoch). */
  at: number;
}

interface Stored {
  userId: string;
  entries: LastKnownEntry[];
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // a browser that refuses storage (private mode, a policy)
  }
}

function read(storage: Storage | null): Stored | null {
  try {
    const value = JSON.parse(storage?.getItem(LAST_KNOWN_STORAGE_KEY) ?? 'null') as Stored | null;
    return value && typeof value.userId === 'string' && Array.isArray(value.entries) ? value : null;
  } catch {
    return null;
  }
}

/** The answers kept for `userId`: none when another account's are stored. */
export function readLastKnown(userId: string, storage = storageOrNull()): LastKnownEntry[] {
  const stored = read(storage);
  return stored?.userId === userId ? stored.entries : [];
}

/** Whose answers are stored, if any. */
export function lastKnownOwner(storage = storageOrNull()): string | null {
  return read(storage)?.userId ?? null;
}

/**
 * Keeps `entry` as `userId`'s newest answer for its cache key. Another account's answers are
 * dropped first; each read keeps its newest few (entriesKept); past MAX_STORED_CHARS the
 * oldest go. A full or refused storage keeps what it had: last-known data is a convenience.
 */
export function saveLastKnown(userId: string, entry: LastKnownEntry, storage = storageOrNull()): void {
  if (!storage || !LAST_KNOWN_ENDPOINTS.has(entry.endpointName)) return;
  const stored = read(storage);
  const earlier = stored?.userId === userId ? stored.entries : [];
  let entries = [entry, ...earlier.filter((kept) => kept.queryCacheKey !== entry.queryCacheKey)];
  const perEndpoint = new Map<string, number>();
  entries = entries.filter((kept) => {
    const count = (perEndpoint.get(kept.endpointName) ?? 0) + 1;
    perEndpoint.set(kept.endpointName, count);
    return count <= entriesKept(kept.endpointName);
  });
  entries.sort((a, b) => b.at - a.at);
  let text = JSON.stringify({ userId, entries } satisfies Stored);
  while (text.length > MAX_STORED_CHARS && entries.length > 0) {
    entries = entries.slice(0, -1);
    text = JSON.stringify({ userId, entries } satisfies Stored);
  }
  try {
    storage.setItem(LAST_KNOWN_STORAGE_KEY, text);
  } catch {
    // Quota exceeded: the earlier copy stays.
  }
}

/** Forgets every kept answer (logout, deletion, another account signing in). */
export function clearLastKnown(storage = storageOrNull()): void {
  try {
    storage?.removeItem(LAST_KNOWN_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

const day = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short' });

/** 14:05 in the reader's zone (en-NG, 24-hour); '3 Mar, 14:05' when it was not today. */
export function formatClock(at: number, now = Date.now()): string {
  const when = new Date(at);
  const time = formatTime(when);
  return when.toDateString() === new Date(now).toDateString() ? time : `${day.format(when)}, ${time}`;
}

/**
 * When the page started: an answer fulfilled before it was put back from the device, so it is
 * last-known data, not the server's answer of this visit.
 */
export const PAGE_STARTED_AT =
  typeof performance !== 'undefined' && performance.timeOrigin ? performance.timeOrigin : Date.now();

/**
 * "as of 14:05" for a read whose shown data is last-known (fulfilled before this page started),
 * else null (the server answered during this visit).
 */
export function asOfLabel(
  fulfilledTimeStamp: number | undefined,
  pageStartedAt = PAGE_STARTED_AT,
  now = Date.now(),
): string | null {
  return fulfilledTimeStamp && fulfilledTimeStamp < pageStartedAt
    ? `as of ${formatClock(fulfilledTimeStamp, now)}`
    : null;
}
