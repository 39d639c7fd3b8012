/**
 * The undo window of an approval against its payout job, through the real reactor, queue, worker
 * and ledger (the bank is a fake: a third party). An approval undone within the window is never
 * paid; one left alone is paid once, after the window and its margin; and an undo at the very edge
 * of the window, racing the job, ends one way only: money sent once with the ledger saying so, or
 * no money sent with the withdrawal pending again.
 */
import { randomUUID } from 'node:crypto';
import { eventually } from '@kobo/platform/testing';
import { DomainError, fold, kobo, userDecider, type WithdrawalRecord } from '@kobo/ledger';
import type { ConsumersHandle } from '@kobo/projector';
import { registerUser } from '@kobo/ledger/testing';
import { jobIds } from '../src/job-ids';
import type { PayoutJob } from '../src/payouts/payout-job';
import type { PayoutRequest, PayoutResult } from '../src/payouts/payout-provider';
import type { JobQueues, JobWorker, WorkerTuning } from '../src/queues';
import { startReactor } from '../src/reactor/reactor';
import { startPayoutWorker } from '../src/workers';
import { backends, discardQueues, queuesFor } from './support/backends';
import { FakeBank } from './support/fake-bank';
import { createTestLedger, rules, userEvents, type TestLedger } from './support/ledger';

const UNDO_SECONDS = 1;
const MARGIN_MS = 300;
const AMOUNT = 300_000; // ₦3,000
const admin = { role: 'admin', id: 'admin-1' } as const;
const tuning: WorkerTuning = { lockDuration: 2_000, stalledInterval: 1_000, drainDelay: 1 };

/** The fake bank, noting when each transfer was asked for. */
class TimedBank extends FakeBank {
  readonly askedAt = new Map<string, number>();
  override async pay(request: PayoutRequest): Promise<PayoutResult> {
    if (!this.askedAt.has(request.withdrawalId)) this.askedAt.set(request.withdrawalId, Date.now());
    return super.pay(request);
  }
}

