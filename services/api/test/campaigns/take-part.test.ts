import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { eventually } from '@kobo/platform/testing';
import { createLedgerCommands, createPostgresEventStore, moneyRules, streams } from '@kobo/ledger';
import { createApiApp } from '../../src/app';
import { holdProjector, startHarness, type Harness } from '../support/harness';
import {
  bigPngBytes,
  createCampaign,
  gifBytes,
  jpegBytes,
  pngBytes,
  registerUser,
  settled,
  webpBytes,
  type TestUser,
} from './support';

const submitted = 'Task submitted successfully! It will be verified within 1-7 hours.';

describe('POST /api/tasks/submit', () => {
  let h: Harness;
  let dataDir: string;
  let uploadsDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kobo-take-part-'));
    uploadsDir = join(dataDir, 'uploads');
    h = await startHarness({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const submit = (user: TestUser, taskId: string) =>
    h.http.post('/api/tasks/submit').set('Authorization', `Bearer ${user.token}`).field('taskId', taskId);

  /** Every file stored for a campaign's proofs (originals and thumbnails). */
  async function proofFiles(campaignId: string): Promise<string[]> {
    try {
      return (await readdir(join(uploadsDir, 'proofs', campaignId))).sort();
    } catch {
      return [];
    }
  }

  it('stores the proof and its thumbnail, submits, and the pending submission is readable', async () => {
    const user = await registerUser(h, 'ada');
    const campaignId = await createCampaign(h, { priceNaira: 25 });
    const png = await pngBytes();
    const res = await submit(user, campaignId).attach('proofImage', png, 'done.png').expect(201);

    expect(res.body).toEqual({
      status: 'success',
      message: submitted,
      submission: {
        _id: expect.any(String),
        taskId: campaignId,
        userId: user.userId,
        kind: 'task',
        proofImage: expect.stringMatching(new RegExp(`^proofs/${campaignId}/${user.userId}-[\\w-]+\\.png$`)),
        status: 'pending',
        reward: 25,
        submittedAt: expect.any(String),
      },
    });
    const key: string = res.body.submission.proofImage;
    // Answered from the ledger's events; the read model follows.
    await settled(h);
    const { rows } = await h.db.pool.query(
      `SELECT user_id, proof_image, status, reward FROM submissions WHERE submission_id = $1`,
      [res.body.submission._id],
    );
    expect(rows).toEqual([{ user_id: user.userId, proof_image: key, status: 'pending', reward: 2500 }]);

    const stem = key.split('/')[2]!.replace(/\.png$/, '');
    expect(await proofFiles(campaignId)).toEqual([`${stem}.png`, `${stem}.thumb.webp`]);
    const thumb = await sharp(join(uploadsDir, key.replace(/\.png$/, '.thumb.webp'))).metadata();
    expect({ format: thumb.format, width: thumb.width }).toEqual({ format: 'webp', width: 320 });

    // The campaign now has one unit fewer, and the list marks it as submitted.
    const tasks = await h.http.get('/api/tasks').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(tasks.body.find((t: { _id: string }) => t._id === campaignId)).toMatchObject({
      remainingUnits: 9,
      submitted: true,
    });
  });

  it.each([
    ['JPEG', jpegBytes, 'jpg'],
    ['WebP', webpBytes, 'webp'],
  ])(
    'accepts a %s screenshot, named by its bytes whatever the file is called',
    async (_name, make, extension) => {
      const user = await registerUser(h, 'bisi');
      const campaignId = await createCampaign(h);
      const res = await submit(user, campaignId)
        .attach('proofImage', await make(), { filename: 'screenshot.png', contentType: 'image/png' })
        .expect(201);
      expect(res.body.submission.proofImage).toMatch(new RegExp(`\\.${extension}$`));
    },
  );

  it('refuses a second submission to the same campaign and keeps no second file', async () => {
    const user = await registerUser(h, 'chioma');
    const campaignId = await createCampaign(h);
    await submit(user, campaignId)
      .attach('proofImage', await pngBytes(), 'one.png')
      .expect(201);
    const res = await submit(user, campaignId)
      .attach('proofImage', await pngBytes(300, 300), 'two.png')
      .expect(409);
    expect(res.body.message).toBe('You have already submitted this task.');
    expect(await proofFiles(campaignId)).toHaveLength(2); // the first original and its thumbnail
  });

  it('replays the first answer for a retried request with the same Idempotency-Key', async () => {
    const user = await registerUser(h, 'dayo');
    const campaignId = await createCampaign(h);
    const png = await pngBytes();
    const first = await submit(user, campaignId)
      .set('Idempotency-Key', 'submit-once')
      .attach('proofImage', png, 'done.png')
      .expect(201);
    const retry = await submit(user, campaignId)
      .set('Idempotency-Key', 'submit-once')
      .attach('proofImage', png, 'done.png')
      .expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await proofFiles(campaignId)).toHaveLength(2);
  });

  // The process died after the ledger took the submission and before the answer was stored: the
  // key is still marked in flight, taken just now or (its lock stale) long enough ago to take over.
  it.each([
    ['just now', 'now()', 'ebere'],
    ['long ago', "now() - interval '2 minutes'", 'femi'],
  ])(
    'answers a retry after a lost answer (key taken %s) as the first time, from another process, and submits once',
    async (_when, lockedAt, name) => {
      const user = await registerUser(h, name);
      const campaignId = await createCampaign(h);
      const png = await pngBytes();
      const first = await submit(user, campaignId)
        .set('Idempotency-Key', 'lost-answer')
        .attach('proofImage', png, 'done.png')
        .expect(201);
      const { rowCount } = await h.db.pool.query(
        `UPDATE idempotency_keys SET response_status = NULL, response_content_type = NULL,
              response_body = NULL, completed_at = NULL, locked_at = ${lockedAt}
        WHERE user_id = $1 AND key = 'lost-answer'`,
        [user.userId],
      );
      expect(rowCount).toBe(1);

      // A new process: its own event store and command handlers, nothing kept in memory.
      const store = createPostgresEventStore(h.db.pool);
      try {
        const restarted = createApiApp(
          {
            ...h.context,
            store,
            commands: createLedgerCommands(store, { rules: moneyRules(h.config.money) }),
          },
          { webOrigin: 'http://localhost:5173' },
        );
        const retry = await request(restarted)
          .post('/api/tasks/submit')
          .set('Authorization', `Bearer ${user.token}`)
          .set('Idempotency-Key', 'lost-answer')
          .field('taskId', campaignId)
          .attach('proofImage', png, 'done.png');
        expect({ status: retry.status, message: retry.body.message }).toEqual({
          status: 201,
          message: submitted,
        });
        expect(retry.body.submission).toEqual({ ...first.body.submission, submittedAt: expect.any(String) });
        // No new command ran: the answer replays the first.
        expect(retry.headers['idempotent-replayed']).toBe('true');
      } finally {
        await store.close();
      }
      const events = await h.store.readStream(streams.campaign(campaignId));
      expect(events.filter((e) => e.type === 'TaskSubmitted')).toHaveLength(1);
      expect(await proofFiles(campaignId)).toHaveLength(2); // the retry's copy of the file is removed
    },
  );

  it('answers without waiting for the projections; the next read of the same person waits for them', async () => {
    const user = await registerUser(h, 'bisi');
    const campaignId = await createCampaign(h);
    const { release } = await holdProjector(h, 'submissions');
    try {
      const answer = await submit(user, campaignId)
        .attach('proofImage', await pngBytes(), 'proof.png')
        .expect(201);
      expect(answer.body.submission).toMatchObject({ taskId: campaignId, status: 'pending', reward: 25 });
      const projected = await h.db.pool.query('SELECT 1 FROM submissions WHERE submission_id = $1', [
        answer.body.submission._id,
      ]);
      expect(projected.rows).toEqual([]); // the answer did not wait for the read model

      const list = h.http
        .get('/api/users/submissions')
        .set('Authorization', `Bearer ${user.token}`)
        .then((res) => res);
      await eventually('the read waiting for the write', async () =>
        h.context.writes.waiting() === 1 ? true : undefined,
      );
      await release();
      const res = await list;
      expect(res.status).toBe(200);
      expect(res.body.map((s: { id: string }) => s.id)).toEqual([answer.body.submission._id]);
    } finally {
      await release();
    }
  });

  it('completes an activity without a file and credits the activity balance at once', async () => {
    const user = await registerUser(h, 'emeka');
    const campaignId = await createCampaign(h, { platform: 'activity', priceNaira: 100 });
    const balance = async () =>
      (await h.db.pool.query(`SELECT activity_balance FROM user_balances WHERE user_id = $1`, [user.userId]))
        .rows[0].activity_balance as number;
    const before = await balance();

    const res = await submit(user, campaignId).expect(200);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Activity completed and approved! Your activity balance has been credited.',
      submission: { taskId: campaignId, kind: 'activity', status: 'approved', proofImage: null, reward: 100 },
    });
    await settled(h);
    expect(await balance()).toBe(before + 10_000);

    const again = await submit(user, campaignId).expect(409);
    expect(again.body.message).toBe('You have already completed this activity.');
    expect(await balance()).toBe(before + 10_000);
  });

  it('answers an activity retried after a lost answer as the first time, crediting once', async () => {
    const user = await registerUser(h, 'gbenga');
    const campaignId = await createCampaign(h, { platform: 'activity', priceNaira: 100 });
    const complete = () => submit(user, campaignId).set('Idempotency-Key', 'activity-once');
    const first = await complete().expect(200);
    // The answer was lost with its process, whose claim on the key has since gone stale.
    await h.db.pool.query(
      `UPDATE idempotency_keys SET response_status = NULL, response_body = NULL, completed_at = NULL,
              locked_at = now() - interval '2 minutes'
        WHERE user_id = $1 AND key = 'activity-once'`,
      [user.userId],
    );
    const retry = await complete();
    expect({ status: retry.status, message: retry.body.message }).toEqual({
      status: 200,
      message: first.body.message,
    });
    expect(retry.body.submission._id).toBe(first.body.submission._id);
    const completed = (await h.store.readStream(streams.campaign(campaignId))).filter(
      (e) => e.type === 'ActivityCompleted',
    );
    expect(completed).toHaveLength(1);
  });

  describe('refusals, each a 4xx problem with its message and no file left behind', () => {
    let user: TestUser;
    let campaignId: string;
    beforeAll(async () => {
      user = await registerUser(h, 'fola');
      campaignId = await createCampaign(h);
    });
    afterEach(async () => {
      expect(await proofFiles(campaignId)).toEqual([]);
    });

    const expectProblem = (
      res: { status: number; type: string; body: { message: string; errors?: Record<string, string> } },
      status: number,
      message: string,
      field?: string,
    ) => {
      expect(res.status).toBe(status);
      expect(res.type).toBe('application/problem+json');
      expect(res.body.message).toBe(message);
      if (field) expect(res.body.errors?.[field]).toBe(message);
    };

    it('no screenshot', async () => {
      expectProblem(
        await submit(user, campaignId),
        400,
        'Please upload a screenshot of the completed task.',
        'proofImage',
      );
    });

    it('a text file named .png and sent as image/png', async () => {
      const res = await submit(user, campaignId).attach(
        'proofImage',
        Buffer.from('this is not an image at all'),
        {
          filename: 'proof.png',
          contentType: 'image/png',
        },
      );
      expectProblem(res, 400, 'Proof must be a PNG, JPEG or WebP image', 'proofImage');
    });

    it('a GIF', async () => {
      const res = await submit(user, campaignId).attach('proofImage', await gifBytes(), 'proof.gif');
      expectProblem(res, 400, 'Proof must be a PNG, JPEG or WebP image', 'proofImage');
    });

    it('a PNG header with nothing decodable behind it', async () => {
      const broken = (await pngBytes()).subarray(0, 60);
      const res = await submit(user, campaignId).attach('proofImage', broken, 'proof.png');
      expectProblem(res, 400, 'Proof must be a PNG, JPEG or WebP image', 'proofImage');
    });

    it('an 11 MB screenshot', async () => {
      const big = await bigPngBytes(11);
      expect(big.length).toBeGreaterThan(11 * 1024 * 1024);
      const res = await submit(user, campaignId).attach('proofImage', big, 'huge.png');
      expectProblem(res, 413, 'Proof image must be at most 10 MB', 'proofImage');
    });

    it('the file in another field', async () => {
      const res = await submit(user, campaignId).attach('screenshot', await pngBytes(), 'proof.png');
      expectProblem(res, 400, 'Send the image in the field proofImage', 'screenshot');
    });

    it('a multipart body cut short', async () => {
      const res = await h.http
        .post('/api/tasks/submit')
        .set('Authorization', `Bearer ${user.token}`)
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="taskId"\r\n\r\nabc');
      expectProblem(res, 400, 'The upload could not be read');
    });

    it('no campaign id (taskId)', async () => {
      const res = await h.http
        .post('/api/tasks/submit')
        .set('Authorization', `Bearer ${user.token}`)
        .attach('proofImage', await pngBytes(), 'proof.png');
      expectProblem(res, 400, 'Task id is required', 'taskId');
    });

    it('a campaign that does not exist', async () => {
      const res = await submit(user, 'no-such-task').attach('proofImage', await pngBytes(), 'proof.png');
      expectProblem(res, 404, 'This task is no longer available.');
    });

    it('a paused campaign', async () => {
      const paused = await createCampaign(h);
      await settled(
        h,
        (
          await h.context.commands.pauseCampaign({
            campaignId: paused,
            by: { role: 'admin', id: h.adminId } as const,
          })
        ).lastPosition,
      );
      const res = await submit(user, paused).attach('proofImage', await pngBytes(), 'proof.png');
      expectProblem(res, 409, 'This task is no longer available.');
      expect(await proofFiles(paused)).toEqual([]);
    });

    it('a campaign with no units left', async () => {
      const full = await createCampaign(h, { units: 1 });
      const other = await registerUser(h, 'gbenga');
      await submit(other, full)
        .attach('proofImage', await pngBytes(), 'proof.png')
        .expect(201);
      const res = await submit(user, full).attach('proofImage', await pngBytes(), 'proof.png');
      expectProblem(res, 409, 'No units left for this task.');
      expect(await proofFiles(full)).toHaveLength(2); // only the other user's proof and thumbnail
    });

    it('an admin account', async () => {
      const res = await h.http
        .post('/api/tasks/submit')
        .set('Authorization', `Bearer ${h.adminToken}`)
        .field('taskId', campaignId)
        .attach('proofImage', await pngBytes(), 'proof.png');
      expectProblem(res, 403, 'You do not have access to this resource');
    });
  });
});
