/**
 * The bank test with payouts through Paystack (`--provider paystack`): Paystack is played by its
 * local double, whose outcomes and faults are drawn from the simulation's seed (keyed by each
 * transfer's reference, the withdrawal id); at the end every payout that can settle is waited for,
 * and the double's record of the money that left is held against the ledger's.
 */
import { MANUAL_TRANSFER } from '@kobo/jobs';
import {
  startPaystackDouble,
  type PaystackDouble,
  type SeededBehaviour,
  type TransferScript,
} from '@kobo/jobs/testing';
import type { LedgerWatch, WithdrawalView } from './ledger-watch';

export type PayoutProviderName = 'manual' | 'paystack';

/**
 * What the double does to the payouts of a seed: most transfers succeed; some fail, some succeed
 * and are then reversed by the bank, some are left pending for good; a webhook may be lost, sent
 * twice or late; an initiate call may go unanswered after the transfer was made (a timeout, a cut
 * connection), fail with a 5xx before it, or be refused for an OTP or the balance (held for finance).
 */
export function seededBehaviour(seed: number): SeededBehaviour {
  return {
    seed: `kobo-simulation-${seed}`,
    outcomes: { success: 82, failed: 8, reversed: 6, pending: 4 },
    webhooks: { lost: 0.12, duplicated: 0.12, delayed: 0.12 },
    webhookDelayMs: 300,
    faults: {
      timeout_after_create: 0.06,
      socket_destroyed_after_create: 0.06,
      server_error_before_create: 0.06,
      otp: 0.03,
      insufficient_balance: 0.03,
    },
  };
}

/**
 * The first payouts approved meet each fault once, whatever the seed draws for their references
 * (withdrawal ids, which differ between runs), so even a short run sends again after an unanswered
 * transfer call, settles a lost webhook by reconciliation and returns a reversed payout.
 */
export const FIRST_PAYOUTS: readonly TransferScript[] = [
  { outcome: 'success', initiate: 'timeout_after_create' },
  { outcome: 'reversed', initiate: 'socket_destroyed_after_create', webhook: 'duplicated' },
  { outcome: 'success', webhook: 'lost' },
  { outcome: 'failed', initiate: 'server_error_before_create', webhook: { delayMs: 300 } },
];

/**
 * Scripts the first approvals' payouts with FIRST_PAYOUTS, in order (the rest follow the seed):
 * `approving` before the approval is sent (its payout job may start at once), `approved` once the
 * ledger holds it; an approval refused leaves the script for the next one.
 */
export function firstPayoutScripts(double: PaystackDouble) {
  let next = 0;
  return {
    approving(withdrawalId: string) {
      const script = FIRST_PAYOUTS[next];
      if (script) double.script(withdrawalId, script);
    },
    approved() {
      next++;
    },
  };
}

export function startSimulatedPaystack(seed: number): Promise<PaystackDouble> {
  return startPaystackDouble({ seeded: seededBehaviour(seed), resolveAnyAccount: true });
}

/** Finance marks by hand only what is on the manual desk (with Paystack: what finance moved there). */
export function onManualDesk(provider: PayoutProviderName, w: WithdrawalView): boolean {
  return provider === 'manual' || w.desk === 'manual';
}

/** The provider still has a move to make on this payout (send it, settle it, reverse it). */
function canStillSettle(w: WithdrawalView, double: PaystackDouble): boolean {
  if (w.desk === 'manual') return false;
  const transfer = double.transfer(w.withdrawalId);
  switch (w.status) {
    case 'approved':
      // The job or reconciliation sends it, unless the provider held it for finance.
      return !w.held;
    case 'sending':
      return transfer !== undefined && transfer.status !== 'pending' && transfer.status !== 'otp';
    case 'paid':
      return w.paidBy !== MANUAL_TRANSFER && transfer?.status === 'reversed';
    default:
      return false;
  }
}

/**
 * Waits until the double has nothing in flight and every payout that can settle has: the
 * webhooks that came, and reconciliation for the ones lost or sent to an API that was down.
 * Answers the payouts still waiting when `timeoutMs` has passed (none when all settled).
 */
