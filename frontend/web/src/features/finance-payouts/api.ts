/**
 * Finance's payout calls (docs/api/finance.md, "Payouts"): the list by state (with the payouts the
 * provider held, `attention`), the bank's CSV, mark paid / mark failed, moving a held payout to the
 * manual desk, and the discrepancies between the provider's answers and the books. Each command
 * carries a stable Idempotency-Key per withdrawal, action and text, so a retry after a network
 * error can never record twice.
 */
import { api } from '../../shared/api/api';
import { moneyTags } from '../../shared/api/account';
import { toPage, type Page, type PageRequest } from '../../shared/api/paging';
import type { ApiAnswer, ApiBody, ApiQuery } from '../../shared/api/types';

export type Payout = ApiAnswer<'getFinancePayouts'>[number];
export type PayoutState = NonNullable<NonNullable<ApiQuery<'getFinancePayouts'>>['state']>;
export type SettledPayout = ApiAnswer<'postFinancePayoutsByWithdrawalIdMarkPaid'>;
export type PayoutAction = 'paid' | 'failed';
export type MovedPayout = ApiAnswer<'postFinancePayoutsByWithdrawalIdMoveToManual'>;
export type PayoutDiscrepancy = ApiAnswer<'getFinancePayoutDiscrepancies'>['discrepancies'][number];
export type PayoutSummary = ApiAnswer<'getFinancePayoutsSummary'>;
/** What a list is narrowed to: a search (name, reference…) and a range of days ('2026-11-27', the reader's days). */
export interface PayoutFilters {
  q: string;
  from: string;
  to: string;
}
export interface PayoutsRequest extends PageRequest, Partial<PayoutFilters> {
  state: PayoutState;
}

/** A day ('2026-11-27') as the moment it starts in the reader's zone, ISO; undefined when not a day. */
export function dayStart(day: string | undefined, plusDays = 0): string | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return undefined;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

/** The query of a list's filters: the range's days whole ([from's start, the day after to)). */
export function filterQuery({ q, from, to }: Partial<PayoutFilters>): Record<string, string> {
  const query: Record<string, string> = {};
  if (q?.trim()) query.q = q.trim();
  const start = dayStart(from);
  const end = dayStart(to, 1);
  if (start) query.from = start;
  if (end) query.to = end;
  return query;
}

/**
 * The tabs. `pending` is the manual desk: approved payouts finance sends by bank transfer and marks
 * by hand (with a payout provider, only those moved there); `sending` the provider is sending;
 * `attention` the payouts the provider held.
 */
export const PAYOUT_STATES: { value: PayoutState; label: string }[] = [
  { value: 'pending', label: 'Manual desk' },
  { value: 'attention', label: 'Needs attention' },
  { value: 'sending', label: 'Sending' },
  { value: 'paid', label: 'Paid' },
  { value: 'failed', label: 'Failed' },
  { value: 'reversed', label: 'Reversed' },
  { value: 'all', label: 'All' },
];

/** Not yet paid or failed: approved, or with the provider. */
function underway(payout: Pick<Payout, 'state'>): boolean {
  return payout.state === 'approved' || payout.state === 'sending';
}

/**
 * On the manual desk, so finance may mark it paid or failed by hand: moved there, or listed on the
 * manual desk tab by the server (which, with no payout provider, puts every approved payout there).
 */
export function onManualDesk(payout: Pick<Payout, 'state' | 'desk'>, tab: PayoutState): boolean {
  if (!underway(payout)) return false;
  return payout.desk === 'manual' || tab === 'pending';
}

/** Held by the provider (it needs finance: an OTP, transfers off, its balance too low). */
export function heldByProvider(payout: Pick<Payout, 'state' | 'desk' | 'heldReason'>): boolean {
  return underway(payout) && payout.desk !== 'manual' && Boolean(payout.heldReason);
}

/** Where the list's CSV is (the bank file, or paid payouts to reconcile); the session cookie goes with a plain link. */
export function payoutsCsvUrl(state: PayoutState, filters: Partial<PayoutFilters> = {}): string {
  return `/api/finance/payouts.csv?${new URLSearchParams({ state, ...filterQuery(filters) }).toString()}`;
}

