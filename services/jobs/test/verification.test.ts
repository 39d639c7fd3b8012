/**
 * Proof verification end to end: TaskSubmitted -> reactor -> verification job -> SubmissionVerified,
 * with real images in a real uploads directory; and the flags as the admin's review reads them from
 * the read models, naming another user as they are now.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createLogger } from '@kobo/platform';
import { eventually } from '@kobo/platform/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { campaignDecider, type SubmissionRecord, fold, streams, type CampaignEvent } from '@kobo/ledger';
import sharp from 'sharp';
import type { JobQueues, JobWorker } from '../src/queues';
import {
  listCampaignSubmissions,
  listPendingSubmissions,
  projectionsNamed,
  startProjectors,
  type ConsumersHandle,
} from '@kobo/projector';
import { startReactor } from '../src/reactor/reactor';
import { IMAGE_MISSING, NOT_AN_IMAGE } from '../src/verification/flags';
import { fingerprintProof, hammingDistance } from '../src/verification/perceptual-hash';
import { createLocalProofImages, ProofImageNotFoundError } from '../src/verification/proof-images';
import type { VerificationJob } from '../src/verification/verification-job';
import { startVerificationWorker } from '../src/workers';
import { backends, describeBackend, discardQueues, queuesFor } from './support/backends';
import { createCampaign, createTestLedger, type TestLedger } from './support/ledger';
import { registerUser } from '@kobo/ledger/testing';
import { resentAsJpeg, screenshot } from './support/screenshots';

let uploads: string;

beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'kobo-jobs-uploads-'));
});

afterAll(async () => {
  await rm(uploads, { recursive: true, force: true });
});

describe('perceptual hash', () => {
  it('puts a re-encoded copy near the original and a different screenshot far away', async () => {
    const original = await fingerprintProof(await screenshot(1));
    const copy = await fingerprintProof(await resentAsJpeg(await screenshot(1)));
    const other = await fingerprintProof(await screenshot(2));
    if (!original.readable || !copy.readable || !other.readable) throw new Error('test images must decode');
    expect(original.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(original.hash, copy.hash)).toBeLessThanOrEqual(2);
    expect(hammingDistance(original.hash, other.hash)).toBeGreaterThan(15);
  });

  it('refuses text, a truncated PNG and formats other than PNG, JPEG and WebP', async () => {
    const png = await screenshot(3);
    expect(await fingerprintProof(Buffer.from('not an image at all'))).toEqual({ readable: false });
    expect(await fingerprintProof(png.subarray(0, png.length / 2))).toEqual({ readable: false });
    const gif = await sharp(png).gif().toBuffer();
    expect(await fingerprintProof(gif)).toEqual({ readable: false });
    const webp = await sharp(png).webp().toBuffer();
    expect((await fingerprintProof(webp)).readable).toBe(true);
  });

  it('reads only inside the uploads directory', async () => {
    const images = createLocalProofImages(uploads);
    await writeFile(join(uploads, 'inside.png'), 'x');
    expect((await images.read('inside.png')).toString()).toBe('x');
    await expect(images.read('../../etc/passwd')).rejects.toBeInstanceOf(ProofImageNotFoundError);
    await expect(images.read('missing.png')).rejects.toBeInstanceOf(ProofImageNotFoundError);
  });
});

for (const backend of backends) {
  describeBackend(backend, () => {
    let ledger: TestLedger;
    let queues: JobQueues;
    let reactor: ConsumersHandle;
    let projectors: ConsumersHandle;
    let worker: JobWorker<VerificationJob>;
    let n = 0;

    beforeAll(async () => {
      ledger = await createTestLedger();
      await mkdir(join(uploads, backend.name));
      queues = queuesFor(backend, ledger.db.url);
      reactor = await startReactor({ pool: ledger.db.pool, store: ledger.store, queues });
      const { store, commands } = ledger;
      const pool = ledger.db.pool;
      // The read models the admin's review reads: who submitted, the campaign, the submissions.
      projectors = await startProjectors({
        pool,
        store,
        logger: createLogger('silent'),
        projections: projectionsNamed(['users', 'campaigns', 'submissions']),
        pollIntervalMs: 100,
      });
      // One at a time, so the proofs are compared in the order they were sent.
      worker = startVerificationWorker(
        queues,
        { pool, store, commands, images: createLocalProofImages(uploads) },
        { tuning: { concurrency: 1 } },
      );
    });

    afterAll(async () => {
      await reactor.stop();
      await projectors.stop();
      await worker.close();
      await discardQueues(queues);
      await ledger.close();
    });

    /** Stores the file as the API's upload would, submits the task, and waits for the verdict. */
    async function submit(
      campaignId: string,
      userId: string,
      file: Buffer | null,
    ): Promise<SubmissionRecord> {
      const key = `${backend.name}/proof-${++n}.png`;
      if (file) {
        await writeFile(join(uploads, key), file);
      }
      const result = await ledger.commands.submitTask({ campaignId, userId, proofImage: key });
      const { submissionId } = result.events[0]!.data as { submissionId: string };
      return eventually('the verification to be recorded', async () => {
        const events = await ledger.store.readStream(streams.campaign(campaignId));
        const state = fold(
          campaignDecider,
          events.map((e) => ({ type: e.type, data: e.data }) as CampaignEvent),
        );
        const s = state.submissions.get(submissionId);
        return s && s.flags !== null ? s : undefined;
      });
    }

    it('flags a screenshot another user sent, and one the same user sent for another task; leaves a unique one clean', async () => {
      const follow = await createCampaign(ledger.commands, 'Follow Kobo on Instagram');
      const like = await createCampaign(ledger.commands, 'Like the Kobo post');
      const tunde = await registerUser(ledger.commands, { username: `tunde_${backend.name}` });
      const ada = await registerUser(ledger.commands);
      const chidi = await registerUser(ledger.commands);
      const proof = await screenshot(100);

      const first = await submit(follow, tunde.userId, proof);
      expect(first.flags).toEqual([]);
      expect(first.perceptualHash).toMatch(/^[0-9a-f]{16}$/);

      const copied = await submit(follow, ada.userId, await resentAsJpeg(proof));
      expect(copied.flags).toEqual(['Looks like the screenshot another user sent for this task']);
      expect(copied.lookAlikes).toEqual([
        { flag: 0, submissionId: first.submissionId, userId: tunde.userId },
      ]);

      const unique = await submit(follow, chidi.userId, await screenshot(200));
      expect(unique.flags).toEqual([]);

      const reused = await submit(like, tunde.userId, proof);
      // Closest first: the same user's own file (distance 0), then the other user's copy.
      expect(reused.flags).toEqual([
        'Looks like the screenshot this user already sent for another task (Follow Kobo on Instagram)',
        'Looks like the screenshot another user sent for another task (Follow Kobo on Instagram)',
      ]);
      expect(reused.lookAlikes).toEqual([{ flag: 1, submissionId: copied.submissionId, userId: ada.userId }]);

      const { rows } = await ledger.db.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM proof_hashes WHERE submission_id = ANY($1)',
        [[first.submissionId, copied.submissionId, unique.submissionId, reused.submissionId]],
      );
      expect(rows[0]!.n).toBe(4);
    });

    it("names no one in the event; the admin's review reads the other user's current name, then 'Deleted user' once they are erased", async () => {
      const retweet = await createCampaign(ledger.commands, 'Retweet the Kobo post');
      const bisi = await registerUser(ledger.commands, { username: `bisi_${backend.name}` });
      const emeka = await registerUser(ledger.commands);
      const proof = await screenshot(300);
      const original = await submit(retweet, bisi.userId, proof);
      const copy = await submit(retweet, emeka.userId, await resentAsJpeg(proof));

      // The event, as stored, has the look-alike by ids and neither bisi's username nor name.
      const stored = (await ledger.store.readStream(streams.campaign(retweet))).filter(
        (event) =>
          event.type === 'SubmissionVerified' &&
          (event.data as { submissionId: string }).submissionId === copy.submissionId,
      );
      expect(stored.map((event) => event.data)).toEqual([
        expect.objectContaining({
          flags: ['Looks like the screenshot another user sent for this task'],
          lookAlikes: [{ flag: 0, submissionId: original.submissionId, userId: bisi.userId }],
        }),
      ]);
      expect(JSON.stringify(stored)).not.toContain(bisi.username);
      const { rows: hashes } = await ledger.db.pool.query('SELECT * FROM proof_hashes');
      expect(JSON.stringify(hashes)).not.toContain(bisi.username);

      /** The copy's flags as /api/admin/tasks/:id/submissions and /api/admin/submissions/pending read them. */
      const shown = async () => {
        const listed = await listCampaignSubmissions(ledger.db.pool, retweet, { page: 1 });
        const pending = await listPendingSubmissions(ledger.db.pool, { campaignId: retweet, page: 1 });
        const flagsOf = (rows: { submission_id: string; flags: string[] }[]) =>
          rows.find((row) => row.submission_id === copy.submissionId)?.flags;
        return [flagsOf(listed.rows), flagsOf(pending.rows)];
      };
      const named = (name: string) => [`Looks like the screenshot another user (${name}) sent for this task`];
      const before = await eventually('the copy verified in the read models', async () => {
        const flags = await shown();
        return flags.every((f) => f !== undefined && f.length > 0) ? flags : undefined;
      });
      expect(before).toEqual([named(bisi.username), named(bisi.username)]);

      await ledger.commands.deleteUser({
        userId: bisi.userId,
        by: { role: 'admin', id: 'test' },
        reason: 'Asked to be forgotten',
      });
      await eventually('the users read model to forget bisi', async () => {
        const { rows } = await ledger.db.pool.query<{ deleted: boolean }>(
          'SELECT deleted FROM users WHERE user_id = $1',
          [bisi.userId],
        );
        return rows[0]?.deleted ? true : undefined;
      });
      const after = await shown();
      expect(after).toEqual([named('Deleted user'), named('Deleted user')]);
      expect(JSON.stringify(after)).not.toContain(bisi.username);
    });

    it('flags a file that is not an image, and a proof missing from storage, without failing the job', async () => {
      const campaign = await createCampaign(ledger.commands, 'Subscribe on YouTube');
      const { userId } = await registerUser(ledger.commands);
      const text = await submit(campaign, userId, Buffer.from('%PDF-1.4 this is no screenshot'));
      expect(text).toMatchObject({ perceptualHash: null, flags: [NOT_AN_IMAGE] });

      const other = await registerUser(ledger.commands);
      const missing = await submit(campaign, other.userId, null);
      expect(missing).toMatchObject({ perceptualHash: null, flags: [IMAGE_MISSING] });
      expect(await queues.verification.getJobCounts('failed')).toEqual({ failed: 0 });
    });
  });
}
