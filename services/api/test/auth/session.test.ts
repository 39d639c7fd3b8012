/**
 * The browser session: sign-in sets an httpOnly cookie with the same token, the API accepts it
 * beside the bearer header, the role comes only from the token, a change made with the cookie must
 * come from our own site, and logout clears it.
 */
import request from 'supertest';
import type { Response } from 'supertest';
import { createApiApp } from '../../src/app';
import { SESSION_COOKIE } from '../../src/http';
import { startHarness, type Harness } from '../support/harness';
import { loadConfig } from '@kobo/platform';
import { signUpAndIn, type TestUser } from './support';

const WEB = 'http://localhost:5173';
const JWT = 'a-test-secret-that-is-long-enough-for-hs256';
const CROSS_SITE = 'This request did not come from the Kobo site.';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The Set-Cookie line for the session cookie, split into its value and attributes. */
function sessionCookieSet(res: Response) {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no ${SESSION_COOKIE} cookie set: ${JSON.stringify(lines)}`);
  const [pair, ...rest] = line.split(';').map((part) => part.trim());
  const attributes = Object.fromEntries(
    rest.map((part) => {
      const [name, ...value] = part.split('=');
      return [name!.toLowerCase(), value.length ? value.join('=') : true];
    }),
  ) as Record<string, string | true>;
  return { value: decodeURIComponent(pair!.slice(SESSION_COOKIE.length + 1)), attributes };
}

const withCookie = (token: string, extra = '') => ({ Cookie: `${SESSION_COOKIE}=${token}${extra}` });

describe('the session cookie at sign-in', () => {
  it('POST /auth/login sets kobo_session: the same token, httpOnly, Lax, Path=/, one day; the JSON is unchanged', async () => {
    const user = await signUpAndIn(h);
    const res = await h.http
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(res.body).toEqual({ id: user.id, token: expect.any(String), isAdmin: false, role: 'user' });
    const { value, attributes } = sessionCookieSet(res);
    expect(value).toBe(res.body.token);
    expect(attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '86400' });
    // Not Secure outside production (the dev site is plain http).
    expect(attributes.secure).toBeUndefined();
  });

  it('POST /auth/admin-login sets it too', async () => {
    const res = await h.http
      .post('/api/auth/admin-login')
      .send({ email: 'admin@kobo.test', password: 'admin-password' })
      .expect(200);
    expect(res.body).toEqual({ _id: h.adminId, token: expect.any(String), isAdmin: true, role: 'admin' });
    const { value, attributes } = sessionCookieSet(res);
    expect(value).toBe(res.body.token);
    expect(attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '86400' });
  });

  it('is Secure in production', async () => {
    const production = { ...h.context, config: { ...h.config, env: 'production' as const } };
    const http = request(createApiApp(production, { webOrigin: WEB }));
    const user = await signUpAndIn(h);
    const res = await http
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(sessionCookieSet(res).attributes.secure).toBe(true);
    const out = await http.post('/api/auth/logout').expect(200);
    expect(sessionCookieSet(out).attributes.secure).toBe(true);
  });

  it('is Secure when HOST is set, outside production too (a server reachable from outside)', async () => {
    const reachable = loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0', JWT_SECRET: JWT });
    const http = request(createApiApp({ ...h.context, config: reachable }, { webOrigin: WEB }));
    const user = await signUpAndIn(h);
    const res = await http
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(sessionCookieSet(res).attributes.secure).toBe(true);
    const out = await http.post('/api/auth/logout').expect(200);
    expect(sessionCookieSet(out).attributes.secure).toBe(true);
  });

  it('is not Secure with HOST set and PLAIN_HTTP=1 (plain HTTP on purpose)', async () => {
    const plain = loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0', PLAIN_HTTP: '1' });
    const http = request(createApiApp({ ...h.context, config: plain }, { webOrigin: WEB }));
    const user = await signUpAndIn(h);
    const res = await http
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(sessionCookieSet(res).attributes.secure).toBeUndefined();
    const out = await http.post('/api/auth/logout').expect(200);
    expect(sessionCookieSet(out).attributes.secure).toBeUndefined();
  });

  it('sets nothing when sign-in fails', async () => {
    const res = await h.http
      .post('/api/auth/login')
      .send({ email: 'nobody@example.ng', password: 'whatever' })
      .expect(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the API accepts the cookie', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpAndIn(h);
  });

  it('opens the user routes with the cookie alone', async () => {
    const res = await h.http.get('/api/users/dashboard').set(withCookie(user.token)).expect(200);
    expect(res.body.email).toBe(user.email);
  });

  it('ignores a forged role cookie or header: only the token says who and what', async () => {
    const forged = withCookie(user.token, '; role=admin; isAdmin=true');
    await h.http.get('/api/admin/users').set(forged).set('X-Role', 'admin').expect(403);
    // Another cookie alone signs no one in.
    const anonymous = await h.http
      .get('/api/users/dashboard')
      .set('Cookie', 'role=admin; token=x')
      .expect(401);
    expect(anonymous.body.code).toBe('unauthenticated');
    // The cookie's own user, whatever else is sent.
    const res = await h.http.get('/api/users/dashboard').set(forged).expect(200);
    expect(res.body.email).toBe(user.email);
  });

  it('takes the bearer header first when both are sent', async () => {
    const both = { ...withCookie(h.adminToken), Authorization: `Bearer ${user.token}` };
    await h.http.get('/api/admin/users').set(both).expect(403);
    const res = await h.http.get('/api/users/dashboard').set(both).expect(200);
    expect(res.body.email).toBe(user.email);
  });

  it('refuses a cookie holding a bad or expired token (401)', async () => {
    const bad = await h.http.get('/api/users/dashboard').set(withCookie('not-a-jwt')).expect(401);
    expect(bad.body.code).toBe('unauthenticated');
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now - 2 * 24 * 3600 * 1000);
    const expired = await h.context.auth.sessions.open({ userId: user.id, role: 'user' });
    clock.mockRestore();
    const res = await h.http.get('/api/users/dashboard').set(withCookie(expired)).expect(401);
    expect(res.body.code).toBe('session_expired');
  });
});

describe('changes made with the cookie come from our own site', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpAndIn(h);
  });
  const rename = (firstName: string) =>
    h.http.put('/api/users/profile').set(withCookie(user.token)).send({ firstName });
  const firstName = async () =>
    (await h.http.get('/api/users/dashboard').set(withCookie(user.token)).expect(200)).body.firstName;

  it.each([
    ['another Origin', { Origin: 'https://evil.example' }],
    ['a look-alike Origin', { Origin: 'http://localhost:51730' }],
    ['another Referer and no Origin', { Referer: 'https://evil.example/kobo' }],
    ['an opaque Origin', { Origin: 'null' }],
    ['no Origin and no Referer', {}],
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    [
      'a same-site fetch from a sibling',
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://evil.localhost:5173' },
    ],
  ])('refuses %s with 403 and changes nothing', async (_name, headers) => {
    const before = await firstName();
    const res = await rename('Mallory').set(headers).expect(403);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).toMatchObject({ code: 'forbidden', message: CROSS_SITE, status: 403 });
    expect(await firstName()).toBe(before);
  });

  it('allows the web origin, its Referer, and the API host itself', async () => {
    await rename('Amara').set('Origin', WEB).expect(200);
    expect(await firstName()).toBe('Amara');
    await rename('Bisi').set('Referer', `${WEB}/settings`).expect(200);
    expect(await firstName()).toBe('Bisi');
    await rename('Chidi').set('Host', 'kobo.example').set('Origin', 'https://kobo.example').expect(200);
    expect(await firstName()).toBe('Chidi');
    // The page the API serves says no-referrer: the browser then sends neither header on its own
    // fetches, only Sec-Fetch-Site.
    await rename('Ebele').set('Sec-Fetch-Site', 'same-origin').expect(200);
    expect(await firstName()).toBe('Ebele');
  });

  it('does not apply to the bearer header, whatever the Origin', async () => {
    await h.http
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${user.token}`)
      .set('Origin', 'https://evil.example')
      .send({ firstName: 'Dayo' })
      .expect(200);
    expect(await firstName()).toBe('Dayo');
  });

  it('does not apply to reading with the cookie, nor to public routes', async () => {
    await h.http
      .get('/api/users/dashboard')
      .set(withCookie(user.token))
      .set('Origin', 'https://evil.example')
      .expect(200);
    await h.http
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ email: user.email, password: user.password })
      .expect(200);
  });
});

describe('POST /auth/logout', () => {
  it('clears the cookie with the same attributes and says so', async () => {
    const user = await signUpAndIn(h);
    const res = await h.http.post('/api/auth/logout').set(withCookie(user.token)).expect(200);
    expect(res.body).toEqual({ message: 'Signed out' });
    const { value, attributes } = sessionCookieSet(res);
    expect(value).toBe('');
    expect(attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '0' });
    // Open to anyone: without a session it answers the same.
    const anonymous = await h.http.post('/api/auth/logout').expect(200);
    expect(sessionCookieSet(anonymous).attributes['max-age']).toBe('0');
  });

  it('is in the OpenAPI document beside the events stream', async () => {
    const doc = (await h.http.get('/api/openapi.json').expect(200)).body;
    expect(doc.paths['/auth/logout'].post.responses['200']).toBeDefined();
    expect(doc.paths['/users/events'].get.responses['200'].content).toEqual({
      'text/event-stream': { schema: { type: 'string' } },
    });
    expect(doc.paths['/users/events'].get['x-roles']).toEqual(['user']);
  });
});
