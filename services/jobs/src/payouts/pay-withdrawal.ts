/**
 * The payout job: pay one approved withdrawal through the provider and record the outcome in the
 * ledger. Safe to run twice: it first looks at the user's stream (a withdrawal already sending,
 * settled, or on the manual desk is left alone) and the provider is asked by the payout's
 * reference, the same on every attempt (a job that died after the bank paid but before the
 * ledger heard of it pays nothing the second time).
 */
import {
  currentUser,
  decodeEvent,
  streams,
  type EventStore,
  type LedgerCommands,
  type RecordedKoboEvent,
} from '@kobo/ledger';
import { DEFAULT_PAYOUT_START_MARGIN_MS, payoutStartsAt } from '../reactor/jobs-for-events';
import type { PayoutJob } from './payout-job';
import { payoutReference, type PayoutProvider } from './payout-provider';
import { PAYOUTS } from './settle-payout';

export interface PayoutDeps {
  store: EventStore;
  commands: Pick<
    LedgerCommands,
    'recordPayoutSucceeded' | 'recordPayoutFailed' | 'recordPayoutSent' | 'recordPayoutHeld'
  >;
  provider: PayoutProvider;
  /** Milliseconds a payout waits after its approval's undo window (default 5 s). */
  startMarginMs?: number;
  /** Default: the system clock. */
  clock?: () => Date;
}

export interface PayoutAttempt {
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows this one: a failure now returns the money. */
  lastAttempt: boolean;
  jobId?: string;
}

export type PayoutOutcome =
  | { status: 'paid'; reference: string }
  | { status: 'sent'; transferCode: string | null }
  | { status: 'pending' }
  | { status: 'held'; reason: string }
  | { status: 'failed'; reason: string }
  | { status: 'already_settled'; withdrawalStatus: 'sending' | 'paid' | 'payout_failed' | 'reversed' }
  | { status: 'on_manual_desk' }
  /** The approval this job was for was undone (the withdrawal is pending, or approved again with a job of its own). */
  | { status: 'undone' };

/** The provider failed this attempt; another follows (the queue's backoff). */
export class PayoutAttemptFailedError extends Error {
  override readonly name = 'PayoutAttemptFailedError';
}

/** The job cannot ever succeed (unknown or unapproved withdrawal): retrying will not help. */
export class PayoutNotPossibleError extends Error {
  override readonly name = 'PayoutNotPossibleError';
}

export async function payWithdrawal(
  deps: PayoutDeps,
  job: PayoutJob,
  attempt: PayoutAttempt,
): Promise<PayoutOutcome> {
  const { userId, withdrawalId } = job;
  const withdrawal = (await currentUser(deps.store, userId)).withdrawals.get(withdrawalId);
  if (!withdrawal)
    throw new PayoutNotPossibleError(`Withdrawal ${withdrawalId} of user ${userId} not found.`);
  const approvals = withdrawal.approvals ?? 1;
  if (withdrawal.status === 'pending' && withdrawal.approvals) return { status: 'undone' };
  if (job.approval !== undefined && job.approval !== approvals) return { status: 'undone' };
  // Early (a clock ahead of ours enqueued it, or a queue without delays): wait for the window to
  // close and read the stream again, so an undo decided within it is seen (decision 0044).
  if (withdrawal.status === 'approved' && withdrawal.undoableUntil) {
    const clock = deps.clock ?? (() => new Date());
    const wait =
      payoutStartsAt(withdrawal.undoableUntil, deps.startMarginMs ?? DEFAULT_PAYOUT_START_MARGIN_MS) -
      clock().getTime();
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      return payWithdrawal(deps, job, attempt);
    }
  }
  if (
    withdrawal.status === 'sending' ||
    withdrawal.status === 'paid' ||
    withdrawal.status === 'payout_failed' ||
    withdrawal.status === 'reversed'
  )
    return { status: 'already_settled', withdrawalStatus: withdrawal.status };
  if (withdrawal.status !== 'approved')
    throw new PayoutNotPossibleError(`Withdrawal ${withdrawalId} is ${withdrawal.status}, not approved.`);
  if (withdrawal.desk === 'manual') return { status: 'on_manual_desk' };
  // The bank details as they were when the withdrawal was asked for, not the user's current ones.
  const requested = (await deps.store.readStream(streams.user(userId)))
    .map(decodeEvent)
    .find(
      (e): e is Extract<RecordedKoboEvent, { type: 'WithdrawalRequested' }> =>
        e.type === 'WithdrawalRequested' && e.data.withdrawalId === withdrawalId,
    );
  if (!requested) throw new PayoutNotPossibleError(`Withdrawal ${withdrawalId} has no request on record.`);

  const reference = payoutReference(withdrawalId);
  const result = await deps.provider.pay({
    userId,
    withdrawalId,
    reference,
    amount: withdrawal.amount,
    fee: withdrawal.fee,
    amountToSend: withdrawal.amount - withdrawal.fee,
    bankDetails: requested.data.bankDetails,
  });
  const meta = { actor: PAYOUTS, causationId: attempt.jobId };
  const provider = deps.provider.name;

  switch (result.status) {
    case 'paid':
      await deps.commands.recordPayoutSucceeded(
        { userId, withdrawalId, provider, reference: result.reference },
        meta,
      );
      return result;
    case 'sent':
      await deps.commands.recordPayoutSent(
        { userId, withdrawalId, provider, reference, transferCode: result.transferCode },
        meta,
      );
      return result;
    case 'held':
      await deps.commands.recordPayoutHeld({ userId, withdrawalId, provider, reason: result.reason }, meta);
      return result;
    case 'pending':
      return result;
    case 'failed': {
      if (!result.permanent && !attempt.lastAttempt)
        throw new PayoutAttemptFailedError(`Attempt ${attempt.attempt} failed: ${result.reason}`);
      const reason = payoutFailedReason(result.reason, attempt.attempt);
      await deps.commands.recordPayoutFailed({ userId, withdrawalId, provider, reason }, meta);
      return { status: 'failed', reason };
    }
  }
}

/** What the user and finance read on the failed payout. */
export function payoutFailedReason(providerReason: string, attempts: number): string {
  const tries = attempts === 1 ? '' : ` after ${attempts} attempts`;
  return `The bank transfer failed${tries}: ${providerReason.trim() || 'no reason given'}. The money is back on your balance.`;
}
