/**
 * Payouts end to end: WithdrawalApproved -> reactor -> payout job -> provider -> PayoutSucceeded or
 * PayoutFailed, recorded through the real ledger. The provider is a fake bank (a third party).
 */
import { randomUUID } from 'node:crypto';
import { eventually } from '@kobo/platform/testing';
import { fold, userDecider, Accounts } from '@kobo/ledger';
import { jobIds } from '../src/job-ids';
import { payoutFailedReason, payWithdrawal, type PayoutOutcome } from '../src/payouts/pay-withdrawal';
import type { PayoutJob } from '../src/payouts/payout-job';
import type { JobQueues, JobWorker, WorkerTuning } from '../src/queues';
import type { ConsumersHandle } from '@kobo/projector';
import { startReactor } from '../src/reactor/reactor';
import { startPayoutWorker } from '../src/workers';
import { backends, describeBackend, discardQueues, queuesFor } from './support/backends';
import { FakeBank } from './support/fake-bank';
import { approvedWithdrawal, createTestLedger, rules, userEvents, type TestLedger } from './support/ledger';
import { registerUser } from '@kobo/ledger/testing';

const STARTING_BALANCE = 1_000_000; // ₦10,000
const AMOUNT = 300_000; // ₦3,000
/**
 * A short lock, so a killed worker's job returns to the queue within a second or two, and a short
 * wait for new jobs, so the killed worker's last wait does not keep Jest running for 5 s.
 */
const tuning: WorkerTuning = { lockDuration: 1_000, stalledInterval: 500, drainDelay: 1 };