export async function settlePayouts(
  double: PaystackDouble,
  watch: LedgerWatch,
  timeoutMs = 90_000,
): Promise<WithdrawalView[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await double.idle();
    await watch.catchUp();
    const waiting = [...watch.withdrawals.values()].filter((w) => canStillSettle(w, double));
    if (waiting.length === 0 || Date.now() > until) return waiting;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const naira = (kobo: number) => `₦${(kobo / 100).toFixed(2)}`;

/** The double's record of what left against the ledger's, once every payout that can settle has. */
export function payoutChecks(double: PaystackDouble, watch: LedgerWatch): Check[] {
  const transfers = double.transfers();
  const withdrawals = watch.withdrawals;
  const problems = (list: string[]) => (list.length ? `${list.length}: ${list.slice(0, 3).join('; ')}` : '');

  // 1. No payout sent twice: every transfer is under a withdrawal's reference, one per withdrawal.
  const perWithdrawal = new Map<string, number>();
  const strays: string[] = [];
  for (const t of transfers) {
    if (!withdrawals.has(t.reference))
      strays.push(`transfer ${t.transferCode} under unknown reference ${t.reference}`);
    perWithdrawal.set(t.reference, (perWithdrawal.get(t.reference) ?? 0) + 1);
  }
  const twice = [...perWithdrawal]
    .filter(([, n]) => n > 1)
    .map(([id, n]) => `withdrawal ${id}: ${n} transfers`);
  const once = [...strays, ...twice];

  // 2. The money: what the ledger holds as paid by the provider is what left the double and stayed gone.
  const providerPaid = [...withdrawals.values()].filter(
    (w) => w.paidBy !== null && w.paidBy !== MANUAL_TRANSFER,
  );
  const ledgerKept = providerPaid
    .filter((w) => w.status === 'paid')
    .reduce((sum, w) => sum + w.amount - w.fee, 0);
  const ledgerReversed = providerPaid
    .filter((w) => w.status === 'reversed')
    .reduce((sum, w) => sum + w.amount - w.fee, 0);
  const doubleReversed = transfers
    .filter((t) => t.status === 'reversed')
    .reduce((sum, t) => sum + t.amount, 0);
  const sent = double.moneySent();

  // 3. Each transfer's end is the withdrawal's end in the ledger.
  const disagreements: string[] = [];
  for (const t of transfers) {
    const w = withdrawals.get(t.reference);
    if (!w) continue;
    const agrees = {
      success: w.status === 'paid' && w.paidBy !== MANUAL_TRANSFER && w.reference === t.transferCode,
      failed: w.status === 'payout_failed',
      // A reversal reported before the success was recorded returns the money as a failure.
      reversed: w.status === 'reversed' || w.status === 'payout_failed',
      pending: w.status === 'sending',
      otp: w.held || w.desk === 'manual',
    }[t.status];
    if (!agrees)
      disagreements.push(
        `transfer ${t.transferCode} is ${t.status}, withdrawal ${w.withdrawalId} is ${w.status}${w.held ? ' (held)' : ''}${w.desk === 'manual' ? ' on the manual desk' : ''}`,
      );
  }

  // 4. Every payout the provider paid carries the provider's transfer code as its reference.
  const references = providerPaid
    .filter((w) => double.transfer(w.withdrawalId)?.transferCode !== w.reference)
    .map(
      (w) =>
        `withdrawal ${w.withdrawalId} paid with reference ${w.reference}, transfer code ${double.transfer(w.withdrawalId)?.transferCode ?? 'none'}`,
    );

  // 5. Nothing the provider said contradicts the ledger but a report overtaken by a later one (a
  // success read by reconciliation just before the reversal's webhook returned the money).
  const contradictions = [...withdrawals.values()].flatMap((w) =>
    w.discrepancies
      .filter((d) => !d.startsWith('success_after_failure:') || transfersEnd(w) !== 'returned')
      .map((d) => `withdrawal ${w.withdrawalId}: ${d}`),
  );
  function transfersEnd(w: WithdrawalView) {
    const status = double.transfer(w.withdrawalId)?.status;
    return status === 'failed' || status === 'reversed' ? 'returned' : status;
  }

  return [
    {
      name: 'payouts: one transfer per withdrawal',
      ok: once.length === 0,
      detail: problems(once) || `${transfers.length} transfers for ${perWithdrawal.size} withdrawals`,
    },
    {
      name: 'payouts: money sent equals the ledger',
      ok: ledgerKept === sent,
      detail: `ledger paid by the provider ${naira(ledgerKept)} (and ${naira(ledgerReversed)} reversed); the double sent ${naira(sent)} that stayed gone (and ${naira(doubleReversed)} reversed)`,
    },
    {
      name: 'payouts: every transfer settled in the ledger as it ended',
      ok: disagreements.length === 0,
      detail: problems(disagreements) || `${transfers.length} transfers agree`,
    },
    {
      name: 'payouts: references are the transfer codes',
      ok: references.length === 0,
      detail: problems(references) || `${providerPaid.length} payouts paid by the provider`,
    },
    {
      name: 'payouts: no discrepancy but a report overtaken',
      ok: contradictions.length === 0,
      detail:
        problems(contradictions) ||
        `${[...withdrawals.values()].reduce((n, w) => n + w.discrepancies.length, 0)} overtaken reports listed for finance`,
    },
  ];
}

export interface PayoutFigures {
  provider: PayoutProviderName;
  transfers: Record<string, number>;
  /** Kobo that left the double and stayed gone. */
  sent: number;
  webhooks: { delivered: number; lost: number; secondCopies: number; undelivered: number };
  /** Initiate calls answered by nothing (a timeout, a cut connection) or a 5xx. */
  unansweredInitiates: number;
  held: number;
  movedToManual: number;
  reconciled: number;
  discrepancies: number;
  /** Payouts left Sending on purpose (pending at the double). */
  leftSending: number;
}

export function payoutFigures(double: PaystackDouble, watch: LedgerWatch): PayoutFigures {
  const transfers: Record<string, number> = {};
  for (const t of double.transfers()) transfers[t.status] = (transfers[t.status] ?? 0) + 1;
  const webhooks = double.webhooks();
  return {
    provider: 'paystack',
    transfers,
    sent: double.moneySent(),
    webhooks: {
      delivered: webhooks.filter((w) => w.status !== null && w.status < 300).length,
      lost: webhooks.filter((w) => w.lost).length,
      secondCopies: webhooks.filter((w) => w.copy === 2).length,
      undelivered: webhooks.filter((w) => !w.lost && (w.status === null || w.status >= 300)).length,
    },
    unansweredInitiates: double
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/transfer' && (r.status === null || r.status >= 500))
      .length,
    held: watch.count('PayoutHeld'),
    movedToManual: watch.count('PayoutMovedToManual'),
    reconciled: watch.reconciled,
    discrepancies: watch.count('PayoutDiscrepancyFound'),
    leftSending: [...watch.withdrawals.values()].filter((w) => w.status === 'sending').length,
  };
}
