/**
 * GET /api/users/data-export: a user downloads a copy of their own data. Each part is what the
 * user's own screens read (dashboard, submissions, withdrawals, statement), nothing of another
 * user's is in it, and it is a file the browser saves and never keeps.
 */
import { randomUUID } from 'node:crypto';
import { nairaToKobo } from '@kobo/ledger';
import { eventually } from '@kobo/platform/testing';
import { holdProjector, startHarness, type Harness } from '../support/harness';
import { headPosition, registerUser, settled, type TestUser } from './support';

describe('GET /api/users/data-export', () => {
  let h: Harness;
  let ada: TestUser;
  let bola: TestUser;
  const adas = { approved: '', pending: '', withdrawal: '' };
  const bolas = { submission: '', withdrawal: '' };

  beforeAll(async () => {
    h = await startHarness();
    const c = h.context.commands;
    const by = { role: 'admin', id: h.adminId } as const;
    ada = await registerUser(h, 'ada', { accountBalance: 500_000 });
    bola = await registerUser(h, 'bola', { accountBalance: 500_000 });
    const campaign = async (title: string) => {
      const campaignId = randomUUID();
      await c.createCampaign({
        campaignId,
        title,
        platform: 'instagram',
        variation: 'Follow',
        instructions: 'Follow, then upload a screenshot.',
        url: 'https://example.com/kobo',
        price: nairaToKobo(50),
        units: 10,
        by,
      });
      return campaignId;
    };
    const submit = async (user: TestUser, campaignId: string) => {
      const submissionId = randomUUID();
      await c.submitTask({
        campaignId,
        submissionId,
        userId: user.userId,
        proofImage: `proofs/${submissionId}`,
      });
      return submissionId;
    };
    const instagram = await campaign('Follow Kobo on Instagram');
    const tiktok = await campaign('Like the Kobo TikTok video');
    adas.approved = await submit(ada, instagram);
    await c.approveSubmission({ campaignId: instagram, submissionId: adas.approved, by });
    adas.pending = await submit(ada, tiktok);
    bolas.submission = await submit(bola, instagram);
    const withdraw = async (user: TestUser) =>
      (
        await h.http
          .post('/api/users/withdraw')
          .set(user.auth)
          .send({ amount: 2000, type: 'withdrawal' })
          .expect(201)
      ).body.withdrawal.id as string;
    adas.withdrawal = await withdraw(ada);
    bolas.withdrawal = await withdraw(bola);
    await settled(h, await headPosition(h));
  });
  afterAll(() => h.close());

  const exportOf = (user: TestUser) => h.http.get('/api/users/data-export').set(user.auth);
  const read = async (user: TestUser, path: string) =>
    (await h.http.get(`/api/users/${path}`).set(user.auth).expect(200)).body;

  it("gives the user's profile, bank details, submissions, withdrawals and statement", async () => {
    const res = await exportOf(ada).expect(200);
    const body = res.body;
    const dashboard = await read(ada, 'dashboard');
    expect(body.profile).toEqual({
      username: dashboard.username,
      firstName: 'Ada',
      lastName: 'Tester',
      email: dashboard.email,
      phone: dashboard.phone,
      referralCode: dashboard.referralCode,
      hasPin: false,
      role: 'user',
      status: 'active',
      registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(body.bankDetails).toEqual({
      bankName: 'Kuda Bank',
      bankCode: '50211',
      accountNum: '0123456789',
      accountName: 'ada Tester', // as typed (no payout provider checks names here)
    });
    expect(body.submissions.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
      [adas.pending, 'pending'],
      [adas.approved, 'approved'],
    ]);
    expect(body.submissions[1]).toMatchObject({ taskName: 'Follow Kobo on Instagram', reward: 50 });
    expect(body.withdrawals).toHaveLength(1);
    expect(body.withdrawals[0]).toMatchObject({ id: adas.withdrawal, amount: 2000, status: 'pending' });
    expect(body.statement.account.account).toBe(`user:${ada.userId}:account`);
    expect(
      body.statement.account.entries.map((e: { title: string; amount: number }) => [e.title, e.amount]),
    ).toEqual([
      ['Withdrawal requested', -2000],
      ['Task approved: Follow Kobo on Instagram', 50],
      ['Balance adjustment: test funding', 5000],
    ]);
    expect(body.statement.hold.balance).toBe(2000);
    expect(body.statement.activity.entries.map((e: { title: string }) => e.title)).toEqual(['Signup Bonus']);
  });

  it('gives each part in the shape its own screen reads it', async () => {
    const body = (await exportOf(ada).expect(200)).body;
    const dashboard = await read(ada, 'dashboard');
    expect(body.bankDetails).toEqual(dashboard.bankDetails);
    expect(body.submissions).toEqual(await read(ada, 'submissions'));
    expect(body.withdrawals).toEqual(await read(ada, 'withdrawals'));
    for (const balance of ['account', 'activity', 'hold'])
      expect(body.statement[balance]).toEqual(await read(ada, `statement?balance=${balance}`));
  });

  it("holds nothing of another user's", async () => {
    const text = (await exportOf(ada).expect(200)).text;
    const bolasStatement = await read(bola, 'statement?balance=account');
    const dashboard = await read(bola, 'dashboard');
    for (const theirs of [
      bola.userId,
      dashboard.email,
      dashboard.username,
      bolas.submission,
      bolas.withdrawal,
      ...bolasStatement.entries.map((e: { eventId: string }) => e.eventId),
    ])
      expect(text).not.toContain(theirs);
  });

  it('is a file to save, named for the user and the day, that nothing keeps', async () => {
    const res = await exportOf(ada).expect(200);
    const { username } = await read(ada, 'dashboard');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="kobo-data-${username}-${res.body.exportedAt.slice(0, 10)}.json"`,
    );
    expect(Date.now() - Date.parse(res.body.exportedAt)).toBeLessThan(60_000);
    expect(Object.keys(res.body.about).sort()).toEqual(
      ['bankDetails', 'figures', 'profile', 'statement', 'submissions', 'withdrawals'].sort(),
    );
  });

  it('gives empty lists to a user with nothing yet', async () => {
    const newcomer = await registerUser(h, 'chidi', { bank: false });
    const body = (await exportOf(newcomer).expect(200)).body;
    expect(body.bankDetails).toEqual({ bankName: '', bankCode: '', accountNum: '', accountName: '' });
    expect(body.submissions).toEqual([]);
    expect(body.withdrawals).toEqual([]);
    expect(body.statement.account).toEqual({
      account: `user:${newcomer.userId}:account`,
      balance: 0,
      entries: [],
    });
    expect(body.statement.hold).toEqual({ account: `user:${newcomer.userId}:hold`, balance: 0, entries: [] });
    // The signup bonus is the one entry a new account has.
    expect(body.statement.activity.entries.map((e: { title: string }) => e.title)).toEqual(['Signup Bonus']);
  });

  it("waits for the user's own latest write, as every signed-in read does", async () => {
    const kemi = await registerUser(h, 'kemi', { accountBalance: 500_000 });
    const { release } = await holdProjector(h, 'withdrawals');
    try {
      const answer = await h.http
        .post('/api/users/withdraw')
        .set(kemi.auth)
        .send({ amount: 2000, type: 'withdrawal' })
        .expect(201);
      const copy = exportOf(kemi).then((res) => res);
      await eventually('the export waiting for the write', async () =>
        h.context.writes.waiting() === 1 ? true : undefined,
      );
      await release();
      const res = await copy;
      expect(res.status).toBe(200);
      expect(res.body.withdrawals.map((w: { id: string }) => w.id)).toEqual([answer.body.withdrawal.id]);
    } finally {
      await release();
    }
  });

  it('refuses without a session (401) and staff roles (403)', async () => {
    const anonymous = await h.http.get('/api/users/data-export').expect(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(anonymous.headers['content-disposition']).toBeUndefined();
    for (const token of [h.adminToken, h.financeToken]) {
      const res = await h.http.get('/api/users/data-export').set({ Authorization: `Bearer ${token}` });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You do not have access to this resource');
    }
  });
});
