/**
 * POST /webhooks/paystack: Paystack tells the outcome of a transfer. The body is signed
 * (x-paystack-signature: the hex HMAC-SHA512 of the raw body, keyed with the secret key); an
 * unsigned or forged one is refused with 401 and changes nothing. A transfer event settles the
 * payout named by its reference, once: a duplicated or late webhook changes nothing, and a lost one
 * is found by reconciliation. Anything else Paystack sends is acknowledged and ignored.
 */
import { PAYSTACK, paystackSignatureValid, reportOf, settlePayout, type PaystackTransfer } from '@kobo/jobs';
import { z } from 'zod';
import type { FeatureRoutes } from '../../context';
import { defineRoute, HttpProblem } from '../../http';
import { rawBodyOf } from '../../http/raw-body';
import { findWithdrawal } from '../admin/withdrawals/views';

const TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'] as const;

/** What the route reads of Paystack's event; everything else in it is kept out. */
const paystackEvent = z.object({
  event: z.string(),
  data: z
    .object({
      reference: z.string().optional(),
      transfer_code: z.string().optional(),
      amount: z.number().optional(),
      status: z.string().optional(),
      reason: z.string().nullable().optional(),
      failures: z.unknown().optional(),
      gateway_response: z.string().nullable().optional(),
    })
    .passthrough(),
});

/** The transfer as the event describes it, in the client's shape. */
function transferOf(event: z.output<typeof paystackEvent>): PaystackTransfer | undefined {
  const d = event.data;
  if (!d.reference || !d.transfer_code || d.amount === undefined) return undefined;
  const status =
    event.event === 'transfer.success'
      ? 'success'
      : event.event === 'transfer.failed'
        ? 'failed'
        : 'reversed';
  const why = typeof d.failures === 'string' ? d.failures : (d.gateway_response ?? null);
  return {
    reference: d.reference,
    transferCode: d.transfer_code,
    amount: d.amount,
    currency: 'NGN',
    status,
    reason: d.reason ?? null,
    failures: why,
    recipientCode: null,
    createdAt: null,
    updatedAt: null,
  };
}

export const webhookRoutes: FeatureRoutes = (ctx) => {
  /**
   * The withdrawal a transfer's reference names. Paystack can answer within milliseconds of the
   * transfer, before the withdrawals read model has the request: one not found yet is looked for
   * again once the read model has reached everything written so far.
   */
  async function withdrawalNamed(reference: string) {
    const found = await findWithdrawal(ctx.pool, reference);
    if (found) return found;
    await ctx.writes.caughtUpTo(await ctx.store.headPosition(), ['withdrawals']);
    return findWithdrawal(ctx.pool, reference);
  }

  return [
    defineRoute({
      method: 'post',
      path: '/webhooks/paystack',
      summary: "Paystack's transfer events (signed): a payout settles once, however often it is told",
      description:
        'Checks `x-paystack-signature` (hex HMAC-SHA512 of the raw body keyed with PAYSTACK_SECRET_KEY). ' +
        '`transfer.success` pays the payout (the transfer code is its reference), `transfer.failed` returns ' +
        "the money to the user's balance, `transfer.reversed` after a success returns it too; each once.",
      tags: ['webhooks'],
      access: 'public',
      responses: {
        200: {
          description: 'Received (settled, already settled, or not ours)',
          schema: z.object({ received: z.literal(true) }),
        },
        401: { description: 'The signature is missing or does not match', problem: true },
        404: { description: 'Paystack is not the payout provider (PAYOUT_PROVIDER)', problem: true },
      },
      async handler({ req }) {
        const secret = ctx.payouts.webhookSecret;
        if (!secret) throw new HttpProblem('not_found', 'Paystack is not the payout provider.');
        const raw = rawBodyOf(req);
        if (!raw || !paystackSignatureValid(raw, req.get('x-paystack-signature'), secret))
          throw new HttpProblem('unauthenticated', 'The webhook signature does not match.');
        const parsed = paystackEvent.safeParse(req.body);
        if (!parsed.success || !(TRANSFER_EVENTS as readonly string[]).includes(parsed.data.event))
          return { received: true as const };
        const transfer = transferOf(parsed.data);
        const withdrawal = transfer && (await withdrawalNamed(transfer.reference));
        if (!transfer || !withdrawal) {
          ctx.logger.warn(
            { event: parsed.data.event, reference: transfer?.reference },
            'Paystack webhook for no payout of ours',
          );
          return { received: true as const };
        }
        const settlement = await settlePayout(
          { store: ctx.store, commands: ctx.commands },
          {
            userId: withdrawal.user_id,
            withdrawalId: withdrawal.withdrawal_id,
            provider: PAYSTACK,
            reference: transfer.reference,
          },
          reportOf(transfer),
          { causationId: `paystack:${parsed.data.event}:${transfer.transferCode}` },
        );
        ctx.logger.info(
          { event: parsed.data.event, withdrawalId: withdrawal.withdrawal_id, settlement },
          'Paystack webhook',
        );
        return { received: true as const };
      },
    }),
  ];
};
