/** The admin's transaction list (docs/api/admin.md): every user's transactions, newest first. */
import { api } from '../../shared/api/api';
import type { ApiAnswer } from '../../shared/api/types';

export type AdminTransaction = ApiAnswer<'getAdminTransactions'>[number];

export const adminTransactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminTransactions: build.query<AdminTransaction[], void>({
      query: () => '/admin/transactions',
      providesTags: ['Transactions'],
    }),
  }),
});

export const { useGetAdminTransactionsQuery } = adminTransactionsApi;
