/**
 * The transactions view's filter, search and page (docs/product/staff-area.md#admin-screens), kept in the URL
 * (`?status=failed&q=ada&page=2`); the server filters and pages. Pure, shared by the page and its
 * tests.
 */
import type { Intent } from '@blueprintjs/core';
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import type { AdminTransaction, TransactionListArgs } from './api';

export type StatusFilter = 'all' | AdminTransaction['status'];

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
];

export interface TransactionFilters extends PageRequest {
  status: StatusFilter;
  query: string;
}

export function readFilters(params: URLSearchParams): TransactionFilters {
  const status = params.get('status');
  return {
    status: STATUS_FILTERS.some((filter) => filter.value === status) ? (status as StatusFilter) : 'all',
    query: params.get('q') ?? '',
    ...readPage(params),
  };
}

export function writeFilters({ status, query, ...page }: TransactionFilters): Record<string, string> {
  return { ...(status === 'all' ? {} : { status }), ...(query ? { q: query } : {}), ...writePage(page) };
}

/** What the server is asked for: the search trimmed, All left out. */
export function listArgs({ status, query, page, pageSize }: TransactionFilters): TransactionListArgs {
  const q = query.trim();
  return { ...(status === 'all' ? {} : { status }), ...(q ? { q } : {}), page, pageSize };
}

const TYPE_LABELS: Record<string, string> = {
  task: 'Task',
  activity: 'Activity',
  referral: 'Referral',
  bonus: 'Bonus',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  activityWithdrawal: 'Activity withdrawal',
  other: 'Adjustment',
};

export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}

export const STATUS_INTENT: Record<AdminTransaction['status'], Intent> = {
  completed: 'success',
  pending: 'warning',
  failed: 'danger',
};

export function statusLabel(status: AdminTransaction['status']): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
