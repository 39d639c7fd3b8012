/**
 * Sessions end on the server (docs/product/settled-contradictions.md#sessions-in-the-browser): logout, a password change or reset, a
 * suspension, a deletion and a role change each end the sessions they concern, and a token of an
 * ended session is refused at once, bearer or cookie alike.
 */
import { randomBytes } from 'node:crypto';
import { bootstrapAccounts } from '../../src/accounts/bootstrap';
import { hashResetToken } from '../../src/features/auth/password-reset';
import { insertResetToken } from '../../src/features/auth/queries';
import { SESSION_COOKIE } from '../../src/http';
import { startHarness, type Harness } from '../support/harness';
import { eventually } from '@kobo/platform/testing';
import { signUpAndIn } from './support';

const WEB = 'http://localhost:5173';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const cookie = (token: string) => ({ Cookie: `${SESSION_COOKIE}=${token}`, Origin: WEB });
const dashboard = (auth: Record<string, string>) => h.http.get('/api/users/dashboard').set(auth);

function sessionCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const lines = ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
  const line = lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  return line ? decodeURIComponent(line.split(';')[0]!.slice(SESSION_COOKIE.length + 1)) : undefined;
}

async function signIn(email: string, password: string): Promise<string> {
  return (await h.http.post('/api/auth/login').send({ email, password }).expect(200)).body.token as string;
}

async function expectEnded(auth: Record<string, string>) {
  const res = await dashboard(auth).expect(401);
  expect(res.body).toMatchObject({
    code: 'session_expired',
    message: 'Session expired, please sign in again',
  });
}

describe('logout', () => {
  it('ends the bearer token it is sent with, and no other session', async () => {
    const user = await signUpAndIn(h);
    const phone = await signIn(user.email, user.password);
    await dashboard(bearer(user.token)).expect(200);
    await h.http.post('/api/auth/logout').set(bearer(user.token)).expect(200);
    await expectEnded(bearer(user.token));
    await dashboard(bearer(phone)).expect(200);
  });

  it('ends the session of the browser cookie, and clears the cookie', async () => {
    const user = await signUpAndIn(h);
    const res = await h.http.post('/api/auth/logout').set(cookie(user.token)).expect(200);
    expect(sessionCookieOf(res)).toBe('');
    await expectEnded(cookie(user.token));
  });
});

describe('a new password', () => {
  it('ends every other session; this browser goes on with a new cookie', async () => {
    const user = await signUpAndIn(h);
    const elsewhere = await signIn(user.email, user.password);
    const res = await h.http
      .put('/api/users/change-password')
      .set(cookie(user.token))
      .send({ oldPassword: user.password, newPassword: 'a-new-secret-9' })
      .expect(200);
    await expectEnded(bearer(elsewhere));
    await expectEnded(cookie(user.token));
    const renewed = sessionCookieOf(res);
    expect(renewed).toEqual(expect.any(String));
    await dashboard(cookie(renewed!)).expect(200);
    await signIn(user.email, 'a-new-secret-9');
  });

  it('set with a reset link ends every session of the account', async () => {
    const user = await signUpAndIn(h);
    const link = randomBytes(32).toString('base64url');
    await insertResetToken(h.db.pool, hashResetToken(link), user.id);
    await h.http
      .post('/api/auth/reset-password')
      .send({ token: link, newPassword: 'reset-secret-9' })
      .expect(200);
    await expectEnded(bearer(user.token));
    await dashboard(bearer(await signIn(user.email, 'reset-secret-9'))).expect(200);
  });
});

describe('the account changes under the session', () => {
  it('deleting one’s own account ends its sessions', async () => {
    const user = await signUpAndIn(h);
    const elsewhere = await signIn(user.email, user.password);
    await h.http
      .delete('/api/users/account')
      .set(bearer(user.token))
      .send({ password: user.password })
      .expect(200);
    await expectEnded(bearer(elsewhere));
  });

  it('a suspension by an admin ends the user’s sessions', async () => {
    const user = await signUpAndIn(h);
    await h.http
      .put(`/api/admin/users/${user.id}`)
      .set(bearer(h.adminToken))
      .send({ status: 'suspended' })
      .expect(200);
    await expectEnded(bearer(user.token));
  });

  it('a staff role changed by the bootstrap settings ends the staff sessions', async () => {
    const email = `staff.${randomBytes(3).toString('hex')}@kobo.test`;
    const deps = { pool: h.db.pool, store: h.store, commands: h.context.commands };
    const [staff] = await bootstrapAccounts([{ role: 'finance', email, password: 'staff-password' }], deps);
    const res = await h.http
      .post('/api/auth/admin-login')
      .send({ email, password: 'staff-password' })
      .expect(200);
    const token = res.body.token as string;
    await h.http.get('/api/finance/payouts').set(bearer(token)).expect(200);
    // The same settings again (every start) leave the session alone.
    await bootstrapAccounts([{ role: 'finance', email, password: 'staff-password' }], deps);
    await h.http.get('/api/finance/payouts').set(bearer(token)).expect(200);

    // The bootstrap runs in a process starting up; one already serving is told of the raised
    // generation by its notice (sessions.ts, migration 0031).
    await bootstrapAccounts([{ role: 'admin', email, password: 'staff-password' }], deps);
    const refused = await eventually(
      'the standing session to be refused',
      async () => {
        const res = await h.http.get('/api/finance/payouts').set(bearer(token));
        return res.status === 401 ? res : undefined;
      },
      3000,
    );
    expect(refused.body.code).toBe('session_expired');
    expect(staff!.userId).toBe(res.body._id);
  });
});
