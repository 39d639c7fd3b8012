/**
 * The admin's overview figures (GET /admin/stats), read by the admin dashboard and the withdrawals
 * page's cards: counts and naira totals as the server keeps them, never added up in the browser.
 */
import { api } from './api';
import type { ApiAnswer } from './types';

export type AdminStats = ApiAnswer<'getAdminStats'>;

export const adminStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStats, void>({
      query: () => '/admin/stats',
      // The figures count withdrawals, submissions and campaigns: a decision on any of them
      // (invalidating its tag) refreshes them.
      providesTags: [
        'Withdrawals',
        'Submissions',
        'Campaigns',
        'Transactions',
        'AdminCampaigns',
        'AdminUsers',
      ],
    }),
  }),
});

export const { useGetAdminStatsQuery } = adminStatsApi;
