/**
 * Reads that several features share: the dashboard answer (balances, totals, profile, bank details,
 * withdrawal rules: the shell, dashboard, withdraw and settings pages all show parts of it) and the
 * transaction list (dashboard and history). Feature-only endpoints live in their feature folder.
 */
import { api } from './api';
import type { ApiAnswer } from './types';

export type Dashboard = ApiAnswer<'getUsersDashboard'>;
export type Transaction = ApiAnswer<'getUsersTransactions'>[number];

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => '/users/dashboard',
      providesTags: ['Dashboard'],
    }),
    getTransactions: build.query<Transaction[], void>({
      query: () => '/users/transactions',
      providesTags: (result) => [
        'Transactions',
        ...(result ?? []).map((transaction) => ({ type: 'Transactions' as const, id: transaction.id })),
      ],
    }),
  }),
});

export const { useGetDashboardQuery, useGetTransactionsQuery } = accountApi;

/** Tags every command that moves money invalidates: balances, totals and lists all follow. */
export const moneyTags = ['Dashboard', 'Transactions', 'Statement', 'Withdrawals'] as const;
