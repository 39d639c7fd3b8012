import jwt from 'jsonwebtoken';
import request from 'supertest';
import {
  authMessages,
  createAuth,
  createSessionBook,
  createTokenService,
  defineRoute,
  jwtSecretFromEnvironment,
  TOKEN_LIFETIME_SECONDS,
  TokenError,
} from '../../src/http';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { testSecret, tinyApp } from './tiny-app';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(2);
});
afterAll(async () => {
  await appAuth.sessions.close();
  await db.drop();
});

const routes = [
  defineRoute({
    method: 'get',
    path: '/admin/stats',
    summary: 'Admin only',
    access: ['admin'],
    responses: { 200: { description: 'who asked' } },
    handler: ({ principal }) => ({ userId: principal.userId, role: principal.role }),
  }),
  defineRoute({
    method: 'get',
    path: '/ledger/verify',
    summary: 'Admin or finance',
    access: ['admin', 'finance'],
    responses: { 200: { description: 'who asked' } },
    handler: ({ principal }) => ({ role: principal.role }),
  }),
  defineRoute({
    method: 'get',
    path: '/faq',
    summary: 'Public',
    access: 'public',
    responses: { 200: { description: 'ok' } },
    handler: ({ principal }) => ({ signedIn: principal !== undefined }),
  }),
];
// Sessions are kept in the database; the app is built once it exists.
let app: ReturnType<typeof tinyApp>['app'];
let appAuth: ReturnType<typeof tinyApp>['auth'];
let lines: ReturnType<typeof tinyApp>['lines'];
beforeAll(() => {
  ({ app, auth: appAuth, lines } = tinyApp(routes, { sessionsPool: db.pool }));
});

const tokens = createTokenService(testSecret);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const userToken = tokens.issue({ userId: 'u-1', role: 'user' }, 0);
const adminToken = tokens.issue({ userId: 'a-1', role: 'admin' }, 0);
const financeToken = tokens.issue({ userId: 'f-1', role: 'finance' }, 0);

describe('requireRole on declared routes', () => {
  it("puts the signed-in user's id in the request's log line", async () => {
    await request(app)
      .get('/api/admin/stats')
      .set(bearer(adminToken))
      .set('X-Request-Id', 'who-1')
      .expect(200);
    expect(lines.find((line) => line.clientRequestId === 'who-1')).toMatchObject({
      userId: 'a-1',
      status: 200,
    });
  });

  it('answers 401 "Authentication required" without a token, with a Bearer challenge', async () => {
    const res = await request(app).get('/api/admin/stats');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).toMatchObject({ code: 'unauthenticated', message: 'Authentication required' });
  });

  it('answers 401 for a token that is not a bearer token or is garbage', async () => {
    expect(
      (await request(app).get('/api/admin/stats').set('Authorization', `Basic ${adminToken}`)).status,
    ).toBe(401);
    const garbage = await request(app).get('/api/admin/stats').set(bearer('not.a.jwt'));
    expect(garbage.status).toBe(401);
    expect(garbage.headers['www-authenticate']).toContain('invalid_token');
  });

  it('answers 401 "Session expired, please sign in again" for an expired token', async () => {
    const expired = jwt.sign(
      { role: 'admin', sub: 'a-1', exp: Math.floor(Date.now() / 1000) - 10 },
      testSecret,
      {
        algorithm: 'HS256',
      },
    );
    const res = await request(app).get('/api/admin/stats').set(bearer(expired));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: 'session_expired',
      message: 'Session expired, please sign in again',
    });
  });

  it('answers 403 for a signed-in user without the role', async () => {
    const res = await request(app).get('/api/admin/stats').set(bearer(userToken));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', message: 'You do not have access to this resource' });
  });

  it('lets the right role through with its principal', async () => {
    const res = await request(app).get('/api/admin/stats').set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: 'a-1', role: 'admin' });
  });

  it('accepts any of several roles', async () => {
    expect((await request(app).get('/api/ledger/verify').set(bearer(financeToken))).body).toEqual({
      role: 'finance',
    });
    expect((await request(app).get('/api/ledger/verify').set(bearer(adminToken))).status).toBe(200);
    expect((await request(app).get('/api/ledger/verify').set(bearer(userToken))).status).toBe(403);
  });

  it('ignores a role cookie: only the signed token counts', async () => {
    const res = await request(app).get('/api/admin/stats').set(bearer(userToken)).set('Cookie', 'role=admin');
    expect(res.status).toBe(403);
  });

  it('leaves public routes open', async () => {
    const res = await request(app).get('/api/faq');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedIn: false });
  });
});

