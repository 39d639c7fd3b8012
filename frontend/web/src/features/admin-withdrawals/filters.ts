/**
 * The withdrawals view's filter, search and page (admin-area.md section 2): what the URL holds and
 * what the server is asked for (it filters and pages). Pure, so the page and its tests share one
 * definition.
 */
import type { Intent } from '@blueprintjs/core';
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import type { AdminWithdrawal, WithdrawalListArgs } from './api';

export type StatusFilter = 'all' | 'pending' | 'approved' | 'rejected';

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export interface WithdrawalFilters extends PageRequest {
  status: StatusFilter;
  query: string;
}

/** The filters a URL's query holds (`?status=pending&q=ada&page=2`); anything unknown reads as All. */
export function readFilters(params: URLSearchParams): WithdrawalFilters {
  const status = params.get('status');
  return {
    status: STATUS_FILTERS.some((filter) => filter.value === status) ? (status as StatusFilter) : 'all',
    query: params.get('q') ?? '',
    ...readPage(params),
  };
}

/** The query for the filters; the defaults are left out so the plain address means All. */
export function writeFilters({ status, query, ...page }: WithdrawalFilters): Record<string, string> {
  return {
    ...(status === 'all' ? {} : { status }),
    ...(query ? { q: query } : {}),
    ...writePage(page),
  };
}

/** What the server is asked for: the search trimmed, newest first. */
export function listArgs({ status, query, page, pageSize }: WithdrawalFilters): WithdrawalListArgs {
  const q = query.trim();
  return { ...(status === 'all' ? {} : { status }), ...(q ? { q } : {}), page, pageSize };
}

/**
 * Where a request stands, for its tag: an approved request goes on to be paid by finance, or its
 * payout fails and the money goes back to the user.
 */
export function withdrawalState(withdrawal: Pick<AdminWithdrawal, 'status' | 'payoutState'>): {
  label: string;
  intent: Intent;
  detail?: string;
} {
  if (withdrawal.status === 'rejected') return { label: 'Rejected', intent: 'danger' };
  if (withdrawal.status === 'pending') return { label: 'Pending', intent: 'warning' };
  if (withdrawal.payoutState === 'paid')
    return { label: 'Paid', intent: 'success', detail: 'Approved and paid' };
  if (withdrawal.payoutState === 'failed')
    return {
      label: 'Payout failed',
      intent: 'danger',
      detail: 'Approved; the payout failed and was returned',
    };
  return { label: 'Approved', intent: 'success', detail: 'Approved; awaiting the payout' };
}

export function typeLabel(type: AdminWithdrawal['type']): string {
  return type === 'activityWithdrawal' ? 'Activity' : 'Withdrawal';
}
