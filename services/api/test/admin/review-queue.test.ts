/**
 * GET /api/admin/submissions/pending: the review queue across campaigns. Every pending submission
 * of every campaign, oldest first, by campaign and by platform; reviewed ones and deleted
 * campaigns' leave it; admins only.
 */
import { startHarness, type Harness } from '../support/harness';
import { createCampaign, expectProblem, registerUser, submitTask, type TestUser } from './support';

interface Proof {
  _id: string;
  campaignId: string;
  taskName: string;
  taskPlatform: string;
  status: string;
  fullName: string;
  submittedAt: string;
  earnings: number;
}

describe('admin review queue', () => {
  let h: Harness;
  let auth: [string, string];
  let people: TestUser[];
  let instagram: string;
  let spotify: string;
  let appStore: string;
  /** Submission ids in the order they were sent (oldest first). */
  const sent: string[] = [];

  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.adminToken}`];
    people = [];
    for (const first of ['Amaka', 'Bayo', 'Chidi']) people.push(await registerUser(h, { firstName: first }));
    instagram = await createCampaign(h, { platform: 'instagram', price: 40 });
    spotify = await createCampaign(h, { platform: 'spotify', price: 60 });
    appStore = await createCampaign(h, { platform: 'Apple App Store' });
    // Interleaved across campaigns, so the queue's order is not the campaigns' order.
    sent.push(await submitTask(h, spotify, people[0]!.userId));
    sent.push(await submitTask(h, instagram, people[0]!.userId));
    sent.push(await submitTask(h, spotify, people[1]!.userId));
    sent.push(await submitTask(h, appStore, people[2]!.userId));
    sent.push(await submitTask(h, instagram, people[2]!.userId));
  });
  afterAll(() => h.close());

  const get = (path: string) => h.http.get(path).set(...auth);
  const ids = (body: Proof[]) => body.map((p) => p._id);

  it('lists every pending proof of every campaign, oldest first, with its campaign', async () => {
    const res = await get('/api/admin/submissions/pending').expect(200);
    expect(ids(res.body)).toEqual(sent);
    expect(res.headers['x-total-count']).toBe('5');
    const times = (res.body as Proof[]).map((p) => Date.parse(p.submittedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(res.body[0]).toEqual(
      expect.objectContaining({
        _id: sent[0],
        campaignId: spotify,
        taskName: 'Follow @kobo on Instagram',
        taskPlatform: 'spotify',
        taskVariation: 'Follow Account',
        taskStatus: 'active',
        status: 'pending',
        userId: people[0]!.userId,
        fullName: `Amaka ${people[0]!.lastName}`,
        earnings: 60,
        flags: [],
      }),
    );
  });

  it('pages oldest first, by number and by key', async () => {
    const first = await get('/api/admin/submissions/pending?pageSize=2').expect(200);
    expect(ids(first.body)).toEqual(sent.slice(0, 2));
    const second = await get('/api/admin/submissions/pending?pageSize=2&page=2').expect(200);
    expect(ids(second.body)).toEqual(sent.slice(2, 4));
    const byKey = await get(
      `/api/admin/submissions/pending?pageSize=2&after=${first.headers['x-next-cursor']}`,
    ).expect(200);
    expect(ids(byKey.body)).toEqual(sent.slice(2, 4));
    expect(byKey.headers['x-total-count']).toBe('5');
  });

  it('filters by campaign and by platform (keys, other spellings and groups)', async () => {
    const one = await get(`/api/admin/submissions/pending?campaignId=${instagram}`).expect(200);
    expect(ids(one.body)).toEqual([sent[1], sent[4]]);
    expect((one.body as Proof[]).every((p) => p.campaignId === instagram)).toBe(true);

    const music = await get('/api/admin/submissions/pending?platform=spotify').expect(200);
    expect(ids(music.body)).toEqual([sent[0], sent[2]]);
    const group = await get('/api/admin/submissions/pending?platform=music-streaming').expect(200);
    expect(ids(group.body)).toEqual([sent[0], sent[2]]);
    // The web app sends the key `applestore`; the campaign stored another spelling.
    const apple = await get('/api/admin/submissions/pending?platform=applestore').expect(200);
    expect(ids(apple.body)).toEqual([sent[3]]);
    const both = await get(`/api/admin/submissions/pending?platform=instagram&campaignId=${spotify}`).expect(
      200,
    );
    expect(both.body).toEqual([]);
    expect(both.headers['x-total-count']).toBe('0');
  });

  it('leaves out reviewed proofs and the proofs of a deleted campaign', async () => {
    await h.http
      .post('/api/admin/tasks/approve')
      .set(...auth)
      .send({ campaignId: spotify, submissionId: sent[0] })
      .expect(200);
    await h.http
      .post('/api/admin/tasks/reject')
      .set(...auth)
      .send({ campaignId: instagram, submissionId: sent[1], reason: 'Blurry' })
      .expect(200);
    const after = await get('/api/admin/submissions/pending').expect(200);
    expect(ids(after.body)).toEqual([sent[2], sent[3], sent[4]]);

    await h.http
      .delete(`/api/admin/tasks/${appStore}`)
      .set(...auth)
      .expect(200);
    const left = await get('/api/admin/submissions/pending').expect(200);
    expect(ids(left.body)).toEqual([sent[2], sent[4]]);
  });

  it('refuses a bad page with the field named', async () => {
    const res = await get('/api/admin/submissions/pending?pageSize=0').expect(400);
    expectProblem(res.body, 'Page size must be a whole number from 1 to 500');
    expect(res.body.errors).toHaveProperty('pageSize');
  });

  it('is for admins only: a user and finance are refused, no token is 401', async () => {
    await h.http.get('/api/admin/submissions/pending').expect(401);
    await h.http
      .get('/api/admin/submissions/pending')
      .set('Authorization', `Bearer ${people[0]!.token}`)
      .expect(403);
    const finance = await h.http
      .get('/api/admin/submissions/pending')
      .set('Authorization', `Bearer ${h.financeToken}`)
      .expect(403);
    expectProblem(finance.body, 'You do not have access to this resource');
  });

  it('reads the pending proofs through the partial index (migration 0046)', async () => {
    const { rows } = await h.db.pool.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'submissions_pending_oldest'`,
    );
    expect(rows[0]?.indexdef).toMatch(/\(submitted_at, submission_id\) WHERE \(status = 'pending'/);
  });
});
