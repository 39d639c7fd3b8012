/** The withdrawal screen's calls: request a withdrawal (with an Idempotency-Key) and list them. */
import { api } from '../../shared/api/api';
import { moneyTags } from '../../shared/api/account';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

export type Withdrawal = ApiAnswer<'getUsersWithdrawals'>[number];
export type WithdrawalAnswer = ApiAnswer<'postUsersWithdraw', 201>;
export type WithdrawalKind = ApiBody<'postUsersWithdraw'>['type'];

export interface WithdrawalRequest {
  amount: number;
  type: WithdrawalKind;
  /** The transaction PIN the person confirmed it with. */
  pin?: string;
}

export const withdrawApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestWithdrawal: build.mutation<WithdrawalAnswer, WithdrawalRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, amount, type, pin }) => ({
        url: '/users/withdraw',
        method: 'POST',
        body: { amount, type, ...(pin === undefined ? {} : { pin }) } satisfies ApiBody<'postUsersWithdraw'>,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // Balances, the hold, the transaction list and the withdrawals all change (or were stale).
      invalidatesTags: [...moneyTags],
    }),
    getWithdrawals: build.query<Withdrawal[], void>({
      query: () => '/users/withdrawals',
      providesTags: (result) => [
        'Withdrawals',
        ...(result ?? []).map((withdrawal) => ({ type: 'Withdrawals' as const, id: withdrawal.id })),
      ],
    }),
  }),
});

export const { useRequestWithdrawalMutation, useGetWithdrawalsQuery } = withdrawApi;
