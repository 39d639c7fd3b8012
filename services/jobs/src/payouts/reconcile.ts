/**
 * Reconciliation: every payout a provider handles that has not settled after
 * PAYOUT_RECONCILE_SECONDS is asked about by its reference and settled from the answer, so a lost
 * webhook delays a payout but never strands it. An approved payout the provider never received
 * (the job's attempts all ended without an answer) is paid again, which is safe: the provider is
 * asked by the same reference first. A held payout is only asked about (an OTP finalised on the
 * provider's dashboard settles it), never sent again blindly.
 */
import type { Pool } from '@kobo/platform';
import type { Logger } from '@kobo/platform';
import { unsettledPayouts } from '@kobo/projector';
import { payWithdrawal, type PayoutDeps } from './pay-withdrawal';
import { payoutReference, type PayoutProvider } from './payout-provider';
import { settlePayout, type Settlement, type SettleDeps } from './settle-payout';

export interface ReconcileDeps {
  pool: Pool;
  store: SettleDeps['store'];
  commands: SettleDeps['commands'] & PayoutDeps['commands'];
  provider: PayoutProvider;
  logger?: Logger;
}

export interface ReconcileReport {
  asked: number;
  settled: number;
  /** Approved payouts the provider had no transfer for, paid again. */
  resent: number;
  discrepancies: number;
  /** Payouts whose question failed this round (the provider unreachable): asked again next round. */
  unanswered: number;
}

export async function reconcilePayouts(
  deps: ReconcileDeps,
  {
    olderThanSeconds,
    now = new Date(),
    limit = 500,
  }: { olderThanSeconds: number; now?: Date; limit?: number },
): Promise<ReconcileReport> {
  const report: ReconcileReport = { asked: 0, settled: 0, resent: 0, discrepancies: 0, unanswered: 0 };
  const { provider } = deps;
  if (!provider.lookup) return report;
  for (const payout of await unsettledPayouts(deps.pool, olderThanSeconds, now, limit)) {
    const target = {
      userId: payout.user_id,
      withdrawalId: payout.withdrawal_id,
      provider: provider.name,
      reference: payoutReference(payout.withdrawal_id),
    };
    report.asked += 1;
    try {
      const transfer = await provider.lookup(target.reference);
      if (!transfer) {
        if (payout.status === 'approved' && payout.held_reason === null) {
          await payWithdrawal(deps, target, { attempt: 1, lastAttempt: false, jobId: 'reconcile' });
          report.resent += 1;
        }
        continue;
      }
      const settlement: Settlement = await settlePayout(deps, target, transfer, { causationId: 'reconcile' });
      if (settlement === 'recorded') report.settled += 1;
      else if (typeof settlement === 'object') report.discrepancies += 1;
    } catch (error) {
      report.unanswered += 1;
      deps.logger?.warn(
        { err: error, withdrawalId: target.withdrawalId },
        'payout reconciliation: no answer',
      );
    }
  }
  return report;
}