for (const backend of backends) {
  describeBackend(backend, () => {
    let ledger: TestLedger;
    let queues: JobQueues;
    let reactor: ConsumersHandle;
    let worker: JobWorker<PayoutJob>;
    const bank = new FakeBank();

    beforeAll(async () => {
      ledger = await createTestLedger();
      // Five attempts as in production, but milliseconds apart.
      queues = queuesFor(backend, ledger.db.url, {
        payouts: { backoff: { type: 'exponential', delay: 20 } },
      });
      reactor = await startReactor({ pool: ledger.db.pool, store: ledger.store, queues });
      worker = startPayoutWorker(
        queues,
        { store: ledger.store, commands: ledger.commands, provider: bank },
        { tuning },
      );
    });

    afterAll(async () => {
      await reactor.stop();
      await worker.close();
      await discardQueues(queues);
      await ledger.close();
    });

    async function settledJob(withdrawalId: string) {
      const id = jobIds.payout(withdrawalId);
      return eventually(`the payout job of ${withdrawalId} to settle`, async () => {
        // The state first: a job fetched after it is terminal is final, one fetched before may not be.
        const state = await queues.payouts.getJobState(id);
        if (state !== 'completed' && state !== 'failed') return undefined;
        const job = await queues.payouts.getJob(id);
        return job ? { job, state } : undefined;
      });
    }

    async function eventsOf(userId: string, type: string) {
      return (await userEvents(ledger.store, userId)).filter((e) => e.type === type);
    }

    async function balances(userId: string) {
      return fold(userDecider, await userEvents(ledger.store, userId)).balances;
    }

    it('pays an approved withdrawal once, even when the job is delivered a second time', async () => {
      const { userId } = await registerUser(ledger.commands, { account: STARTING_BALANCE });
      const withdrawalId = await approvedWithdrawal(ledger.commands, userId, AMOUNT);
      const first = await settledJob(withdrawalId);
      expect(first.state).toBe('completed');
      expect(first.job.returnvalue).toEqual({ status: 'paid', reference: expect.stringMatching(/^FB/) });

      // Delivered again: the finished job is gone and the same job arrives once more.
      await first.job.remove();
      await queues.payouts.add(
        'pay-withdrawal',
        { userId, withdrawalId },
        { jobId: jobIds.payout(withdrawalId) },
      );
      const second = await settledJob(withdrawalId);
      expect(second.job.returnvalue).toEqual({ status: 'already_settled', withdrawalStatus: 'paid' });

      expect(bank.calls(withdrawalId)).toBe(1);
      expect(bank.transfers.get(withdrawalId)).toMatchObject({ amount: AMOUNT - rules.withdrawalFee });
      const paid = await eventsOf(userId, 'PayoutSucceeded');
      expect(paid).toHaveLength(1);
      expect(paid[0]!.data).toMatchObject({ withdrawalId, provider: 'fake_bank', amount: AMOUNT });
      expect(await balances(userId)).toEqual({
        account: STARTING_BALANCE - AMOUNT,
        activity: rules.signupBonus,
        hold: 0,
      });
    });

    it('pays once when two deliveries run at the same time', async () => {
      const { userId } = await registerUser(ledger.commands, { account: STARTING_BALANCE });
      const withdrawalId = await approvedWithdrawal(ledger.commands, userId, AMOUNT);
      const deps = { store: ledger.store, commands: ledger.commands, provider: bank };
      const attempt = { attempt: 1, lastAttempt: false };
      // The worker's own delivery races these two.
      const outcomes = await Promise.all([
        payWithdrawal(deps, { userId, withdrawalId }, attempt),
        payWithdrawal(deps, { userId, withdrawalId }, attempt),
      ]);
      await settledJob(withdrawalId);
      const reference = bank.transfers.get(withdrawalId)!.reference;
      for (const outcome of outcomes)
        expect([
          { status: 'paid', reference },
          { status: 'already_settled', withdrawalStatus: 'paid' },
        ]).toContainEqual(outcome);
      expect([...bank.transfers.keys()].filter((k) => k === withdrawalId)).toHaveLength(1);
      const paid = await eventsOf(userId, 'PayoutSucceeded');
      expect(paid).toHaveLength(1);
      expect(paid[0]!.data).toMatchObject({ reference });
    });

    it('retries a failing transfer with backoff and, after the last attempt, returns the money', async () => {
      const { userId } = await registerUser(ledger.commands, { account: STARTING_BALANCE });
      const withdrawalId = randomUUID();
      bank.script(withdrawalId, { fail: 'Beneficiary bank is not responding' });
      await approvedWithdrawal(ledger.commands, userId, AMOUNT, withdrawalId);
      expect((await balances(userId)).account).toBe(STARTING_BALANCE - AMOUNT);

      const { job, state } = await settledJob(withdrawalId);
      expect(state).toBe('failed');
      expect(job.attemptsMade).toBe(5);
      expect(bank.calls(withdrawalId)).toBe(5);
      const reason = payoutFailedReason('Beneficiary bank is not responding', 5);
      expect(job.failedReason).toBe(reason);

      const failed = await eventsOf(userId, 'PayoutFailed');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.data).toMatchObject({ withdrawalId, provider: 'fake_bank', reason, amount: AMOUNT });
      // payouts clearing -> the user's account: the whole amount, fee included, is back.
      expect(failed[0]!.data).toMatchObject({
        postings: [
          { account: Accounts.payoutsClearing, amount: -AMOUNT },
          { account: Accounts.userAccount(userId), amount: AMOUNT },
        ],
      });
      expect(await balances(userId)).toEqual({
        account: STARTING_BALANCE,
        activity: rules.signupBonus,
        hold: 0,
      });
      expect(await eventsOf(userId, 'PayoutSucceeded')).toHaveLength(0);
    });

    it('returns the money at once when the bank refuses for good, and keeps the failed job', async () => {
      const { userId } = await registerUser(ledger.commands, { account: STARTING_BALANCE });
      const withdrawalId = randomUUID();
      bank.script(withdrawalId, { fail: 'Account number does not exist', permanent: true });
      await approvedWithdrawal(ledger.commands, userId, AMOUNT, withdrawalId);
      const { job, state } = await settledJob(withdrawalId);
      expect(state).toBe('failed');
      expect(bank.calls(withdrawalId)).toBe(1);
      expect(job.failedReason).toBe(payoutFailedReason('Account number does not exist', 1));
      expect(await balances(userId)).toEqual({
        account: STARTING_BALANCE,
        activity: rules.signupBonus,
        hold: 0,
      });
    });

    it('finishes the job of a worker killed mid-payout exactly once, without paying twice', async () => {
      const { userId } = await registerUser(ledger.commands, { account: STARTING_BALANCE });
      const withdrawalId = randomUUID();
      // The bank pays on the first call but the answer never arrives: the worker dies waiting.
      bank.script(withdrawalId, { hangFirstCall: true });
      await approvedWithdrawal(ledger.commands, userId, AMOUNT, withdrawalId);
      await eventually('the bank to be called', async () =>
        bank.calls(withdrawalId) === 1 ? true : undefined,
      );
      await worker.close(true);
      expect(await queues.payouts.getJobState(jobIds.payout(withdrawalId))).toBe('active');
      expect(await eventsOf(userId, 'PayoutSucceeded')).toHaveLength(0);

      // A new worker finds the job stalled once its lock expires and runs it again.
      worker = startPayoutWorker(
        queues,
        { store: ledger.store, commands: ledger.commands, provider: bank },
        { tuning },
      );
      const { job, state } = await settledJob(withdrawalId);
      expect(state).toBe('completed');
      const reference = bank.transfers.get(withdrawalId)!.reference;
      expect(job.returnvalue as PayoutOutcome).toEqual({ status: 'paid', reference });
      expect(bank.calls(withdrawalId)).toBe(2);
      expect([...bank.transfers.keys()].filter((k) => k === withdrawalId)).toHaveLength(1);
      expect(await eventsOf(userId, 'PayoutSucceeded')).toHaveLength(1);
      const postings = (await eventsOf(userId, 'PayoutSucceeded'))[0]!.data as { postings: unknown };
      expect(postings.postings).toEqual([
        { account: Accounts.payoutsClearing, amount: -(AMOUNT - rules.withdrawalFee) },
        { account: Accounts.world, amount: AMOUNT - rules.withdrawalFee },
        { account: Accounts.payoutsClearing, amount: -rules.withdrawalFee },
        { account: Accounts.withdrawalFees, amount: rules.withdrawalFee },
      ]);
    });
  });
}
