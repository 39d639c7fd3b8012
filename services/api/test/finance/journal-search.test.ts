/**
 * /api/finance/events as finance reconciles with it: the events that move money by default, all
 * of them on request, and people found by name, username, email or a withdrawal's reference.
 */
import { startHarness, type Harness } from '../support/harness';
import { expectProblem, fund, registerUser, requestWithdrawal, type TestUser } from '../admin/support';

interface Summary {
  type: string;
  streamId: string;
  postings: { account: string; amountKobo: number }[];
}

describe('finance journal search', () => {
  let h: Harness;
  let auth: [string, string];
  let chioma: TestUser;
  let tunde: TestUser;
  let withdrawalId: string;

  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
    chioma = await registerUser(h, { firstName: 'Chioma', lastName: 'Eze' });
    tunde = await registerUser(h, { firstName: 'Tunde', lastName: 'Bakare' });
    await fund(h, chioma.userId, 5000);
    await fund(h, tunde.userId, 700);
    withdrawalId = await requestWithdrawal(h, chioma.userId, 3000);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .send({ transactionId: withdrawalId })
      .expect(200);
    await h.http
      .post(`/api/finance/payouts/${withdrawalId}/mark-paid`)
      .set(...auth)
      .send({ reference: 'GTB-RECON-4471' })
      .expect(200);
  });
  afterAll(() => h.close());

  const list = (query: Record<string, string | number> = {}) =>
    h.http
      .get('/api/finance/events')
      .query(query)
      .set(...auth);

  it('lists only the events that move money by default, every event with show=all', async () => {
    const money = (await list().expect(200)).body;
    expect(money.events.length).toBeGreaterThan(0);
    for (const event of money.events as Summary[]) expect(event.postings.length).toBeGreaterThan(0);
    expect(money.people).toBeNull();

    const all = (await list({ show: 'all' }).expect(200)).body.events as Summary[];
    const types = all.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['UniqueValueClaimed', 'BankDetailsUpdated']));
    expect(all.length).toBeGreaterThan(money.events.length);
    expect(all.filter((e) => e.postings.length > 0)).toHaveLength(money.events.length);

    const bad = await list({ show: 'some' }).expect(400);
    expectProblem(bad.body);
    expect(Object.keys(bad.body.errors)).toEqual(['show']);
  });

  const streamsOf = (events: Summary[]) => [...new Set(events.map((e) => e.streamId))];

  it.each([
    ['name', () => 'chioma eze'],
    ['username', () => chioma.email.split('@')[0]!.replace(/^user(\d+)-/, 'user$1')],
    ['email', () => chioma.email.toUpperCase()],
    ['withdrawal reference', () => 'RECON-4471'],
  ])('finds a person by %s and lists their money events', async (_by, q) => {
    const res = (await list({ q: q() }).expect(200)).body;
    expect(res.people).toEqual([
      {
        userId: chioma.userId,
        fullName: 'Chioma Eze',
        username: expect.any(String),
        email: chioma.email,
        erasedAt: null,
      },
    ]);
    expect(res.morePeople).toBe(false);
    const events = res.events as Summary[];
    expect(streamsOf(events)).toEqual([`user-${chioma.userId}`]);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['PayoutSucceeded', 'WithdrawalRequested', 'BalanceAdjusted']),
    );
    for (const event of events) expect(event.postings.length).toBeGreaterThan(0);
  });

  it('narrows a search to non-money events with show=all, and finds several people or none', async () => {
    const all = (await list({ q: 'chioma', show: 'all' }).expect(200)).body.events as Summary[];
    expect(all.map((e) => e.type)).toContain('BankDetailsUpdated');

    const both = (await list({ q: 'kobo.test' }).expect(200)).body;
    expect(both.people.map((p: { userId: string }) => p.userId)).toEqual(
      expect.arrayContaining([chioma.userId, tunde.userId]),
    );
    expect(streamsOf(both.events)).toEqual(
      expect.arrayContaining([`user-${chioma.userId}`, `user-${tunde.userId}`]),
    );

    const nobody = (await list({ q: 'no such person anywhere' }).expect(200)).body;
    expect(nobody).toEqual(
      expect.objectContaining({ people: [], events: [], nextBefore: null, newerAfter: null }),
    );
  });
});
