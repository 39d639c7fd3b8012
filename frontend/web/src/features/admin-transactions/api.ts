/** The admin's transaction list (docs/api/admin.md): every user's transactions, newest first. */
import { api } from '../../shared/api/api';
import { toPage, type Page } from '../../shared/api/paging';
import type { ApiAnswer, ApiQuery } from '../../shared/api/types';

export type AdminTransaction = ApiAnswer<'getAdminTransactions'>[number];
export type TransactionListArgs = ApiQuery<'getAdminTransactions'>;

export const adminTransactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The server filters and pages; X-Total-Count gives the total.
    getAdminTransactions: build.query<Page<AdminTransaction>, TransactionListArgs>({
      query: (params) => ({ url: '/admin/transactions', params }),
      transformResponse: (items: AdminTransaction[], meta) => toPage(items, meta),
      providesTags: ['Transactions'],
    }),
  }),
});

export const { useGetAdminTransactionsQuery } = adminTransactionsApi;