describe('sessions that end on the server', () => {
  const statusWith = async (token: string) =>
    (await request(app).get('/api/admin/stats').set(bearer(token))).status;

  it('refuses a token whose session was ended (logout), and only that one', async () => {
    const auth = appAuth;
    const [laptop, phone] = [
      await auth.sessions.open({ userId: 'a-2', role: 'admin' }),
      await auth.sessions.open({ userId: 'a-2', role: 'admin' }),
    ];
    expect(await statusWith(laptop)).toBe(200);
    await auth.sessions.end(auth.tokens.verify(laptop));
    const res = await request(app).get('/api/admin/stats').set(bearer(laptop));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: 'session_expired',
      message: 'Session expired, please sign in again',
    });
    expect(await statusWith(phone)).toBe(200);
  });

  it('refuses every earlier token of an account whose sessions all ended; a new one works', async () => {
    const auth = appAuth;
    const before = await auth.sessions.open({ userId: 'a-3', role: 'admin' });
    const otherAccount = await auth.sessions.open({ userId: 'a-4', role: 'admin' });
    await auth.sessions.endAll('a-3');
    expect(await statusWith(before)).toBe(401);
    expect(await statusWith(otherAccount)).toBe(200);
    expect(await statusWith(await auth.sessions.open({ userId: 'a-3', role: 'admin' }))).toBe(200);
    // Minted by hand at the old generation: refused too.
    expect(await statusWith(tokens.issue({ userId: 'a-3', role: 'admin' }, 0))).toBe(401);
  });
});

describe('sessions ended by another API process', () => {
  it('are refused there within the time a standing session is remembered (1 s) while it is not told of ends', async () => {
    let clock = 1_000_000;
    const tokens = createTokenService(testSecret);
    const here = createSessionBook(db.pool, tokens, { now: () => clock });
    const there = createSessionBook(db.pool, tokens, { now: () => clock });
    try {
      const claims = tokens.verify(await here.open({ userId: 'a-5', role: 'admin' }));
      expect(await here.stands(claims)).toBe(true);
      // This book stops listening (as when its connection is lost), so no notice of the end can
      // reach it: only the one-second memory bounds it (the notices: session-notices.test.ts).
      await here.close();
      await there.end(claims);
      // The process that ended it knows at once; this one still remembers it standing...
      expect(await there.stands(claims)).toBe(false);
      clock += 999;
      expect(await here.stands(claims)).toBe(true);
      // ...until the second is up, when it asks the database again.
      clock += 1;
      expect(await here.stands(claims)).toBe(false);
    } finally {
      await here.close();
      await there.close();
    }
  });
});

