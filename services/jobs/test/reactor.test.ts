/**
 * The reactor turns TaskSubmitted and WithdrawalApproved into jobs with deterministic ids, and
 * a replayed event (a crash before the checkpoint moved, a second reactor) enqueues nothing new.
 * It runs on the consumer runtime: one instance leads across processes, and it goes on from its
 * checkpoint after a restart.
 */
import type { Pool } from '@kobo/platform';
import { eventually } from '@kobo/platform/testing';
import { jobIds } from '../src/job-ids';
import type { JobQueues } from '../src/queues';
import { enqueueJobsFor, startReactor } from '../src/reactor/reactor';
import { backends, describeBackend, discardQueues, queuesFor } from './support/backends';
import { approvedWithdrawal, createCampaign, createTestLedger, type TestLedger } from './support/ledger';
import { registerUser } from '@kobo/ledger/testing';

async function readCheckpoint(pool: Pool, name: string): Promise<number> {
  const { rows } = await pool.query('SELECT position FROM projection_checkpoints WHERE projector = $1', [
    name,
  ]);
  return Number(rows[0]?.position ?? 0);
}

async function readWholeLog(ledger: TestLedger) {
  const { rows } = await ledger.db.pool.query<{ max: number }>(
    'SELECT max(global_position) AS max FROM events',
  );
  const written = rows[0]!.max;
  await eventually('the gap-safe head to reach every event written', async () =>
    (await ledger.store.headPosition()) >= written ? true : undefined,
  );
  return ledger.store.readAll({ after: 0, limit: 10_000 });
}

describe('job ids', () => {
  it('are one per submission and per withdrawal, and never contain the ":" BullMQ refuses', () => {
    expect(jobIds.verification('s1')).toBe('verify-s1');
    expect(jobIds.payout('w1')).toBe('payout-w1');
    expect(jobIds.payout('a:b')).not.toContain(':');
    expect(jobIds.payout('a:b')).not.toBe(jobIds.payout('a%3Ab'));
  });
});

