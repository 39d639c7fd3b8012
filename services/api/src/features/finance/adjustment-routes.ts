/**
 * Balance adjustments for finance (separation of duties): every adjustment, and approving or
 * rejecting those above the approval threshold; in the same queue, campaigns whose total reward is
 * above it (approved: the campaign goes live; rejected: it ends and its escrow goes back). Finance
 * only: the admin who asked must not decide.
 */
import { z } from 'zod';
import type { FeatureRoutes } from '../../context';
import {
  commandIdOf,
  defineRoute,
  HttpProblem,
  pagedResponseHeaders,
  sendTotal,
  principalActor,
} from '../../http';
import { adjustmentSchema, adjustmentsQuery, findAdjustment, listAdjustments } from './adjustments';

const ADJUSTMENT_VIEWS = [
  'adjustments',
  'balances',
  'transactions',
  'ledger_entries',
  'user_stats',
  'campaigns',
  'submissions',
] as const;
const REJECTION_REASON = 'Please give a reason for the rejection.';

const adjustmentParams = z.object({ adjustmentId: z.string().min(1).max(200) });
const rejectBody = z.object({
  reason: z
    .string({ error: REJECTION_REASON })
    .trim()
    .min(3, REJECTION_REASON)
    .max(200, 'The reason must be at most 200 characters.'),
});
const decisionAnswer = z.object({ message: z.string(), adjustment: adjustmentSchema });

export const adjustmentRoutes: FeatureRoutes = (ctx) => {
  /** Runs the decision on the user's stream (a balance change) or the campaign's. */
  async function decide(
    adjustmentId: string,
    decision: {
      balance: (userId: string) => Promise<{ lastPosition: number }>;
      campaign: (campaignId: string) => Promise<{ lastPosition: number }>;
    },
    messages: { balance: string; campaign: string },
  ) {
    const found = await findAdjustment(ctx.pool, adjustmentId);
    if (!found) throw new HttpProblem('not_found', 'Adjustment not found.');
    const result =
      found.kind === 'campaign'
        ? await decision.campaign(found.campaignId!)
        : await decision.balance(found.userId);
    await ctx.writes.caughtUpTo(result.lastPosition, ADJUSTMENT_VIEWS);
    return { message: messages[found.kind], adjustment: (await findAdjustment(ctx.pool, adjustmentId))! };
  }

  return [
    defineRoute({
      method: 'get',
      path: '/finance/adjustments',
      summary:
        'Balance adjustments and campaign approvals: pending first, then newest first; searched, filtered and paged',
      description: 'X-Total-Count says how many match; after = X-Next-Cursor pages by key.',
      tags: ['finance'],
      access: ['finance'],
      query: adjustmentsQuery,
      responses: {
        200: {
          description: 'The adjustments (money in naira)',
          schema: adjustmentSchema.array(),
          headers: pagedResponseHeaders,
        },
        400: { description: 'An invalid filter or page', problem: true },
      },
      async handler({ query, res }) {
        const { adjustments, total, next } = await listAdjustments(ctx.pool, query);
        sendTotal(res, total, next);
        return adjustments;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/finance/adjustments/:adjustmentId/approve',
      summary:
        'Approve a pending balance change (it is posted) or campaign (it goes live); approving again is a no-op',
      tags: ['finance'],
      access: ['finance'],
      params: adjustmentParams,
      idempotency: 'optional',
      responses: {
        200: {
          description: "'Balance change approved.' or 'Campaign approved.', and the adjustment",
          schema: decisionAnswer,
        },
        403: { description: 'The finance user asked for this change or campaign themself', problem: true },
        404: { description: 'No such adjustment', problem: true },
        409: { description: 'Already rejected, or replaced by a later balance change', problem: true },
        422: { description: 'The balance would go below zero', problem: true },
      },
      handler: ({ params, principal, res }) =>
        decide(
          params.adjustmentId,
          {
            balance: (userId) =>
              ctx.commands.approveBalanceAdjustment(
                { userId, adjustmentId: params.adjustmentId, by: principalActor(principal) },
                { commandId: commandIdOf(res) },
              ),
            campaign: (campaignId) =>
              ctx.commands.approveCampaign(
                { campaignId, approvalId: params.adjustmentId, by: principalActor(principal) },
                { commandId: commandIdOf(res) },
              ),
          },
          { balance: 'Balance change approved.', campaign: 'Campaign approved.' },
        ),
    }),
    defineRoute({
      method: 'post',
      path: '/finance/adjustments/:adjustmentId/reject',
      summary:
        'Reject a pending balance change (nothing is posted) or campaign (it ends, its escrow goes back) with a reason; rejecting again is a no-op',
      tags: ['finance'],
      access: ['finance'],
      params: adjustmentParams,
      body: rejectBody,
      idempotency: 'optional',
      responses: {
        200: {
          description: "'Balance change rejected.' or 'Campaign rejected.', and the adjustment",
          schema: decisionAnswer,
        },
        400: { description: 'The reason is missing', problem: true },
        404: { description: 'No such adjustment', problem: true },
        409: { description: 'Already approved, or replaced by a later balance change', problem: true },
      },
      handler: ({ params, body, principal, res }) =>
        decide(
          params.adjustmentId,
          {
            balance: (userId) =>
              ctx.commands.rejectBalanceAdjustment(
                {
                  userId,
                  adjustmentId: params.adjustmentId,
                  reason: body.reason,
                  by: principalActor(principal),
                },
                { commandId: commandIdOf(res) },
              ),
            campaign: (campaignId) =>
              ctx.commands.rejectCampaign(
                {
                  campaignId,
                  approvalId: params.adjustmentId,
                  reason: body.reason,
                  by: principalActor(principal),
                },
                { commandId: commandIdOf(res) },
              ),
          },
          { balance: 'Balance change rejected.', campaign: 'Campaign rejected.' },
        ),
    }),
  ];
};
