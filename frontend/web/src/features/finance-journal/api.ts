/**
 * Finance's journal calls (docs/api/finance.md): the event log paged by position, one event with
 * its hash-chain link, and an account's balance at a moment and its statement.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiQuery } from '../../shared/api/types';

export type EventsPage = ApiAnswer<'getFinanceEvents'>;
export type EventSummary = EventsPage['events'][number];
export type Posting = EventSummary['postings'][number];
export type EventDetail = ApiAnswer<'getFinanceEventsByEventId'>;
export type EventsQuery = NonNullable<ApiQuery<'getFinanceEvents'>>;
export type EventType = NonNullable<EventsQuery['type']>;
export type AccountBalance = ApiAnswer<'getFinanceAccountsByAccountBalance'>;
export type AccountStatement = ApiAnswer<'getFinanceAccountsByAccountStatement'>;

/** The ledger's event types, as the API accepts them in the type filter (generated). */
export { EVENT_TYPES } from '../../shared/api/ledger-lists';

export interface EventsArgs {
  /** A person: name, username, email or withdrawal reference. */
  q?: string;
  show?: 'money' | 'all';
  account?: string;
  stream?: string;
  type?: string;
  from?: string;
  to?: string;
  before?: number;
  after?: number;
  limit: number;
}

export interface BalanceArgs {
  account: string;
  /** ISO time; absent for now. */
  at?: string;
}

export interface StatementArgs {
  account: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** Query parameters without the empty ones. */
function present(args: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(args).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );
}

export const financeJournalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFinanceEvents: build.query<EventsPage, EventsArgs>({
      query: (args) => ({ url: '/finance/events', params: present({ ...args }) }),
    }),
    getFinanceEvent: build.query<EventDetail, string>({
      query: (eventId) => `/finance/events/${encodeURIComponent(eventId)}`,
    }),
    getFinanceAccountBalance: build.query<AccountBalance, BalanceArgs>({
      query: ({ account, at }) => ({
        url: `/finance/accounts/${encodeURIComponent(account)}/balance`,
        params: present({ at, limit: 0 }),
      }),
    }),
    getFinanceAccountStatement: build.query<AccountStatement, StatementArgs>({
      query: ({ account, ...range }) => ({
        url: `/finance/accounts/${encodeURIComponent(account)}/statement`,
        params: present(range),
      }),
    }),
  }),
});

export const {
  useGetFinanceEventsQuery,
  useGetFinanceEventQuery,
  useGetFinanceAccountBalanceQuery,
  useGetFinanceAccountStatementQuery,
} = financeJournalApi;

/** Where an account's page lives (account names hold colons). */
export function accountPath(account: string): string {
  return `/finance/accounts/${encodeURIComponent(account)}`;
}

export function eventPath(eventId: string): string {
  return `/finance/events/${encodeURIComponent(eventId)}`;
}

/** A `datetime-local` value (the reader's zone) as ISO, or undefined when empty or invalid. */
export function localToIso(local: string | null | undefined): string | undefined {
  if (!local) return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** A user's account name's parts: `user:<id>:account|activity|hold`. */
export function userAccountOf(account: string): { userId: string; kind: string } | null {
  const match = /^user:(.+):(account|activity|hold)$/.exec(account);
  return match ? { userId: match[1]!, kind: match[2]! } : null;
}

/** The sum of postings in kobo: zero for every event of a double-entry ledger. */
export function postingsSumKobo(postings: readonly Posting[]): number {
  return postings.reduce((sum, posting) => sum + posting.amountKobo, 0);
}
