/**
 * /admin/withdrawals: the requests, the checks beside one, and approving (confirmed above an
 * amount, and undoable for a few seconds: decision 0044) or rejecting one
 * (docs/product/staff-area.md#admin-screens, #how-things-change, #messages;
 * docs/product/api-contract.md#admin-calls).
 */
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
import { iso } from '../wire';
import { findWithdrawal, fullNameOf, listWithdrawals, needsConfirmation, withdrawalChecks } from './views';
import { adminWithdrawalSchema, withdrawalChecksSchema, withdrawalListQuery } from './schemas';

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
const approvalBody = decisionBody.extend({
  confirmed: z
    .boolean()
    .optional()
    .describe('Required (true) for an amount above WITHDRAWAL_CONFIRM_ABOVE_NAIRA: the admin confirmed it'),
});
const decisionAnswer = z.object({ status: z.literal('success'), message: z.string() });
const approvalAnswer = decisionAnswer.extend({
  undoableUntil: z
    .string()
    .nullable()
    .describe('Until when the approval may be undone (POST /admin/withdrawals/undo); null: it cannot be'),
});

/** The problem an unconfirmed approval above the amount gets (409, field `confirmed`). */
export function confirmationRequired(confirmAbove: number): string {
  return `Approving more than ${formatNaira(confirmAbove)} must be confirmed: check the request and confirm the approval.`;
}

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

  const desk = ctx.config.withdrawals;

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
        const { withdrawals, total, next } = await listWithdrawals(ctx.pool, query, desk);
        sendTotal(res, total, next);
        return withdrawals;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admin/withdrawals/:withdrawalId/checks',
      summary: "What to look at before approving: the account's age, its bank details, earlier payouts",
      description:
        'How old the account is, when its bank details were last set or changed, whether the account name is the ' +
        "bank's and holds the user's names, the user's earlier payouts, and other users on the same bank account.",
      tags: ['admin'],
      access: ['admin'],
      params: z.object({ withdrawalId: z.string().min(1) }),
      responses: {
        200: { description: 'The checks (money in naira)', schema: withdrawalChecksSchema },
        404: { description: 'No such withdrawal', problem: true },
      },
      async handler({ params }) {
        const checks = await withdrawalChecks(ctx.pool, params.withdrawalId);
        if (!checks) throw new HttpProblem('not_found', 'Withdrawal not found.');
        return checks;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/withdrawals/approve',
      summary: 'Approve a pending withdrawal: the hold is posted and the payout queued after the undo window',
      description:
        'Above WITHDRAWAL_CONFIRM_ABOVE_NAIRA the body must say `confirmed: true` (else 409, field `confirmed`). ' +
        'The approval may be undone until `undoableUntil` (WITHDRAWAL_UNDO_SECONDS); its payout starts after it.',
      tags: ['admin'],
      access: ['admin'],
      body: approvalBody,
      idempotency: 'optional',
      responses: {
        200: {
          description: '"{name}\'s withdrawal request of ₦{amount} has been approved successfully."',
          schema: approvalAnswer,
        },
        403: {
          description:
            'The admin created this account or changed its balance: another staff member must approve it',
          problem: true,
        },
        404: { description: 'No such withdrawal', problem: true },
        409: {
          description:
            'The withdrawal was already rejected, or its amount is above the confirmation amount and `confirmed` is not true',
          problem: true,
        },
      },
      async handler({ body, principal, res }) {
        const found = await findWithdrawal(ctx.pool, body.transactionId);
        if (!found) throw new HttpProblem('not_found', 'Withdrawal not found.');
        if (
          found.status === 'pending' &&
          needsConfirmation(Number(found.amount), desk) &&
          body.confirmed !== true
        )
          throw new HttpProblem('conflict', confirmationRequired(desk.confirmAbove), {
            confirmed: `Confirm the approval of ${formatNaira(Number(found.amount))}.`,
          });
        const answer = await decide(body.transactionId, 'approved', (userId) =>
          ctx.commands.approveWithdrawal(
            { userId, withdrawalId: body.transactionId, by: principalActor(principal) },
            { commandId: commandIdOf(res) },
          ),
        );
        const after = await findWithdrawal(ctx.pool, body.transactionId);
        return {
          ...answer,
          undoableUntil: after?.status === 'approved' ? iso(after.undoable_until) : null,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/withdrawals/undo',
      summary: 'Undo an approval within its window: the withdrawal is pending again and nothing is paid',
      description:
        'Allowed while the withdrawal is approved, before its `undoableUntil`, and before any payout desk took it; ' +
        'the payout job starts only after the window (decision 0044).',
      tags: ['admin'],
      access: ['admin'],
      body: decisionBody,
      idempotency: 'optional',
      responses: {
        200: {
          description: '"{name}\'s withdrawal request of ₦{amount} is pending again."',
          schema: decisionAnswer,
        },
        404: { description: 'No such withdrawal', problem: true },
        409: {
          description:
            'The time to undo has passed, the payout has started, or the withdrawal is not approved',
          problem: true,
        },
      },
      async handler({ body, principal, res }) {
        const found = await findWithdrawal(ctx.pool, body.transactionId);
        if (!found) throw new HttpProblem('not_found', 'Withdrawal not found.');
        const result = await ctx.commands.undoWithdrawalApproval(
          { userId: found.user_id, withdrawalId: body.transactionId, by: principalActor(principal) },
          { commandId: commandIdOf(res) },
        );
        await ctx.writes.caughtUpTo(result.lastPosition, WITHDRAWAL_VIEWS);
        return {
          status: 'success' as const,
          message: `${fullNameOf(found)}'s withdrawal request of ${formatNaira(Number(found.amount))} is pending again.`,
        };
      },
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
