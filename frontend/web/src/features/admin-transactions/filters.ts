/**
 * The transactions view's filter and search (admin-area.md section 2), kept in the URL
 * (`?status=failed&q=ada`). Pure, shared by the page and its tests.
 */
import type { Intent } from '@blueprintjs/core';
import type { AdminTransaction } from './api';

export type StatusFilter = 'all' | AdminTransaction['status'];

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
];

export interface TransactionFilters {
  status: StatusFilter;
  query: string;
}

export function readFilters(params: URLSearchParams): TransactionFilters {
  const status = params.get('status');
  return {
    status: STATUS_FILTERS.some((filter) => filter.value === status) ? (status as StatusFilter) : 'all',
    query: params.get('q') ?? '',
  };
}

export function writeFilters({ status, query }: TransactionFilters): Record<string, string> {
  return { ...(status === 'all' ? {} : { status }), ...(query ? { q: query } : {}) };
}

/** Case-insensitive substring of the user's name (full or username) or the description. */
export function matchesQuery(transaction: AdminTransaction, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [transaction.fullName, transaction.username, transaction.description].some((field) =>
    (field ?? '').toLowerCase().includes(needle),
  );
}

export function filterTransactions(
  rows: AdminTransaction[],
  filters: TransactionFilters,
): AdminTransaction[] {
  return rows.filter(
    (row) => (filters.status === 'all' || row.status === filters.status) && matchesQuery(row, filters.query),
  );
}

/** The cards: how many transactions there are, and how many completed or pending. */
export function countTransactions(rows: AdminTransaction[]) {
  return {
    total: rows.length,
    completed: rows.filter((row) => row.status === 'completed').length,
    pending: rows.filter((row) => row.status === 'pending').length,
  };
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
