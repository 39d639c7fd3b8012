/**
 * The withdrawals view's filter, search and page (docs/product/staff-area.md#admin-screens): what the URL holds and
 * what the server is asked for (it filters and pages). Pure, so the page and its tests share one
 * definition.
 */
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import { WITHDRAWAL_STATES, withdrawalStateLook, type WithdrawalState } from '../../shared/withdrawal-states';
import type { AdminWithdrawal, WithdrawalListArgs } from './api';

export type StateFilter = 'all' | WithdrawalState;

/** All, then every state in the one vocabulary, in the order a withdrawal moves. */
export const STATE_FILTERS: { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...WITHDRAWAL_STATES.map((state) => ({ value: state, label: withdrawalStateLook(state).label })),
];

export interface WithdrawalFilters extends PageRequest {
  state: StateFilter;
  query: string;
}

/** The page opens on the requests waiting for a decision (docs/product/staff-area.md#withdrawals-adminwithdrawals). */
export const DEFAULT_STATE: StateFilter = 'requested';

/** The filters a URL's query holds (`?state=all&q=ada&page=2`); none or anything unknown reads as Requested. */
export function readFilters(params: URLSearchParams): WithdrawalFilters {
  const state = params.get('state');
  return {
    state: STATE_FILTERS.some((filter) => filter.value === state) ? (state as StateFilter) : DEFAULT_STATE,
    query: params.get('q') ?? '',
    ...readPage(params),
  };
}

/** The query for the filters; the defaults are left out so the plain address means Requested. */
export function writeFilters({ state, query, ...page }: WithdrawalFilters): Record<string, string> {
  return {
    ...(state === DEFAULT_STATE ? {} : { state }),
    ...(query ? { q: query } : {}),
    ...writePage(page),
  };
}

/** What the server is asked for: the state, the search trimmed, newest first. */
export function listArgs({ state, query, page, pageSize }: WithdrawalFilters): WithdrawalListArgs {
  const q = query.trim();
  return { ...(state === 'all' ? {} : { state }), ...(q ? { q } : {}), page, pageSize };
}

export function typeLabel(type: AdminWithdrawal['type']): string {
  return type === 'activityWithdrawal' ? 'Activity' : 'Withdrawal';
}
