/**
 * Rate limits that hold across API processes (two apps on one database share the counts), per
 * account from any address (a backoff), per signed-in user on the password checks, and X-Forwarded-For
 * counted only when TRUST_PROXY says so.
 */
import request from 'supertest';
import { createApiApp } from '../../src/app';
import { startHarness, type Harness } from '../support/harness';
import { signUpAndIn } from './support';

const from = (n: number) => `203.0.113.${n}`;

describe('rate limits without TRUST_PROXY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('counts sign-in attempts across two API processes on the same database', async () => {
    const other = request(createApiApp(h.context, { webOrigin: 'http://localhost:5173' }));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const app = i % 2 ? other : h.http;
      statuses.push(
        (await app.post('/api/auth/login').send({ email: 'shared@x.ng', password: `g${i}` })).status,
      );
    }
    // 10 per IP and email, wherever they land.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('ignores X-Forwarded-For: a client cannot pick a new address per attempt', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await h.http
            .post('/api/auth/login')
            .set('X-Forwarded-For', from(i))
            .send({ email: 'spoofer@x.ng', password: `g${i}` })
        ).status,
      );
    expect(statuses[9]).toBe(401);
    expect(statuses[10]).toBe(429);
  });

  it('limits change-password per signed-in user, with Retry-After', async () => {
    const user = await signUpAndIn(h);
    const attempt = () =>
      h.http
        .put('/api/users/change-password')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ oldPassword: 'wrong-one', newPassword: 'whatever1' });
    for (let i = 0; i < 10; i++) await attempt().expect(400);
    const refused = await attempt().expect(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another person is not held back by that count.
    const someoneElse = await signUpAndIn(h);
    await h.http
      .put('/api/users/change-password')
      .set('Authorization', `Bearer ${someoneElse.token}`)
      .send({ oldPassword: 'wrong-one', newPassword: 'whatever1' })
      .expect(400);
  });

  it('limits delete-account per signed-in user', async () => {
    const user = await signUpAndIn(h);
    const attempt = () =>
      h.http
        .delete('/api/users/account')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ password: 'wrong-one' });
    for (let i = 0; i < 10; i++) await attempt().expect(400);
    await attempt().expect(429);
  });

  it('purges ended windows', async () => {
    await h.db.pool.query(
      `INSERT INTO rate_limit_hits (key, hits, resets_at) VALUES ('old:key', 3, now() - interval '1 hour')`,
    );
    const { rows } = await h.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_limit_hits WHERE key = 'old:key'`,
    );
    expect(rows[0]!.n).toBe(1);
    // The first count of a process purges (and at most once a minute after that).
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
    });
    jest.setSystemTime(Date.now() + 5 * 60_000);
    try {
      await h.http.post('/api/auth/login').send({ email: 'purge@x.ng', password: 'x' }).expect(401);
    } finally {
      jest.useRealTimers();
    }
    for (let i = 0; i < 50; i++) {
      const left = await h.db.pool.query(`SELECT 1 FROM rate_limit_hits WHERE key = 'old:key'`);
      if (!left.rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the ended window was not purged');
  });
});

describe('rate limits with TRUST_PROXY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => h.close());

  it('counts each forwarded client address apart', async () => {
    // Eleven attempts from eleven addresses: no address reaches its 10.
    for (let i = 0; i < 11; i++)
      await h.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', from(i))
        .send({ email: 'traveller@x.ng', password: `g${i}` })
        .expect(401);
  });

  it('slows failed sign-ins on one account from any number of addresses', async () => {
    const user = await signUpAndIn(h);
    const attempt = (i: number) =>
      h.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', from(100 + i))
        .send({ email: user.email, password: `guess-${i}` });
    // A good sign-in does not count against the account.
    await h.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', from(99))
      .send({ email: user.email, password: user.password })
      .expect(200);
    // Ten free, the eleventh at once, then a wait (sign-in-limits.test.ts follows it further).
    for (let i = 0; i < 11; i++) await attempt(i).expect(401);
    const refused = await attempt(11).expect(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(refused.body.message).toMatch(/^Too many failed sign-ins on this account\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
    // The same count, upper case or not.
    await h.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', from(150))
      .send({ email: user.email.toUpperCase(), password: 'x' })
      .expect(429);
  });
});
