/**
 * Reconciliation: every payout a provider handles that has not settled after
 * PAYOUT_RECONCILE_SECONDS is asked about by its reference and settled from the answer, so a lost
 * webhook delays a payout but never strands it. An approved payout the provider never received
 * (the job's attempts all ended without an answer) is paid again, which is safe: the provider is
 * asked by the same reference first. A held payout is only asked about (an OTP finalised on the
 * provider's dashboard settles it), never sent again blindly.
 *
 * A payout the provider paid is not done with either: the bank may still send the money back, and
 * Paystack says so by a `transfer.reversed` webhook that can be lost, or come while the API is down,
 * like any other. So a paid payout is asked about again, first PAYOUT_RECONCILE_SECONDS after it was
 * paid and then less and less often (each time after as long again as it had been paid), for
 * `reversalWatchSeconds` (default 30 days); a reversal found returns the money through the ledger's
 * reversal, once, as its webhook would have.
 */
import type { Pool } from '@kobo/platform';
import type { Logger } from '@kobo/platform';
import { paidPayoutsToAskAgain, unsettledPayouts } from '@kobo/projector';
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
  /** Paid payouts asked about again for a reversal (counted in `asked` too). */
  paidAskedAgain: number;
}

/** How long after a payout was paid the provider is still asked whether it was reversed. */
export const REVERSAL_WATCH_SECONDS = 30 * 24 * 60 * 60;

export async function reconcilePayouts(
  deps: ReconcileDeps,
  {
    olderThanSeconds,
    reversalWatchSeconds = REVERSAL_WATCH_SECONDS,
    now = new Date(),
    limit = 500,
  }: { olderThanSeconds: number; reversalWatchSeconds?: number; now?: Date; limit?: number },
): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    asked: 0,
    settled: 0,
    resent: 0,
    discrepancies: 0,
    unanswered: 0,
    paidAskedAgain: 0,
  };
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
  await askAboutReversals(deps, report, { olderThanSeconds, reversalWatchSeconds, now, limit });
  return report;
}

/** Paid payouts due to be asked about again: a reversal found returns the money. */
async function askAboutReversals(
  deps: ReconcileDeps,
  report: ReconcileReport,
  {
    olderThanSeconds,
    reversalWatchSeconds,
    now,
    limit,
  }: { olderThanSeconds: number; reversalWatchSeconds: number; now: Date; limit: number },
): Promise<void> {
  const { provider, pool } = deps;
  if (!provider.lookup) return;
  await pool.query(
    `DELETE FROM payout_reversal_checks WHERE paid_at <= $1::timestamptz - make_interval(secs => $2)`,
    [now.toISOString(), reversalWatchSeconds],
  );
  const due = await paidPayoutsToAskAgain(pool, provider.name, {
    firstAfterSeconds: olderThanSeconds,
    forSeconds: reversalWatchSeconds,
    now,
    limit,
  });
  for (const payout of due) {
    const target = {
      userId: payout.user_id,
      withdrawalId: payout.withdrawal_id,
      provider: provider.name,
      reference: payoutReference(payout.withdrawal_id),
    };
    report.asked += 1;
    report.paidAskedAgain += 1;
    try {
      const transfer = await provider.lookup(target.reference);
      if (transfer) {
        const settlement = await settlePayout(deps, target, transfer, { causationId: 'reconcile' });
        if (settlement === 'recorded') report.settled += 1;
        else if (typeof settlement === 'object') report.discrepancies += 1;
      }
      await pool.query(
        `INSERT INTO payout_reversal_checks (withdrawal_id, paid_at, asked_at) VALUES ($1, $2, $3)
         ON CONFLICT (withdrawal_id) DO UPDATE SET asked_at = EXCLUDED.asked_at`,
        [payout.withdrawal_id, payout.paid_at, now.toISOString()],
      );
    } catch (error) {
      report.unanswered += 1;
      deps.logger?.warn(
        { err: error, withdrawalId: target.withdrawalId },
        'payout reconciliation: no answer about a reversal',
      );
    }
  }
}