for (const backend of backends) {
  describeBackend(backend, () => {
    let ledger: TestLedger;
    let queues: JobQueues;
    const submissions: string[] = [];
    const withdrawals: string[] = [];

    beforeAll(async () => {
      ledger = await createTestLedger();
      queues = queuesFor(backend, ledger.db.url);
      const campaignId = await createCampaign(ledger.commands, 'Follow Kobo on Instagram');
      for (let i = 0; i < 3; i++) {
        const { userId } = await registerUser(ledger.commands, { account: 500_000 });
        const submitted = await ledger.commands.submitTask({ campaignId, userId, proofImage: `p${i}.png` });
        submissions.push((submitted.events[0]!.data as { submissionId: string }).submissionId);
        withdrawals.push(await approvedWithdrawal(ledger.commands, userId, 300_000));
      }
    });

    afterAll(async () => {
      await discardQueues(queues);
      await ledger.close();
    });

    it('enqueues one verification per submission and one payout per approval, once, even when replayed', async () => {
      const reactor = await startReactor({
        pool: ledger.db.pool,
        store: ledger.store,
        queues,
        name: 'first',
      });
      const head = (await readWholeLog(ledger)).at(-1)!.globalPosition;
      await eventually('the checkpoint to reach the head', async () =>
        (await readCheckpoint(ledger.db.pool, 'first')) >= head ? true : undefined,
      );
      await reactor.stop();

      // A replay of everything by hand, and a second reactor starting from the beginning.
      await enqueueJobsFor(queues, await readWholeLog(ledger));
      const second = await startReactor({
        pool: ledger.db.pool,
        store: ledger.store,
        queues,
        name: 'second',
      });
      await eventually('the second reactor to reach the head', async () =>
        (await readCheckpoint(ledger.db.pool, 'second')) >= head ? true : undefined,
      );
      await second.stop();

      const verifications = await queues.verification.getJobs(['waiting', 'prioritized', 'delayed']);
      const payouts = await queues.payouts.getJobs(['waiting', 'prioritized', 'delayed']);
      expect(verifications.map((j) => j.id).sort()).toEqual(submissions.map(jobIds.verification).sort());
      expect(payouts.map((j) => j.id).sort()).toEqual(withdrawals.map((w) => jobIds.payout(w)).sort());
      expect(payouts.map((j) => j.data.withdrawalId).sort()).toEqual([...withdrawals].sort());
      expect(await queues.payouts.getJobCounts('waiting')).toEqual({ waiting: 3 });
    });

    it('picks up from its checkpoint after a restart, enqueueing only what came after', async () => {
      // A log and queues of its own: earlier work sits in the log but not in the queues, so a
      // reactor that ignored its checkpoint would enqueue it and be seen doing so.
      const own = await createTestLedger();
      const ownQueues = queuesFor(backend, own.db.url);
      try {
        const campaignId = await createCampaign(own.commands, 'Like Kobo on Facebook');
        const before = await registerUser(own.commands, { account: 500_000 });
        await own.commands.submitTask({ campaignId, userId: before.userId, proofImage: 'before.png' });
        await approvedWithdrawal(own.commands, before.userId, 300_000);
        const name = 'restart';
        // Where an earlier run of the reactor had got to.
        await own.db.pool.query('INSERT INTO projection_checkpoints (projector, position) VALUES ($1, $2)', [
          name,
          (await readWholeLog(own)).at(-1)!.globalPosition,
        ]);

        const { userId } = await registerUser(own.commands, { account: 500_000 });
        const withdrawalId = await approvedWithdrawal(own.commands, userId, 250_000);
        const head = (await readWholeLog(own)).at(-1)!.globalPosition;
        const reactor = await startReactor({ pool: own.db.pool, store: own.store, queues: ownQueues, name });
        await eventually('the checkpoint to reach the head', async () =>
          (await readCheckpoint(own.db.pool, name)) >= head ? true : undefined,
        );
        await reactor.stop();

        const payouts = await ownQueues.payouts.getJobs(['waiting', 'prioritized', 'delayed']);
        expect(payouts.map((j) => j.data)).toEqual([{ userId, withdrawalId, approval: 1 }]);
        expect(await ownQueues.verification.getJobs(['waiting', 'prioritized', 'delayed'])).toEqual([]);
      } finally {
        await discardQueues(ownQueues);
        await own.close();
      }
    });

    it('runs in one process at a time, and another takes over when it stops', async () => {
      const own = await createTestLedger();
      const ownQueues = queuesFor(backend, own.db.url);
      const timing = { pollIntervalMs: 100, leaderRetryMs: 100 };
      const a = await startReactor({ pool: own.db.pool, store: own.store, queues: ownQueues, ...timing });
      const b = await startReactor({ pool: own.db.pool, store: own.store, queues: ownQueues, ...timing });
      try {
        const states = async () =>
          (await Promise.all([a.status(), b.status()])).map(([status]) => ({
            leader: status!.leader,
            state: status!.state,
          }));
        // Exactly one leads; the other waits as a follower and enqueues nothing.
        const [sa, sb] = await eventually('one reactor leading and one following', async () => {
          const both = await states();
          return both.some((s) => s.leader) && both.some((s) => s.state === 'follower') ? both : undefined;
        });
        expect(Number(sa!.leader) + Number(sb!.leader)).toBe(1);
        const [leader, follower] = sa!.leader ? [a, b] : [b, a];
        expect(await states()).toEqual(expect.arrayContaining([{ leader: false, state: 'follower' }]));

        await leader.stop();
        const { userId } = await registerUser(own.commands, { account: 500_000 });
        const withdrawalId = await approvedWithdrawal(own.commands, userId, 250_000);
        const head = (await readWholeLog(own)).at(-1)!.globalPosition;
        await eventually('the follower to take over and reach the head', async () =>
          (await readCheckpoint(own.db.pool, 'jobs')) >= head ? true : undefined,
        );
        expect((await follower.status())[0]).toMatchObject({ leader: true, lag: 0, failure: null });
        const payouts = await ownQueues.payouts.getJobs(['waiting', 'prioritized', 'delayed']);
        expect(payouts.map((j) => j.data)).toEqual([{ userId, withdrawalId, approval: 1 }]);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await discardQueues(ownQueues);
        await own.close();
      }
    });
  });
}