describe('token service', () => {
  it('issues HS256 tokens with sub, role, a session id, its generation and a one-day expiry', () => {
    const token = tokens.issue({ userId: 'u-9', role: 'finance' }, 3);
    const decoded = jwt.decode(token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
    const claims = decoded?.payload as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: 'u-9', role: 'finance', gen: 3, jti: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBe(TOKEN_LIFETIME_SECONDS);
    expect(TOKEN_LIFETIME_SECONDS).toBe(86400);
    expect(tokens.verify(token)).toEqual({
      userId: 'u-9',
      role: 'finance',
      sessionId: claims.jti,
      generation: 3,
      expiresAt: new Date(claims.exp! * 1000),
    });
    // Each token is its own session.
    expect(tokens.verify(tokens.issue({ userId: 'u-9', role: 'finance' }, 3)).sessionId).not.toBe(claims.jti);
  });

  it('refuses tokens signed with another algorithm, another secret, or none', () => {
    const claims = { sub: 'a-1', role: 'admin' };
    const hs512 = jwt.sign(claims, testSecret, { algorithm: 'HS512', expiresIn: 60 });
    const otherSecret = jwt.sign(claims, 'another-secret-another-secret-another!!', {
      algorithm: 'HS256',
      expiresIn: 60,
    });
    const unsigned = jwt.sign(claims, null, { algorithm: 'none', expiresIn: 60 });
    for (const token of [hs512, otherSecret, unsigned])
      expect(() => tokens.verify(token)).toThrow(new TokenError('invalid'));
  });

  it('refuses well-signed tokens with an unknown role, no subject, no expiry or no session', () => {
    const sign = (claims: object) => jwt.sign(claims, testSecret, { algorithm: 'HS256' });
    const exp = Math.floor(Date.now() / 1000) + 60;
    const jti = '0b7c6f0e-8c4a-4e47-9d5b-1f2a3b4c5d6e';
    expect(tokens.verify(sign({ sub: 'x', role: 'user', exp, jti, gen: 0 })).userId).toBe('x');
    // Tokens from before sessions could end: no session id, or no generation.
    expect(() => tokens.verify(sign({ sub: 'x', role: 'user', exp, gen: 0 }))).toThrow(TokenError);
    expect(() => tokens.verify(sign({ sub: 'x', role: 'user', exp, jti }))).toThrow(TokenError);
    expect(() =>
      tokens.verify(sign({ sub: 'x', role: 'root', exp: Math.floor(Date.now() / 1000) + 60 })),
    ).toThrow(TokenError);
    expect(() => tokens.verify(sign({ role: 'user', exp: Math.floor(Date.now() / 1000) + 60 }))).toThrow(
      TokenError,
    );
    expect(() => tokens.verify(sign({ sub: 'x', role: 'user' }))).toThrow(TokenError);
  });

  it('refuses a token it verified before once it expires, as it would a token seen the first time', () => {
    const short = createTokenService(testSecret, { lifetimeSeconds: 60 });
    const token = short.issue({ userId: 'u-7', role: 'user' }, 0);
    const claims = short.verify(token);
    expect(short.verify(token)).toEqual(claims);
    jest.useFakeTimers({ now: claims.expiresAt.getTime() - 1, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      expect(short.verify(token).userId).toBe('u-7');
      jest.setSystemTime(claims.expiresAt.getTime());
      expect(() => short.verify(token)).toThrow(new TokenError('expired'));
      expect(() => createTokenService(testSecret).verify(token)).toThrow(new TokenError('expired'));
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a short secret', () => {
    expect(() => createTokenService('short')).toThrow(/at least 32/);
  });

  it('createAuth binds the guard, the sessions and the issuer to one secret', async () => {
    const auth = createAuth(testSecret, db.pool);
    const token = await auth.sessions.open({ userId: 'u-2', role: 'user' });
    expect(tokens.verify(token)).toMatchObject({ userId: 'u-2', role: 'user', generation: 0 });
    expect(authMessages.forbidden).toBe('You do not have access to this resource');
  });
});

describe('jwtSecretFromEnvironment', () => {
  it('uses JWT_SECRET when set', () => {
    expect(jwtSecretFromEnvironment({ env: { JWT_SECRET: testSecret } })).toBe(testSecret);
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => jwtSecretFromEnvironment({ env: { JWT_SECRET: 'abc' } })).toThrow(/at least 32/);
  });

  it('requires it in production', () => {
    expect(() => jwtSecretFromEnvironment({ env: { NODE_ENV: 'production' } })).toThrow(
      /required in production/,
    );
  });

  it('requires it when HOST is set, unless PLAIN_HTTP=1 says the server is plain HTTP on purpose', () => {
    expect(() => jwtSecretFromEnvironment({ env: { HOST: '0.0.0.0' } })).toThrow(
      /JWT_SECRET is required .*HOST is set/,
    );
    const warnings: string[] = [];
    const warn = (message: string) => void warnings.push(message);
    const secret = jwtSecretFromEnvironment({ env: { HOST: '0.0.0.0', PLAIN_HTTP: '1' }, warn });
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(warnings[0]).toMatch(/JWT_SECRET is not set/);
    expect(() =>
      jwtSecretFromEnvironment({ env: { NODE_ENV: 'production', HOST: '0.0.0.0', PLAIN_HTTP: '1' } }),
    ).toThrow(/required in production/);
  });

  it('makes a random one with a warning in development', () => {
    const warnings: string[] = [];
    const warn = (message: string) => void warnings.push(message);
    const first = jwtSecretFromEnvironment({ env: { NODE_ENV: 'development' }, warn });
    const second = jwtSecretFromEnvironment({ env: {}, warn });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(first).not.toBe(second);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/JWT_SECRET is not set/);
  });
});
