/**
 * The service as the API starts it: default manual bank transfer, so an approved withdrawal waits
 * for finance, who marks it paid with the bank's reference.
 */
import { randomBytes } from 'node:crypto';
import { eventually } from '@kobo/platform/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError, type Actor } from '@kobo/ledger';
import { createLogger } from '@kobo/platform';
import { queuesForBoard } from '../src';
import { jobIds } from '../src/job-ids';
import { markPayoutFailed, markPayoutPaid } from '../src/payouts/mark-payout';
import { startJobs, type Jobs } from '../src/start-jobs';
import { backends, describeBackend, REDIS_URL } from './support/backends';
import { approvedWithdrawal, createTestLedger, userEvents, type TestLedger } from './support/ledger';
import { registerUser } from '@kobo/ledger/testing';

const finance: Actor = { role: 'finance', id: 'finance-1' };

for (const backend of backends) {
  describeBackend(backend, () => {
    let ledger: TestLedger;
    let jobs: Jobs;
    let dataDir: string;

    beforeAll(async () => {
      ledger = await createTestLedger();
      dataDir = await mkdtemp(join(tmpdir(), 'kobo-jobs-data-'));
      jobs = await startJobs({
        pool: ledger.db.pool,
        databaseUrl: ledger.db.url,
        redisUrl: backend.name === 'redis' ? REDIS_URL : undefined,
        redisPrefix: `kobo-test-${randomBytes(4).toString('hex')}`,
        store: ledger.store,
        commands: ledger.commands,
        logger: createLogger('silent'),
        dataDir,
      });
    });

    afterAll(async () => {
      if (jobs.queues.backend === 'redis')
        await Promise.all(jobs.queues.list().map((q) => q.obliterate({ force: true })));
      await jobs.stop();
      await ledger.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it(`runs on the ${backend.name} backend and lists both queues for Bull Board`, () => {
      expect(jobs.queues.backend).toBe(backend.name);
      expect(queuesForBoard(jobs).map((q) => q.name)).toEqual(['proof-verification', 'payouts']);
    });

    it('leaves a manual payout pending until finance marks it paid with the bank reference', async () => {
      const { userId } = await registerUser(ledger.commands, { account: 1_000_000 });
      const withdrawalId = await approvedWithdrawal(ledger.commands, userId, 500_000);
      const id = jobIds.payout(withdrawalId);
      const job = await eventually('the payout job to complete', async () =>
        (await jobs.queues.payouts.getJobState(id)) === 'completed'
          ? ((await jobs.queues.payouts.getJob(id)) ?? undefined)
          : undefined,
      );
      expect(job.returnvalue).toEqual({ status: 'pending' });
      const types = async () => (await userEvents(ledger.store, userId)).map((e) => e.type);
      expect(await types()).not.toContain('PayoutSucceeded');

      const paid = await markPayoutPaid(ledger.commands, {
        userId,
        withdrawalId,
        reference: ' GTB-2026-0042 ',
        by: finance,
      });
      expect(paid.events).toHaveLength(1);
      expect(paid.events[0]).toMatchObject({
        type: 'PayoutSucceeded',
        data: { provider: 'manual_transfer', reference: 'GTB-2026-0042', amount: 500_000 },
        metadata: { actor: finance },
      });
      // Clicking twice is harmless; another reference is refused.
      const again = await markPayoutPaid(ledger.commands, {
        userId,
        withdrawalId,
        reference: 'GTB-2026-0042',
        by: finance,
      });
      expect(again.events).toHaveLength(0);
      await expect(
        markPayoutPaid(ledger.commands, { userId, withdrawalId, reference: 'GTB-OTHER', by: finance }),
      ).rejects.toThrow(
        new DomainError('conflict', 'This payout was already recorded as paid with reference GTB-2026-0042.'),
      );
      expect((await types()).filter((t) => t === 'PayoutSucceeded')).toHaveLength(1);
    });

    it('lets finance mark a manual payout failed, which returns the money', async () => {
      const { userId } = await registerUser(ledger.commands, { account: 1_000_000 });
      const withdrawalId = await approvedWithdrawal(ledger.commands, userId, 500_000);
      const failed = await markPayoutFailed(ledger.commands, {
        userId,
        withdrawalId,
        reason: 'The bank returned the transfer: account closed',
        by: finance,
      });
      expect(failed.events[0]).toMatchObject({ type: 'PayoutFailed', data: { provider: 'manual_transfer' } });
      const events = await userEvents(ledger.store, userId);
      const account = events
        .flatMap((e) => ('postings' in e.data ? e.data.postings : []))
        .filter((p) => p.account === `user:${userId}:account`)
        .reduce((sum, p) => sum + p.amount, 0);
      expect(account).toBe(1_000_000);
    });
  });
}
