/**
 * The payout desk. On the manual desk (every approved withdrawal with the manual provider; with a
 * payout provider, those finance moved there) finance exports the list for the bank, then marks
 * each paid with the bank's reference, or failed (the money goes back to the user's balance). A
 * payout the provider handles is settled by the provider's webhooks and reconciliation, never by
 * hand: finance sees what it is sending, what it held (with its words), and what it said against
 * the ledger. Only finance settles or moves; admins may read.
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
import {
  allPayouts,
  findWithdrawal,
  isOnManualDesk,
  listDiscrepancies,
  listPayouts,
  payoutNameInFile,
  payoutSummary,
  toPayouts,
  type Desks,
} from './payouts';
import {
  payoutDiscrepanciesSchema,
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
  const desks: Desks = { manualTakesUnassigned: ctx.config.payouts.provider === 'manual' };

  async function settle(
    withdrawalId: string,
    run: (userId: string) => Promise<{ lastPosition: number }>,
    message: string,
    onlyManualDesk = true,
  ) {
    const found = await findWithdrawal(ctx.pool, withdrawalId);
    if (!found) throw new HttpProblem('not_found', 'Withdrawal not found.');
    if (onlyManualDesk && !isOnManualDesk(found, desks))
      throw new HttpProblem(
        'conflict',
        'The payout provider is handling this payout; move it to the manual desk before marking it by hand.',
      );
    const result = await run(found.user_id);
    await ctx.writes.caughtUpTo(result.lastPosition, PAYOUT_VIEWS);
    const [withdrawal] = await toPayouts(ctx.pool, [(await findWithdrawal(ctx.pool, withdrawalId))!]);
    return { message, withdrawal: withdrawal! };
  }

  return [
    defineRoute({
      method: 'get',
      path: '/finance/payouts',
      summary:
        'Payouts: the manual desk (state=pending), sending with the provider, held for attention, paid, failed, reversed, all; paged by key',
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
        const { rows, total, next } = await listPayouts(ctx.pool, desks, query);
        sendTotal(res, total, next);
        return toPayouts(ctx.pool, rows);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/finance/payouts/summary',
      summary:
        'The manual desk in figures (how many, the total to send, the oldest approval), and how many the provider is sending or held',
      tags: ['finance'],
      access: FINANCE,
      responses: {
        200: { description: 'Counted over every awaiting payout (naira)', schema: payoutSummarySchema },
      },
      handler: () => payoutSummary(ctx.pool, desks),
    }),
    defineRoute({
      method: 'get',
      path: '/finance/payout-discrepancies',
      summary:
        'What the payout provider said against the ledger: a success after a recorded failure, or another amount',
      tags: ['finance'],
      access: FINANCE,
      responses: { 200: { description: 'Newest first', schema: payoutDiscrepanciesSchema } },
      handler: async () => ({ discrepancies: await listDiscrepancies(ctx.pool) }),
    }),
    defineRoute({
      method: 'post',
      path: '/finance/payouts/:withdrawalId/move-to-manual',
      summary:
        'Take a payout from the provider to the manual desk (one it held, or refused): finance then pays it by hand',
      tags: ['finance'],
      access: SETTLES,
      params: withdrawalParams,
      idempotency: 'optional',
      responses: {
        200: {
          description: "'Payout moved to the manual desk.', and the payout",
          schema: settledPayoutSchema,
        },
        404: { description: 'No such withdrawal', problem: true },
        409: { description: 'Not approved yet, or already settled', problem: true },
      },
      handler: ({ params, principal, res }) =>
        settle(
          params.withdrawalId,
          (userId) =>
            // A staff decision says who acted in its data (by), never in its metadata as well.
            ctx.commands.movePayoutToManual(
              { userId, withdrawalId: params.withdrawalId, by: principalActor(principal) },
              { commandId: commandIdOf(res) },
            ),
          'Payout moved to the manual desk.',
          false,
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/finance/payouts.csv',
      summary:
        'The payout list as CSV for the bank and for reconciling (default: awaiting transfer); the same state, search and range as the list',
      tags: ['finance'],
      access: FINANCE,
      query: payoutsQuery,
      responses: {
        200: {
          description:
            'CSV: withdrawal_id,account_name,account_number,bank_name,amount_naira,amount_kobo,narration,full_name,email,approved_at,state,reference,bank_code,paid_at,paid_by,provider_reference. ' +
            "paid_by is the staff member's name (or email) who marked it paid, or the provider that paid it; " +
            "an erased person's full_name is 'Deleted user (erased YYYY-MM-DD)', their account name and number empty; " +
            "provider_reference the provider's transfer code, or the bank's reference finance recorded.",
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
          'bank_code',
          'paid_at',
          'paid_by',
          'provider_reference',
        ]);
        for await (const { row, payout: p } of allPayouts(ctx.pool, desks, query)) {
          const sent = Number(row.amount) - Number(row.fee);
          body += csvLine([
            p.withdrawalId,
            p.accountName,
            p.accountNumber,
            p.bankName,
            nairaText(sent),
            sent,
            `Kobo withdrawal ${p.withdrawalId.slice(0, 8)}`,
            payoutNameInFile(p),
            p.email,
            p.approvedAt,
            p.state,
            p.reference,
            p.bankCode,
            p.paidAt,
            p.paidByName ?? p.paidBy ?? (p.paidAt ? p.provider : null),
            p.transferCode ?? p.reference,
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
        409: {
          description:
            'Not approved, its approval may still be undone (a few seconds after it), already failed, or paid with another reference',
          problem: true,
        },
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
