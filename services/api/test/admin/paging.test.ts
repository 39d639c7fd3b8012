/**
 * Server-side paging, sorting and filtering of the admin lists: users, withdrawals,
 * transactions, campaigns and a campaign's submissions. Each list keeps its array answer and says
 * in X-Total-Count how many rows match.
 */
import { startHarness, type Harness } from '../support/harness';
import { createCampaign, expectProblem, fund, registerUser, requestWithdrawal, submitTask } from './support';

interface Named {
  _id: string;
}

describe('admin lists: paging, sorting and filtering on the server', () => {
  let h: Harness;
  let auth: [string, string];
  // A word no other test's data holds, so the counts are this test's own.
  const tag = `Zed${Date.now().toString(36)}`;
  const people: { userId: string; email: string; firstName: string }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.adminToken}`];
    for (const [i, first] of ['Amaka', 'Bayo', 'Chidi', 'Dayo', 'Efe'].entries()) {
      const user = await registerUser(h, { firstName: first, lastName: `${tag}${i}` });
      await fund(h, user.userId, 5000 + i * 1000);
      people.push(user);
    }
  });
  afterAll(() => h.close());

  const get = (path: string) => h.http.get(path).set(...auth);

  it('pages users with the total in X-Total-Count, search ignoring case, and sorts', async () => {
    const first = await get(
      `/api/admin/users?q=${tag.toLowerCase()}&pageSize=2&sort=balance&order=desc`,
    ).expect(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.body.map((u: { firstName: string }) => u.firstName)).toEqual(['Efe', 'Dayo']);

    const last = await get(`/api/admin/users?q=${tag}&pageSize=2&page=3&sort=balance&order=desc`).expect(200);
    expect(last.body.map((u: { firstName: string }) => u.firstName)).toEqual(['Amaka']);
    // Past the end: no rows, and still the count.
    const past = await get(`/api/admin/users?q=${tag}&pageSize=2&page=9`).expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');

    const byEmail = await get(
      `/api/admin/users?q=${encodeURIComponent(people[2]!.email.toUpperCase())}`,
    ).expect(200);
    expect(byEmail.body.map((u: Named) => u._id)).toEqual([people[2]!.userId]);
  });

  it('filters users by status, and takes LIKE wildcards in a search literally', async () => {
    await h.http
      .put(`/api/admin/users/${people[1]!.userId}`)
      .set(...auth)
      .send({ status: 'suspended' })
      .expect(200);
    const suspended = await get(`/api/admin/users?q=${tag}&status=suspended`).expect(200);
    expect(suspended.body.map((u: Named) => u._id)).toEqual([people[1]!.userId]);
    expect(suspended.headers['x-total-count']).toBe('1');

    const wildcard = await get(`/api/admin/users?q=${tag}%25`).expect(200);
    expect(wildcard.body).toEqual([]);
  });

  it('answers a bad page, page size, sort or status with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['pageSize=0', 'pageSize'],
      ['pageSize=501', 'pageSize'],
      ['page=0', 'page'],
      ['sort=password', 'sort'],
      ['status=gone', 'status'],
    ] as const) {
      const res = await get(`/api/admin/users?${query}`).expect(400);
      expectProblem(res.body);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
  });

  it('answers without pageSize in pages of 500 at most, as the old client expects when it is short', async () => {
    const all = await get('/api/admin/users').expect(200);
    expect(all.headers['x-total-count']).toBe(String(all.body.length));
    expect(all.body.length).toBeGreaterThanOrEqual(5);
    // Not a full page: no next one.
    expect(all.headers['x-next-cursor']).toBeUndefined();
  });

  it('pages by key: X-Next-Cursor sent back as `after` gives the next page, unmoved by new rows', async () => {
    // Newest first (the default order, by a timestamp).
    const newest = `/api/admin/users?q=${tag}&pageSize=2`;
    const first = await get(newest).expect(200);
    expect(first.body.map((u: { firstName: string }) => u.firstName)).toEqual(['Efe', 'Dayo']);
    // A newcomer arrives first in the order: an OFFSET page 2 would now repeat Dayo.
    await registerUser(h, { firstName: 'Fola', lastName: `${tag}9` });
    const second = await get(`${newest}&after=${first.headers['x-next-cursor']}`).expect(200);
    expect(second.body.map((u: { firstName: string }) => u.firstName)).toEqual(['Chidi', 'Bayo']);
    expect(second.headers['x-total-count']).toBe('6');
    const third = await get(`${newest}&after=${second.headers['x-next-cursor']}`).expect(200);
    expect(third.body.map((u: { firstName: string }) => u.firstName)).toEqual(['Amaka']);
    expect(third.headers['x-next-cursor']).toBeUndefined();

    // By balance, then id: the walk by key meets every row once, in the order of the whole list.
    const byBalance = `/api/admin/users?q=${tag}&sort=balance&order=desc`;
    const seen: string[] = [];
    let after = '';
    for (let pages = 0; pages < 10; pages++) {
      const page = await get(`${byBalance}&pageSize=4${after}`).expect(200);
      seen.push(...page.body.map((u: Named) => u._id));
      if (!page.headers['x-next-cursor']) break;
      after = `&after=${page.headers['x-next-cursor']}`;
    }
    const whole = await get(byBalance).expect(200);
    expect(seen).toEqual(whole.body.map((u: Named) => u._id));

    const bad = await get(`${newest}&after=not-a-cursor`).expect(400);
    expect(bad.body.errors.after).toBe('This page link is no longer valid; start again from the first page.');
  });
  it('filters withdrawals by status and who asked, newest first', async () => {
    const [ada, bayo] = [people[0]!, people[3]!];
    const first = await requestWithdrawal(h, ada.userId, 2000);
    const second = await requestWithdrawal(h, bayo.userId, 3000);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: first })
      .expect(200);

    const mine = await get(`/api/admin/withdrawals?q=${tag}&pageSize=10`).expect(200);
    expect(mine.body.map((w: Named) => w._id)).toEqual([second, first]);
    const pending = await get(`/api/admin/withdrawals?q=${tag}&status=pending`).expect(200);
    expect(pending.body.map((w: Named) => w._id)).toEqual([second]);
    // Approved covers what finance did next (awaiting, paid or failed payouts).
    const approved = await get(`/api/admin/withdrawals?q=${tag}&status=approved`).expect(200);
    expect(approved.body.map((w: Named) => w._id)).toEqual([first]);
    const byAmount = await get(`/api/admin/withdrawals?q=${tag}&sort=amount&order=asc`).expect(200);
    expect(byAmount.body.map((w: { amount: number }) => w.amount)).toEqual([2000, 3000]);
  });

  it('filters transactions by user, status and type, and pages them', async () => {
    const all = await get(`/api/admin/transactions?q=${tag}&pageSize=100`).expect(200);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.body.length);
    const adjustments = await get(`/api/admin/transactions?q=${tag}&type=other&pageSize=2&page=2`).expect(
      200,
    );
    expect(adjustments.headers['x-total-count']).toBe('5');
    expect(adjustments.body).toHaveLength(2);
    expect(adjustments.body.every((t: { type: string }) => t.type === 'other')).toBe(true);
    // Both withdrawals stay pending until paid, approved or not.
    const pending = await get(`/api/admin/transactions?q=${tag}&status=pending&type=withdrawal`).expect(200);
    expect(pending.body.map((t: { amount: number }) => t.amount)).toEqual([-3000, -2000]);
    const completed = await get(`/api/admin/transactions?q=${tag}&status=completed&type=withdrawal`).expect(
      200,
    );
    expect(completed.body).toEqual([]);
    await get('/api/admin/transactions?type=gift').expect(400);
  });

  it('filters campaigns by status and platform group, and leaves out the submissions when asked', async () => {
    const statsBefore = (await get('/api/admin/stats').expect(200)).body;
    const spotify = await createCampaign(h, { platform: 'spotify', units: 4 });
    const tiktok = await createCampaign(h, { platform: 'tiktok', units: 4 });
    await submitTask(h, spotify, people[0]!.userId);
    await h.http
      .put(`/api/admin/tasks/${tiktok}/status`)
      .set(...auth)
      .expect(200);

    const music = await get('/api/admin/tasks?platform=music-streaming&pageSize=50').expect(200);
    const ids = music.body.map((c: Named) => c._id);
    expect(ids).toContain(spotify);
    expect(ids).not.toContain(tiktok);
    expect(music.body.find((c: Named) => c._id === spotify).completedBy).toHaveLength(1);

    const paused = await get('/api/admin/tasks?status=paused&submissions=none').expect(200);
    expect(paused.body.map((c: Named) => c._id)).toContain(tiktok);
    expect(paused.body.every((c: { taskStatus: string }) => c.taskStatus === 'paused')).toBe(true);

    const cards = await get('/api/admin/tasks?platform=spotify&submissions=none').expect(200);
    const card = cards.body.find((c: Named) => c._id === spotify);
    expect(card.completedBy).toEqual([]);
    expect(card.pendingUnits).toBe(1);

    // The campaign cards' figures: two more campaigns of 4 units at ₦50, nothing approved yet.
    const stats = (await get('/api/admin/stats').expect(200)).body;
    expect(stats.totalBudget - statsBefore.totalBudget).toBe(400);
    expect(stats.completedTasks).toBe(statsBefore.completedTasks);
    expect(stats.totalCampaigns - statsBefore.totalCampaigns).toBe(2);
  });

  it('reads one campaign and pages its submissions, pending first', async () => {
    const id = await createCampaign(h, { units: 10 });
    const submissions = [];
    // Everyone but Bayo, suspended above.
    for (const person of people.filter((_, i) => i !== 1))
      submissions.push(await submitTask(h, id, person.userId));
    // The first to submit is approved: pending ones still come first.
    await h.http
      .post('/api/admin/tasks/approve')
      .set(...auth)
      .send({ campaignId: id, submissionId: submissions[0] })
      .expect(200);

    const campaign = await get(`/api/admin/tasks/${id}?submissions=none`).expect(200);
    expect(campaign.body).toEqual(expect.objectContaining({ _id: id, pendingUnits: 3, completedUnits: 1 }));
    expect(campaign.body.completedBy).toEqual([]);

    const page = await get(`/api/admin/tasks/${id}/submissions?pageSize=3`).expect(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.body.map((s: { status: string }) => s.status)).toEqual(['pending', 'pending', 'pending']);
    const rest = await get(`/api/admin/tasks/${id}/submissions?pageSize=3&page=2`).expect(200);
    expect(rest.body.map((s: Named) => s._id)).toEqual([submissions[0]]);
    // The same page by key (the pending-first key is a boolean, the next a timestamp).
    const byKey = await get(
      `/api/admin/tasks/${id}/submissions?pageSize=3&after=${page.headers['x-next-cursor']}`,
    ).expect(200);
    expect(byKey.body.map((s: Named) => s._id)).toEqual([submissions[0]]);
    const approved = await get(`/api/admin/tasks/${id}/submissions?status=approved`).expect(200);
    expect(approved.body.map((s: Named) => s._id)).toEqual([submissions[0]]);

    await get('/api/admin/tasks/no-such-campaign/submissions').expect(404);
    await get('/api/admin/tasks/no-such-campaign').expect(404);
  });

  it('is for admins only', async () => {
    const user = people[0]!;
    const userToken = await h.context.auth.sessions.open({ userId: user.userId, role: 'user' });
    await h.http.get('/api/admin/users?pageSize=5').set('Authorization', `Bearer ${userToken}`).expect(403);
    await h.http.get('/api/admin/users?pageSize=5').expect(401);
  });
});
