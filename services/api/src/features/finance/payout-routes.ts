/**
 * Manual bank transfers (the default payout provider): finance lists the approved withdrawals,
 * exports them for the bank, then marks each paid with the bank's reference, or failed (the money
 * goes back to the user's balance). Only finance settles; admins may read.
 */
import { MANUAL_TRANSFER } from '@kobo/jobs';
import type { FeatureRoutes } from '../../context';
import {
  commandIdOf,
  defineRoute,
  HttpProblem,
  pagedResponseHeaders,
  sendTotal,
  principalActor,
} from '../../http';
import { csvLine, koboToNairaText as nairaText } from '@kobo/projector';
import { allPayouts, findWithdrawal, listPayouts, payoutSummary, toPayout } from './payouts';
import {
  markFailedBody,
  markPaidBody,
  payoutSchema,
  payoutsQuery,
  payoutSummarySchema,
  settledPayoutSchema,
  withdrawalParams,
} from './schemas';

// Admins may read payouts; only finance settles them (separation of duties: the admin who
// approves a withdrawal must not also be able to record its outcome).
const FINANCE = ['finance', 'admin'] as const;
const SETTLES = ['finance'] as const;
const PAYOUT_VIEWS = ['withdrawals', 'transactions', 'balances', 'user_stats'] as const;

export const payoutRoutes: FeatureRoutes = (ctx) => {
  async function settle(
    withdrawalId: string,
    run: (userId: string) => Promise<{ lastPosition: number }>,
    message: string,
  ) {
    const found = await findWithdrawal(ctx.pool, withdrawalId);
    if (!found) throw new HttpProblem('not_found', 'Withdrawal not found.');
    const result = await run(found.user_id);
    await ctx.writes.caughtUpTo(result.lastPosition, PAYOUT_VIEWS);
    return { message, withdrawal: toPayout((await findWithdrawal(ctx.pool, withdrawalId))!) };
  }

  return [
    defineRoute({
      method: 'get',
      path: '/finance/payouts',
      summary:
        'Payouts: approved withdrawals awaiting transfer (state=pending), or paid, failed, all; paged by key',
      tags: ['finance'],
      access: FINANCE,
      query: payoutsQuery,
      responses: {
        200: {
          description: 'One page of payouts with bank details, oldest approval first (money in naira)',
          schema: payoutSchema.array(),
          headers: pagedResponseHeaders,
        },
        400: { description: 'Unknown state, or a bad page', problem: true },
      },
      async handler({ query, res }) {
        const { rows, total, next } = await listPayouts(ctx.pool, query);
        sendTotal(res, total, next);
        return rows.map(toPayout);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/finance/payouts/summary',
      summary: 'The awaiting list in figures: how many, the total to send, the oldest approval',
      tags: ['finance'],
      access: FINANCE,
      responses: {
        200: { description: 'Counted over every awaiting payout (naira)', schema: payoutSummarySchema },
      },
      handler: () => payoutSummary(ctx.pool),
    }),
    defineRoute({
      method: 'get',
      path: '/finance/payouts.csv',
      summary: 'The payout list as CSV for the bank (default: awaiting transfer)',
      tags: ['finance'],
      access: FINANCE,
      query: payoutsQuery,
      responses: {
        200: {
          description:
            'CSV for the bank: withdrawal_id,account_name,account_number,bank_name,amount_naira,amount_kobo,narration,full_name,email,approved_at,state,reference',
          contentType: 'text/csv',
        },
        400: { description: 'Unknown state', problem: true },
      },
      async handler({ query, res }) {
        let body = csvLine([
          'withdrawal_id',
          'account_name',
          'account_number',
          'bank_name',
          'amount_naira',
          'amount_kobo',
          'narration',
          'full_name',
          'email',
          'approved_at',
          'state',
          'reference',
        ]);
        for await (const row of allPayouts(ctx.pool, query.state)) {
          const p = toPayout(row);
          const sent = Number(row.amount) - Number(row.fee);
          body += csvLine([
            p.withdrawalId,
            p.accountName,
            p.accountNumber,
            p.bankName,
            nairaText(sent),
            sent,
            `Kobo withdrawal ${p.withdrawalId.slice(0, 8)}`,
            p.fullName,
            p.email,
            p.approvedAt,
            p.state,
            p.reference,
          ]);
        }
        const stamp = new Date().toISOString().slice(0, 10);
        res
          .status(200)
          .setHeader('Content-Disposition', `attachment; filename="kobo-payouts-${query.state}-${stamp}.csv"`)
          .type('text/csv; charset=utf-8')
          .send(body);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/finance/payouts/:withdrawalId/mark-paid',
      summary:
        'Record that the bank paid: the money leaves payouts clearing; the same reference again is a no-op',
      tags: ['finance'],
      access: SETTLES,
      params: withdrawalParams,
      body: markPaidBody,
      idempotency: 'optional',
      responses: {
        200: { description: "'Payout marked as paid.', and the payout", schema: settledPayoutSchema },
        400: { description: 'The reference is missing', problem: true },
        404: { description: 'No such withdrawal', problem: true },
        409: { description: 'Not approved, already failed, or paid with another reference', problem: true },
      },
      handler: ({ params, body, principal, res }) =>
        settle(
          params.withdrawalId,
          (userId) =>
            ctx.commands.recordPayoutSucceeded(
              {
                userId,
                withdrawalId: params.withdrawalId,
                provider: MANUAL_TRANSFER,
                reference: body.reference,
              },
              { actor: principalActor(principal), commandId: commandIdOf(res) },
            ),
          'Payout marked as paid.',
        ),
    }),
    defineRoute({
      method: 'post',
      path: '/finance/payouts/:withdrawalId/mark-failed',
      summary: "Record that the transfer cannot be made: the money goes back to the user's balance",
      tags: ['finance'],
      access: SETTLES,
      params: withdrawalParams,
      body: markFailedBody,
      idempotency: 'optional',
      responses: {
        200: {
          description: "'Payout marked as failed; the money is back in the user's balance.', and the payout",
          schema: settledPayoutSchema,
        },
        400: { description: 'The reason is missing', problem: true },
        404: { description: 'No such withdrawal', problem: true },
        409: { description: 'Not approved, or already paid', problem: true },
      },
      handler: ({ params, body, principal, res }) =>
        settle(
          params.withdrawalId,
          (userId) =>
            ctx.commands.recordPayoutFailed(
              { userId, withdrawalId: params.withdrawalId, provider: MANUAL_TRANSFER, reason: body.reason },
              { actor: principalActor(principal), commandId: commandIdOf(res) },
            ),
          "Payout marked as failed; the money is back in the user's balance.",
        ),
    }),
  ];
};