describe('an approval undone within its window, against the payout job', () => {
  let ledger: TestLedger;
  let queues: JobQueues;
  let reactor: ConsumersHandle;
  let worker: JobWorker<PayoutJob>;
  const bank = new TimedBank();

  beforeAll(async () => {
    ledger = await createTestLedger({ ...rules, withdrawalUndoSeconds: UNDO_SECONDS });
    queues = queuesFor(backends[0]!, ledger.db.url, {
      payouts: { backoff: { type: 'exponential', delay: 20 } },
    });
    reactor = await startReactor({
      pool: ledger.db.pool,
      store: ledger.store,
      queues,
      payoutStartMarginMs: MARGIN_MS,
    });
    worker = startPayoutWorker(
      queues,
      { store: ledger.store, commands: ledger.commands, provider: bank, startMarginMs: MARGIN_MS },
      { tuning: { ...tuning, concurrency: 8 } },
    );
  });

  afterAll(async () => {
    await reactor.stop();
    await worker.close();
    await discardQueues(queues);
    await ledger.close();
  });

  async function withdrawalOf(userId: string, withdrawalId: string): Promise<WithdrawalRecord> {
    return fold(userDecider, await userEvents(ledger.store, userId)).withdrawals.get(withdrawalId)!;
  }

  async function approved() {
    const { userId } = await registerUser(ledger.commands, { account: 1_000_000 });
    const withdrawalId = randomUUID();
    await ledger.commands.requestWithdrawal({
      userId,
      withdrawalId,
      type: 'withdrawal',
      amount: kobo(AMOUNT),
    });
    await ledger.commands.approveWithdrawal({ userId, withdrawalId, by: admin });
    const { undoableUntil } = await withdrawalOf(userId, withdrawalId);
    return { userId, withdrawalId, undoableUntil: Date.parse(undoableUntil!) };
  }

  async function settledJob(withdrawalId: string, approval = 1) {
    const id = jobIds.payout(withdrawalId, approval);
    return eventually(
      `the payout job of ${withdrawalId} to settle`,
      async () => {
        const state = await queues.payouts.getJobState(id);
        if (state !== 'completed' && state !== 'failed') return undefined;
        return (await queues.payouts.getJob(id)) ?? undefined;
      },
      15_000,
    );
  }

  it('an undone approval is never paid, and its job ends saying so', async () => {
    const { userId, withdrawalId } = await approved();
    await ledger.commands.undoWithdrawalApproval({ userId, withdrawalId, by: admin });
    const job = await settledJob(withdrawalId);
    expect(job.returnvalue).toEqual({ status: 'undone' });
    expect(bank.calls(withdrawalId)).toBe(0);
    expect(await withdrawalOf(userId, withdrawalId)).toMatchObject({ status: 'pending', approvals: 1 });
    const { balances } = fold(userDecider, await userEvents(ledger.store, userId));
    expect(balances.hold).toBe(AMOUNT);
  });

  it('an approval left alone is paid once, only after the window and its margin', async () => {
    const { userId, withdrawalId, undoableUntil } = await approved();
    const job = await settledJob(withdrawalId);
    expect(job.returnvalue).toMatchObject({ status: 'paid' });
    expect(bank.askedAt.get(withdrawalId)!).toBeGreaterThanOrEqual(undoableUntil + MARGIN_MS);
    expect(await withdrawalOf(userId, withdrawalId)).toMatchObject({ status: 'paid' });
    // Too late to undo now.
    await expect(ledger.commands.undoWithdrawalApproval({ userId, withdrawalId, by: admin })).rejects.toThrow(
      DomainError,
    );
  });

  it('approved again after an undo, the second approval is paid by a job of its own', async () => {
    const { userId, withdrawalId } = await approved();
    await ledger.commands.undoWithdrawalApproval({ userId, withdrawalId, by: admin });
    await ledger.commands.approveWithdrawal({ userId, withdrawalId, by: admin });
    const [first, second] = await Promise.all([settledJob(withdrawalId, 1), settledJob(withdrawalId, 2)]);
    expect(first.returnvalue).toEqual({ status: 'undone' });
    expect(second.returnvalue).toMatchObject({ status: 'paid' });
    expect(bank.calls(withdrawalId)).toBe(1);
  });

  it('an undo at the edge of the window races the job: money is sent at most once, and never while the ledger says pending', async () => {
    // Undos fired from 60 ms before the window closes to 60 ms after, with the job due soon after.
    const offsets = [-60, -30, -10, -1, 0, 1, 10, 30, 60];
    const runs = await Promise.all(
      offsets.map(async (offset) => {
        const { userId, withdrawalId, undoableUntil } = await approved();
        const undo = new Promise<'undone' | 'refused'>((resolve, reject) => {
          setTimeout(
            () => {
              ledger.commands
                .undoWithdrawalApproval({ userId, withdrawalId, by: admin })
                .then(() => resolve('undone'))
                .catch((error: unknown) =>
                  error instanceof DomainError ? resolve('refused') : reject(error),
                );
            },
            Math.max(0, undoableUntil + offset - Date.now()),
          );
        });
        const [undoResult, job] = await Promise.all([undo, settledJob(withdrawalId)]);
        return { offset, userId, withdrawalId, undoResult, job };
      }),
    );
    for (const run of runs) {
      const record = await withdrawalOf(run.userId, run.withdrawalId);
      const sent = bank.transfers.has(run.withdrawalId) ? 1 : 0;
      expect(bank.calls(run.withdrawalId)).toBeLessThanOrEqual(1);
      if (run.undoResult === 'undone') {
        expect({ offset: run.offset, sent, status: record.status }).toEqual({
          offset: run.offset,
          sent: 0,
          status: 'pending',
        });
        expect(run.job.returnvalue).toEqual({ status: 'undone' });
      } else {
        expect({ offset: run.offset, sent, status: record.status }).toEqual({
          offset: run.offset,
          sent: 1,
          status: 'paid',
        });
      }
      // An undo fired after the window closed is always refused.
      if (run.offset >= 0) expect(run.undoResult).toBe('refused');
    }
  });
});