/** A short, stable digest (cyrb53) for texts too long for a key. */
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The key of one intended outcome: the same withdrawal, action and text always give the same key
 * (visible ASCII, at most 255 characters, as the server asks).
 */
export function payoutKey(withdrawalId: string, action: PayoutAction | 'manual', text: string): string {
  const readable = `${withdrawalId}:${action}:${encodeURIComponent(text.trim())}`;
  return readable.length <= 255 ? readable : `${withdrawalId}:${action}:h${digest(text.trim())}`;
}

interface MarkArgs {
  withdrawalId: string;
  /** A batch refreshes the lists once at its end, not after every row. */
  inBatch?: boolean;
}

/** What a recorded payout changes: the payout lists and every money figure. */
export const payoutTags = ['Payouts', ...moneyTags] as const;

/** Also after a refusal: a 409 means the payout changed elsewhere, so show where it stands. */
const settledTags = (_result: unknown, _error: unknown, { inBatch }: MarkArgs) =>
  inBatch ? [] : [...payoutTags];

export const financePayoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPayouts: build.query<Page<Payout>, PayoutsRequest>({
      query: ({ state, page, pageSize, ...filters }) => ({
        url: '/finance/payouts',
        params: { state, page, pageSize, ...filterQuery(filters) },
      }),
      transformResponse: (items: Payout[], meta) => toPage(items, meta),
      providesTags: ['Payouts'],
    }),
    /** The awaiting list's figures, counted by the server over every row (not the page in hand). */
    getPayoutSummary: build.query<PayoutSummary, void>({
      query: () => '/finance/payouts/summary',
      providesTags: ['Payouts'],
    }),
    markPayoutPaid: build.mutation<SettledPayout, MarkArgs & { reference: string }>({
      query: ({ withdrawalId, reference }) => ({
        url: `/finance/payouts/${encodeURIComponent(withdrawalId)}/mark-paid`,
        method: 'POST',
        body: { reference } satisfies ApiBody<'postFinancePayoutsByWithdrawalIdMarkPaid'>,
        headers: { 'Idempotency-Key': payoutKey(withdrawalId, 'paid', reference) },
      }),
      invalidatesTags: settledTags,
    }),
    markPayoutFailed: build.mutation<SettledPayout, MarkArgs & { reason: string }>({
      query: ({ withdrawalId, reason }) => ({
        url: `/finance/payouts/${encodeURIComponent(withdrawalId)}/mark-failed`,
        method: 'POST',
        body: { reason } satisfies ApiBody<'postFinancePayoutsByWithdrawalIdMarkFailed'>,
        headers: { 'Idempotency-Key': payoutKey(withdrawalId, 'failed', reason) },
      }),
      invalidatesTags: settledTags,
    }),
    /** A held payout to the manual desk, where finance pays it by bank transfer and marks it by hand. */
    movePayoutToManual: build.mutation<MovedPayout, { withdrawalId: string }>({
      query: ({ withdrawalId }) => ({
        url: `/finance/payouts/${encodeURIComponent(withdrawalId)}/move-to-manual`,
        method: 'POST',
        headers: { 'Idempotency-Key': payoutKey(withdrawalId, 'manual', '') },
      }),
      // Also after a refusal: a 409 means the payout moved on elsewhere.
      invalidatesTags: ['Payouts'],
    }),
    getPayoutDiscrepancies: build.query<PayoutDiscrepancy[], void>({
      query: () => '/finance/payout-discrepancies',
      transformResponse: (answer: ApiAnswer<'getFinancePayoutDiscrepancies'>) => answer.discrepancies,
      providesTags: ['Payouts'],
    }),
  }),
});

export const {
  useGetPayoutsQuery,
  useGetPayoutSummaryQuery,
  useMarkPayoutPaidMutation,
  useMarkPayoutFailedMutation,
  useMovePayoutToManualMutation,
  useGetPayoutDiscrepanciesQuery,
} = financePayoutsApi;
