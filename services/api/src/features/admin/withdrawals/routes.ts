/** /admin/withdrawals: the requests, and approving or rejecting one (docs/product/staff-area.md#admin-screens, #how-things-change, #messages; docs/product/api-contract.md#admin-calls). */
import { z } from 'zod';
import { formatNaira } from '@kobo/ledger';
import type { FeatureRoutes } from '../../../context';
import {
  commandIdOf,
  defineRoute,
  HttpProblem,
  pagedResponseHeaders,
  sendTotal,
  principalActor,
} from '../../../http';
import { findWithdrawal, fullNameOf, listWithdrawals } from './queries';
import { adminWithdrawalSchema, withdrawalListQuery } from './schemas';

/** A rejection the admin gave no reason for still tells the user something. */
export const DEFAULT_REJECTION_REASON = 'Your withdrawal request was declined by an admin.';
const WITHDRAWAL_VIEWS = ['withdrawals', 'transactions', 'balances', 'user_stats'] as const;

const decisionBody = z.object({
  /** The withdrawal id (the old client calls it transactionId). */
  transactionId: z
    .string({ error: 'Transaction id is required' })
    .trim()
    .min(1, 'Transaction id is required'),
});
const rejectionBody = decisionBody.extend({ reason: z.string().trim().max(500).optional() });
const decisionAnswer = z.object({ status: z.literal('success'), message: z.string() });

export const withdrawalRoutes: FeatureRoutes = (ctx) => {
  async function decide(
    withdrawalId: string,
    verb: 'approved' | 'rejected',
    run: (userId: string) => Promise<{ lastPosition: number }>,
  ) {
    const found = await findWithdrawal(ctx.pool, withdrawalId);
    if (!found) throw new HttpProblem('not_found', 'Withdrawal not found.');
    const result = await run(found.user_id);
    await ctx.writes.caughtUpTo(result.lastPosition, WITHDRAWAL_VIEWS);
    return {
      status: 'success' as const,
      message: `${fullNameOf(found)}'s withdrawal request of ${formatNaira(Number(found.amount))} has been ${verb} successfully.`,
    };
  }

  return [
    defineRoute({
      method: 'get',
      path: '/admin/withdrawals',
      summary: 'Withdrawal requests in every state, newest first, with the bank details and the payout',
      description:
        'Searched, filtered and paged; pages of at most 500; after = X-Next-Cursor pages by key. X-Total-Count says how many match.',
      tags: ['admin'],
      access: ['admin'],
      query: withdrawalListQuery,
      responses: {
        200: {
          description: 'The requests (money in naira)',
          schema: adminWithdrawalSchema.array(),
          headers: pagedResponseHeaders,
        },
        400: { description: 'An invalid filter, sort or page', problem: true },
      },
      async handler({ query, res }) {
        const { withdrawals, total, next } = await listWithdrawals(ctx.pool, query);
        sendTotal(res, total, next);
        return withdrawals;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/withdrawals/approve',
      summary: 'Approve a pending withdrawal: the hold is posted and the payout queued',
      tags: ['admin'],
      access: ['admin'],
      body: decisionBody,
      idempotency: 'optional',
      responses: {
        200: {
          description: '"{name}\'s withdrawal request of ₦{amount} has been approved successfully."',
          schema: decisionAnswer,
        },
        403: {
          description:
            'The admin created this account or changed its balance: another staff member must approve it',
          problem: true,
        },
        404: { description: 'No such withdrawal', problem: true },
        409: { description: 'The withdrawal was already rejected', problem: true },
      },
      handler: ({ body, principal, res }) =>
        decide(body.transactionId, 'approved', (userId) =>
          ctx.commands.approveWithdrawal(
            { userId, withdrawalId: body.transactionId, by: principalActor(principal) },
            { commandId: commandIdOf(res) },
          ),
        ),
    }),
    defineRoute({
      method: 'post',
      path: '/admin/withdrawals/reject',
      summary: 'Reject a pending withdrawal: the hold is voided and the money is available again',
      tags: ['admin'],
      access: ['admin'],
      body: rejectionBody,
      idempotency: 'optional',
      responses: {
        200: {
          description: '"{name}\'s withdrawal request of ₦{amount} has been rejected successfully."',
          schema: decisionAnswer,
        },
        404: { description: 'No such withdrawal', problem: true },
        409: { description: 'The withdrawal was already approved', problem: true },
      },
      handler: ({ body, principal, res }) =>
        decide(body.transactionId, 'rejected', (userId) =>
          ctx.commands.rejectWithdrawal(
            {
              userId,
              withdrawalId: body.transactionId,
              reason: body.reason || DEFAULT_REJECTION_REASON,
              by: principalActor(principal),
            },
            { commandId: commandIdOf(res) },
          ),
        ),
    }),
  ];
};
