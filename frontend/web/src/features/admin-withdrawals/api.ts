/**
 * The admin's withdrawal calls (docs/api/admin.md): the list, the figures for the cards, and
 * approve (optimistic) / reject, each with an Idempotency-Key per attempt.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

export type AdminWithdrawal = ApiAnswer<'getAdminWithdrawals'>[number];
export type WithdrawalDecision = ApiAnswer<'postAdminWithdrawalsApprove'>;

/** A new key for each attempt the admin makes; a retry by RTK (none for commands) would share it. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export const adminWithdrawalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminWithdrawals: build.query<AdminWithdrawal[], void>({
      query: () => '/admin/withdrawals',
      providesTags: ['Withdrawals'],
    }),
    approveWithdrawal: build.mutation<WithdrawalDecision, { transactionId: string }>({
      query: ({ transactionId }) => ({
        url: '/admin/withdrawals/approve',
        method: 'POST',
        body: { transactionId } satisfies ApiBody<'postAdminWithdrawalsApprove'>,
        headers: { 'Idempotency-Key': newAttemptKey() },
      }),
      // The row shows Approved at once; a refusal puts it back as it was.
      async onQueryStarted({ transactionId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          adminWithdrawalsApi.util.updateQueryData('getAdminWithdrawals', undefined, (draft) => {
            const row = draft.find((withdrawal) => withdrawal._id === transactionId);
            if (row && row.status === 'pending') {
              row.status = 'approved';
              row.payoutState = 'awaiting';
            }
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      // Also after a refusal: a 409 means the request changed elsewhere, so show where it stands.
      invalidatesTags: ['Withdrawals', 'Transactions'],
    }),
    rejectWithdrawal: build.mutation<WithdrawalDecision, { transactionId: string; reason: string }>({
      query: ({ transactionId, reason }) => ({
        url: '/admin/withdrawals/reject',
        method: 'POST',
        body: { transactionId, reason } satisfies ApiBody<'postAdminWithdrawalsReject'>,
        headers: { 'Idempotency-Key': newAttemptKey() },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Withdrawals', 'Transactions']),
    }),
  }),
});

export const { useGetAdminWithdrawalsQuery, useApproveWithdrawalMutation, useRejectWithdrawalMutation } =
  adminWithdrawalsApi;
