/**
 * The admin's withdrawal calls (docs/api/admin.md): the list, the figures for the cards, and
 * approve (optimistic) / reject, each with an Idempotency-Key per attempt.
 */
import { api } from '../../shared/api/api';
import { toPage, type Page } from '../../shared/api/paging';
import type { ApiAnswer, ApiBody, ApiQuery } from '../../shared/api/types';

export type AdminWithdrawal = ApiAnswer<'getAdminWithdrawals'>[number];
export type WithdrawalListArgs = ApiQuery<'getAdminWithdrawals'>;
export type WithdrawalDecision = ApiAnswer<'postAdminWithdrawalsReject'>;
export type WithdrawalApproval = ApiAnswer<'postAdminWithdrawalsApprove'>;
export type WithdrawalChecks = ApiAnswer<'getAdminWithdrawalsByWithdrawalIdChecks'>;

/** A new key for each attempt the admin makes; a retry by RTK (none for commands) would share it. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export const adminWithdrawalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminWithdrawals: build.query<Page<AdminWithdrawal>, WithdrawalListArgs>({
      query: (params) => ({ url: '/admin/withdrawals', params }),
      transformResponse: (items: AdminWithdrawal[], meta) => toPage(items, meta),
      providesTags: ['Withdrawals'],
    }),
    getWithdrawalChecks: build.query<WithdrawalChecks, string>({
      query: (withdrawalId) => ({ url: `/admin/withdrawals/${encodeURIComponent(withdrawalId)}/checks` }),
      providesTags: ['Withdrawals'],
    }),
    /** `confirmed`: the admin confirmed an amount above the confirmation amount (the row's needsConfirmation). */
    approveWithdrawal: build.mutation<WithdrawalApproval, { transactionId: string; confirmed?: boolean }>({
      query: ({ transactionId, confirmed }) => ({
        url: '/admin/withdrawals/approve',
        method: 'POST',
        body: {
          transactionId,
          ...(confirmed ? { confirmed: true } : {}),
        } satisfies ApiBody<'postAdminWithdrawalsApprove'>,
        headers: { 'Idempotency-Key': newAttemptKey() },
      }),
      // The row shows Approved at once; a refusal puts it back as it was.
      // Every cached page holding the row is patched.
      async onQueryStarted({ transactionId }, { dispatch, getState, queryFulfilled }) {
        const pages = adminWithdrawalsApi.util.selectCachedArgsForQuery(getState(), 'getAdminWithdrawals');
        const patches = pages.map((args) =>
          dispatch(
            adminWithdrawalsApi.util.updateQueryData('getAdminWithdrawals', args, (draft) => {
              const row = draft.items.find((withdrawal) => withdrawal._id === transactionId);
              if (row && row.status === 'pending') {
                row.status = 'approved';
                row.state = 'approved';
              }
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      // Also after a refusal: a 409 means the request changed elsewhere, so show where it stands.
      invalidatesTags: ['Withdrawals', 'Transactions'],
    }),
    /** Takes an approval back within its window: the request is pending again. */
    undoWithdrawalApproval: build.mutation<WithdrawalDecision, { transactionId: string }>({
      query: ({ transactionId }) => ({
        url: '/admin/withdrawals/undo',
        method: 'POST',
        body: { transactionId } satisfies ApiBody<'postAdminWithdrawalsUndo'>,
        headers: { 'Idempotency-Key': newAttemptKey() },
      }),
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

export const {
  useGetAdminWithdrawalsQuery,
  useGetWithdrawalChecksQuery,
  useApproveWithdrawalMutation,
  useUndoWithdrawalApprovalMutation,
  useRejectWithdrawalMutation,
} = adminWithdrawalsApi;
