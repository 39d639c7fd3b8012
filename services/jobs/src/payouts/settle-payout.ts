/**
 * A payout settled from what its provider says of the transfer: a webhook, reconciliation, or the
 * payout job finding the transfer an earlier attempt made. Every outcome is recorded once by the
 * ledger (the same outcome again is a no-op), so a duplicated or late report changes nothing; a
 * report that contradicts the ledger (a success after the money was returned, a success on a payout
 * finance paid by hand, another amount) is recorded as a discrepancy for finance, never as money.
 */
import {
  currentUser,
  type Actor,
  type EventStore,
  type LedgerCommands,
  type PayoutDiscrepancyKind,
} from '@kobo/ledger';
import type { TransferReport } from './payout-provider';

/** Who records what the provider said. */
export const PAYOUTS: Actor = { role: 'system', id: 'payouts' };

export interface SettleDeps {
  store: EventStore;
  commands: Pick<
    LedgerCommands,
    | 'recordPayoutSent'
    | 'recordPayoutHeld'
    | 'recordPayoutSucceeded'
    | 'recordPayoutFailed'
    | 'recordPayoutReversed'
    | 'recordPayoutDiscrepancy'
  >;
}

export interface PayoutTarget {
  userId: string;
  withdrawalId: string;
  /** The provider's name, recorded on the events. */
  provider: string;
  /** Our reference for the transfer. */
  reference: string;
}

export type Settlement =
  'recorded' | 'unchanged' | { discrepancy: PayoutDiscrepancyKind } | 'unknown_withdrawal';

export async function settlePayout(
  deps: SettleDeps,
  target: PayoutTarget,
  report: TransferReport,
  meta: { causationId?: string } = {},
): Promise<Settlement> {
  const { userId, withdrawalId, provider, reference } = target;
  const withdrawal = (await currentUser(deps.store, userId)).withdrawals.get(withdrawalId);
  if (!withdrawal) return 'unknown_withdrawal';
  const command = { actor: PAYOUTS, causationId: meta.causationId };
  const recorded = (result: { appended: boolean }) => (result.appended ? 'recorded' : 'unchanged');
  const discrepancy = async (kind: PayoutDiscrepancyKind, detail: string): Promise<Settlement> => {
    await deps.commands.recordPayoutDiscrepancy({ userId, withdrawalId, provider, kind, detail }, command);
    return { discrepancy: kind };
  };
  const toSend = withdrawal.amount - withdrawal.fee;

  switch (report.status) {
    case 'sending':
      if (withdrawal.status !== 'approved' || withdrawal.desk === 'manual') return 'unchanged';
      return recorded(
        await deps.commands.recordPayoutSent(
          { userId, withdrawalId, provider, reference, transferCode: report.transferCode },
          command,
        ),
      );
    case 'held':
      if (withdrawal.status !== 'approved' && withdrawal.status !== 'sending') return 'unchanged';
      return recorded(
        await deps.commands.recordPayoutHeld(
          { userId, withdrawalId, provider, reason: report.reason },
          command,
        ),
      );
    case 'success': {
      if (report.amount !== toSend)
        await discrepancy(
          'amount_mismatch',
          `${provider} sent ${report.amount} kobo under ${reference}; the ledger expected ${toSend} kobo.`,
        );
      if (withdrawal.status === 'payout_failed' || withdrawal.status === 'reversed')
        return discrepancy(
          'success_after_failure',
          `${provider} reports transfer ${report.transferCode} as successful, but the money was returned to the user (${withdrawal.status}).`,
        );
      if (withdrawal.status === 'paid' && withdrawal.reference !== report.transferCode)
        return discrepancy(
          'paid_twice',
          `${provider} reports transfer ${report.transferCode} as successful, but the payout was already recorded as paid with reference ${withdrawal.reference}.`,
        );
      return recorded(
        await deps.commands.recordPayoutSucceeded(
          { userId, withdrawalId, provider, reference: report.transferCode },
          command,
        ),
      );
    }
    case 'failed':
      if (withdrawal.status === 'paid') return 'unchanged'; // a bank's return after a success comes as a reversal
      return recorded(
        await deps.commands.recordPayoutFailed(
          { userId, withdrawalId, provider, reason: payoutReturnedReason(report.reason) },
          command,
        ),
      );
    case 'reversed':
      return recorded(
        await deps.commands.recordPayoutReversed(
          { userId, withdrawalId, provider, reason: payoutReturnedReason(report.reason) },
          command,
        ),
      );
  }
}

/** What the user and finance read on a returned payout. */
export function payoutReturnedReason(providerReason: string): string {
  return `The bank transfer did not go through: ${providerReason.trim().replace(/[.\s]+$/, '') || 'no reason given'}. The money is back on your balance.`;
}
