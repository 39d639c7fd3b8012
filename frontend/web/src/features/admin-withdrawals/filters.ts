/**
 * The withdrawals view's filter and search (admin-area.md section 2): what the URL holds, and
 * which requests match. Pure, so the page and its tests share one definition.
 */
import type { Intent } from '@blueprintjs/core';
import type { AdminWithdrawal } from './api';

export type StatusFilter = 'all' | 'pending' | 'approved' | 'rejected';

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export interface WithdrawalFilters {
  status: StatusFilter;
  query: string;
}

/** The filters a URL's query holds (`?status=pending&q=ada`); anything unknown reads as All. */
export function readFilters(params: URLSearchParams): WithdrawalFilters {
  const status = params.get('status');
  return {
    status: STATUS_FILTERS.some((filter) => filter.value === status) ? (status as StatusFilter) : 'all',
    query: params.get('q') ?? '',
  };
}

/** The query for the filters; the defaults are left out so the plain address means All. */
export function writeFilters({ status, query }: WithdrawalFilters): Record<string, string> {
  return {
    ...(status === 'all' ? {} : { status }),
    ...(query ? { q: query } : {}),
  };
}

/** Case-insensitive substring of the user's full name, username or email. */
export function matchesQuery(withdrawal: AdminWithdrawal, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [withdrawal.fullName, withdrawal.username, withdrawal.email].some((field) =>
    (field ?? '').toLowerCase().includes(needle),
  );
}

export function filterWithdrawals(rows: AdminWithdrawal[], filters: WithdrawalFilters): AdminWithdrawal[] {
  return rows.filter(
    (row) => (filters.status === 'all' || row.status === filters.status) && matchesQuery(row, filters.query),
  );
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
