/**
 * Finance's balance adjustment calls (docs/api/finance.md, "Balance adjustments"): the paged list,
 * and approving or rejecting a change that waits. Each decision carries a stable Idempotency-Key,
 * so a retry after a network error decides once.
 */
import { api } from '../../shared/api/api';
import { moneyTags } from '../../shared/api/account';
import { toPage, type Page } from '../../shared/api/paging';
import type { ApiAnswer, ApiBody, ApiQuery } from '../../shared/api/types';

export type Adjustment = ApiAnswer<'getFinanceAdjustments'>[number];
export type AdjustmentListArgs = NonNullable<ApiQuery<'getFinanceAdjustments'>>;
export type AdjustmentState = NonNullable<AdjustmentListArgs['state']>;
export type Decision = ApiAnswer<'postFinanceAdjustmentsByAdjustmentIdApprove'>;

/** A decision moves money (approve) and the list, or a campaign's status: the figures follow. */
const DECIDED = ['Adjustments', 'AdminUsers', 'AdminCampaigns', ...moneyTags] as const;

export const financeAdjustmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdjustments: build.query<Page<Adjustment>, AdjustmentListArgs>({
      query: (params) => ({ url: '/finance/adjustments', params }),
      transformResponse: (items: Adjustment[], meta) => toPage(items, meta),
      providesTags: ['Adjustments'],
    }),
    approveAdjustment: build.mutation<Decision, string>({
      query: (adjustmentId) => ({
        url: `/finance/adjustments/${encodeURIComponent(adjustmentId)}/approve`,
        method: 'POST',
        headers: { 'Idempotency-Key': `${adjustmentId}:approve` },
      }),
      // Also after a refusal: the change may have been decided elsewhere.
      invalidatesTags: [...DECIDED],
    }),
    rejectAdjustment: build.mutation<Decision, { adjustmentId: string; reason: string }>({
      query: ({ adjustmentId, reason }) => ({
        url: `/finance/adjustments/${encodeURIComponent(adjustmentId)}/reject`,
        method: 'POST',
        body: { reason } satisfies ApiBody<'postFinanceAdjustmentsByAdjustmentIdReject'>,
        headers: {
          'Idempotency-Key': `${adjustmentId}:reject:${encodeURIComponent(reason.trim()).slice(0, 200)}`,
        },
      }),
      invalidatesTags: [...DECIDED],
    }),
  }),
});

export const { useGetAdjustmentsQuery, useApproveAdjustmentMutation, useRejectAdjustmentMutation } =
  financeAdjustmentsApi;
