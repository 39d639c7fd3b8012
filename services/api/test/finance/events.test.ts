/** /api/finance/events: the event log with its postings, paged by position, and one event with its chain link. */
import { randomUUID } from 'node:crypto';
import { Accounts } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import {
  createCampaign,
  expectProblem,
  FUNDING_ADMIN,
  fund,
  momentAfterLastEvent,
  registerUser,
  type TestUser,
} from '../admin/support';

interface Summary {
  position: number;
  eventId: string;
  type: string;
  streamId: string;
  recordedAt: string;
  actor?: string;
  postings: { account: string; amount: number; amountKobo: number }[];
}

describe('finance event log', () => {
  let h: Harness;
  let auth: [string, string];
  let user: TestUser;
  let between: string;
  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
    user = await registerUser(h);
    await fund(h, user.userId, 100);
    between = await momentAfterLastEvent(h);
    await fund(h, user.userId, 25.5);
    await createCampaign(h);
    await h.context.commands.updateBankDetails({
      userId: user.userId,
      bankCode: '044',
      accountNum: '0123456784',
      accountName: 'Ada Tester',
    });
  });
  afterAll(() => h.close());

  // Every event, money or not (the default lists only money events: journal-search.test.ts).
  const list = (query: Record<string, string | number> = {}) =>
    h.http
      .get('/api/finance/events')
      .query({ show: 'all', ...query })
      .set(...auth);

  it('lists every event newest first, with postings that sum to zero', async () => {
    const res = await list().expect(200);
    const events: Summary[] = res.body.events;
    expect(res.body.head).toBe(events[0]!.position);
    expect(res.body.nextBefore).toBeNull();
    expect(res.body.newerAfter).toBeNull();
    const positions = events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect(events[0]!.type).toBe('BankDetailsUpdated'); // a non-money event is listed too
    expect(events[0]!.postings).toEqual([]);
    const adjusted = events.find((e) => e.type === 'BalanceAdjusted')!;
    expect(adjusted).toEqual({
      position: expect.any(Number),
      eventId: expect.any(String),
      type: 'BalanceAdjusted',
      streamId: `user-${user.userId}`,
      recordedAt: expect.any(String),
      actor: `admin:${FUNDING_ADMIN}`,
      postings: expect.arrayContaining([
        { account: Accounts.userAccount(user.userId), amount: 25.5, amountKobo: 2550 },
      ]),
    });
    for (const event of events) expect(event.postings.reduce((sum, p) => sum + p.amountKobo, 0)).toBe(0);
  });

  it('filters by account (exact or prefix), stream, type and time', async () => {
    const account = Accounts.userAccount(user.userId);
    const exact = (await list({ account }).expect(200)).body.events as Summary[];
    expect(exact.map((e) => e.type)).toEqual(['BalanceAdjusted', 'BalanceAdjusted']);
    const prefix = (await list({ account: `user:${user.userId}:*` }).expect(200)).body.events as Summary[];
    expect(prefix.map((e) => e.type)).toEqual(['BalanceAdjusted', 'BalanceAdjusted', 'UserRegistered']);
    const stream = (await list({ stream: `user-${user.userId}` }).expect(200)).body.events as Summary[];
    expect(stream.every((e) => e.streamId === `user-${user.userId}`)).toBe(true);
    expect(stream.map((e) => e.type)).toEqual([
      'BankDetailsUpdated',
      'BalanceAdjusted',
      'BalanceAdjusted',
      'UserRegistered',
    ]);
    const typed = (await list({ type: 'UserRegistered' }).expect(200)).body.events as Summary[];
    expect(typed.length).toBeGreaterThanOrEqual(3); // admin, finance, the user
    expect(typed.every((e) => e.type === 'UserRegistered')).toBe(true);
    const since = (await list({ account, from: between }).expect(200)).body.events as Summary[];
    expect(since.map((e) => e.postings.find((p) => p.account === account)!.amount)).toEqual([25.5]);
    const until = (await list({ account, to: between }).expect(200)).body.events as Summary[];
    expect(until.map((e) => e.postings.find((p) => p.account === account)!.amount)).toEqual([100]);
    const combined = (
      await list({ stream: `user-${user.userId}`, type: 'BalanceAdjusted', from: between }).expect(200)
    ).body.events as Summary[];
    expect(combined).toHaveLength(1);

    const bad = await list({ type: 'MoneyPrinted', from: 'yesterday', limit: 500 }).expect(400);
    expectProblem(bad.body);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'limit', 'type']);
  });

  it('pages by position, older with before and newer with after', async () => {
    const all = (await list({ limit: 200 }).expect(200)).body.events as Summary[];
    expect(all.length).toBeGreaterThan(4);
    const first = await list({ limit: 2 }).expect(200);
    expect(first.body.events.map((e: Summary) => e.position)).toEqual(all.slice(0, 2).map((e) => e.position));
    expect(first.body.nextBefore).toBe(all[1]!.position);
    expect(first.body.newerAfter).toBeNull();

    const second = await list({ limit: 2, before: first.body.nextBefore }).expect(200);
    expect(second.body.events.map((e: Summary) => e.position)).toEqual(
      all.slice(2, 4).map((e) => e.position),
    );
    expect(second.body.newerAfter).toBe(all[2]!.position);

    const back = await list({ limit: 2, after: second.body.newerAfter }).expect(200);
    expect(back.body.events.map((e: Summary) => e.position)).toEqual(all.slice(0, 2).map((e) => e.position));
    expect(back.body.newerAfter).toBeNull();
    expect(back.body.nextBefore).toBe(all[1]!.position);

    const last = await list({ limit: 200, before: all[all.length - 1]!.position }).expect(200);
    expect(last.body).toEqual(expect.objectContaining({ events: [], nextBefore: null, newerAfter: null }));
    await list({ before: 3, after: 1 }).expect(400);
  });

  it('shows one event in full, with its hash-chain link verified by the ledger', async () => {
    const account = Accounts.userAccount(user.userId);
    const [newer, older] = (await list({ account }).expect(200)).body.events as Summary[];
    const res = await h.http
      .get(`/api/finance/events/${older!.eventId}`)
      .set(...auth)
      .expect(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        position: older!.position,
        eventId: older!.eventId,
        type: 'BalanceAdjusted',
        streamId: `user-${user.userId}`,
        streamVersion: expect.any(Number),
        postings: older!.postings,
        data: expect.objectContaining({ reason: 'test funding' }),
        metadata: expect.any(Object),
      }),
    );
    expect(res.body.chain).toEqual(
      expect.objectContaining({
        previousHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        verified: true,
        previousEventId: expect.any(String),
        nextEventId: expect.any(String),
      }),
    );
    const previous = await h.http
      .get(`/api/finance/events/${res.body.chain.previousEventId}`)
      .set(...auth)
      .expect(200);
    expect(previous.body.chain.hash).toBe(res.body.chain.previousHash);
    expect(previous.body.chain.nextEventId).toBe(older!.eventId);

    // Someone edits the stored row: the ledger's check no longer holds.
    await h.db.pool.query(
      `UPDATE events SET hash = decode(repeat('ab', 32), 'hex') WHERE global_position = $1`,
      [newer!.position],
    );
    const broken = await h.http
      .get(`/api/finance/events/${newer!.eventId}`)
      .set(...auth)
      .expect(200);
    expect(broken.body.chain.verified).toBe(false);
    expect(broken.body.chain.hash).toBe('ab'.repeat(32));

    const missing = await h.http
      .get(`/api/finance/events/${randomUUID()}`)
      .set(...auth)
      .expect(404);
    expect(missing.body.message).toBe('Event not found.');
    await h.http
      .get('/api/finance/events/not-an-id')
      .set(...auth)
      .expect(400);
  });

  it('names who acted in one form, from the event data or the metadata, as stored now or before', async () => {
    // Stored as before decision 0020: `by` a bare id, the role only in the metadata's string.
    await h.store.appendToStreams([
      {
        streamId: 'community',
        expectedVersion: 'any',
        events: [
          {
            id: randomUUID(),
            type: 'CommunitySettingsUpdated',
            data: { changes: { email: 'old@kobo.test' }, by: h.financeId },
            metadata: { actor: `finance:${h.financeId}` },
          },
        ],
      },
    ]);
    await h.context.commands.updateCommunityLinks({
      changes: { email: 'new@kobo.test' },
      by: { role: 'admin', id: h.adminId },
    });
    const community = (await list({ stream: 'community' }).expect(200)).body.events as Summary[];
    expect(community.map((e) => e.actor)).toEqual([`admin:${h.adminId}`, `finance:${h.financeId}`]);
    // A user's own change: the metadata says who (the user), the data has no `by`.
    await h.context.commands.updateProfile(
      { userId: user.userId, firstName: 'Adaeze' },
      { actor: { role: 'user', id: user.userId } },
    );
    const [profile] = (await list({ type: 'UserProfileUpdated' }).expect(200)).body.events as Summary[];
    expect(profile!.actor).toBe(`user:${user.userId}`);
  });

  it('is for finance and admins only', async () => {
    await h.http.get('/api/finance/events').expect(401);
    await h.http.get('/api/finance/events').set('Authorization', `Bearer ${user.token}`).expect(403);
    await h.http
      .get(`/api/finance/events/${randomUUID()}`)
      .set('Authorization', `Bearer ${user.token}`)
      .expect(403);
    await h.http.get('/api/finance/events').set('Authorization', `Bearer ${h.adminToken}`).expect(200);
  });
});
