/**
 * Sign-in limits that cap guessing without locking the owner out: wrong tries per device-or-address
 * and email, a slow per-account backoff for devices the account does not know (never for one it
 * knows), counted across two API processes and under concurrent tries; staff have one door.
 */
import request from 'supertest';
import { createApiApp } from '../../src/app';
import { startHarness, type Harness } from '../support/harness';
import { signUpAndIn, type TestUser } from './support';

const signInMessage = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
const backoffMessage =
  'Too many failed sign-ins on this account. Please wait a few minutes and try again, ' +
  'or sign in from a device you have signed in with before.';
const from = (n: number) => `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;

let h: Harness;
let offsetMs = 0;
const moveClock = (ms: number) => (offsetMs += ms);

beforeAll(async () => {
  h = await startHarness({ TRUST_PROXY: 'loopback' }, { clock: () => new Date(Date.now() + offsetMs) });
});
afterAll(() => h.close());

let address = 0;
/** A sign-in from a new address, with the device cookie when one is given. */
function signIn(
  email: string,
  password: string,
  { device, door = 'login', app = h.http }: { device?: string; door?: string; app?: typeof h.http } = {},
) {
  const req = app.post(`/api/auth/${door}`).set('X-Forwarded-For', from(address++)).send({ email, password });
  return device ? req.set('Cookie', `kobo_device=${device}`) : req;
}

function deviceCookie(res: request.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const device = cookies.find((c) => c.startsWith('kobo_device='));
  if (!device) throw new Error(`no kobo_device cookie in ${JSON.stringify(cookies)}`);
  expect(device).toMatch(/HttpOnly/i);
  expect(device).toMatch(/SameSite=Lax/i);
  return device.slice('kobo_device='.length).split(';')[0]!;
}

/** `n` wrong passwords on the account, each from a new address, all answered 401. */
async function guess(email: string, n: number, door = 'login') {
  for (let i = 0; i < n; i++) await signIn(email, `guess-${i}`, { door }).expect(401);
}

describe('the users door', () => {
  let owner: TestUser;
  beforeEach(async () => {
    owner = await signUpAndIn(h);
  });

  it('strangers guessing from 20 addresses do not lock the owner out of a device they signed in from', async () => {
    const device = deviceCookie(await signIn(owner.email, owner.password).expect(200));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await signIn(owner.email, `guess-${i}`)).status);
    expect(statuses.slice(0, 11)).toEqual(Array(11).fill(401));
    expect(statuses).toContain(429);
    const res = await signIn(owner.email, owner.password, { device }).expect(200);
    expect(res.body).toMatchObject({ id: owner.id, role: 'user' });
  });

  it('past 10 failures, each further try from an unknown device waits longer; the owner gets in once it ends', async () => {
    await guess(owner.email, 11);
    const first = await signIn(owner.email, 'guess-next').expect(429);
    expect(first.body).toMatchObject({ code: 'rate_limited', message: backoffMessage });
    expect(first.headers['retry-after']).toBe('1');
    // The right password waits too: the server cannot tell the owner from the guesser here.
    await signIn(owner.email, owner.password).expect(429);
    moveClock(1000);
    await signIn(owner.email, 'guess-12').expect(401);
    const second = await signIn(owner.email, 'guess-13').expect(429);
    expect(second.headers['retry-after']).toBe('2');
    moveClock(2000);
    await signIn(owner.email, 'guess-14').expect(401);
    expect((await signIn(owner.email, 'guess-15').expect(429)).headers['retry-after']).toBe('4');
    moveClock(4000);
    // The owner from a new device: in, and that device is known from now on.
    const device = deviceCookie(await signIn(owner.email, owner.password).expect(200));
    await signIn(owner.email, owner.password, { device }).expect(200);
    // The wait never grows past 5 minutes, and is forgotten an hour after the last failure.
    for (let i = 0; i < 12; i++) {
      const refused = await signIn(owner.email, 'again').expect(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(300);
      moveClock(wait * 1000);
      await signIn(owner.email, `late-${i}`).expect(401);
    }
    expect((await signIn(owner.email, 'again').expect(429)).headers['retry-after']).toBe('300');
    moveClock(60 * 60_000);
    await signIn(owner.email, 'after-an-hour').expect(401);
    await signIn(owner.email, 'after-an-hour-2').expect(401);
  });

  it('a known device is still limited per device: 10 wrong tries, then 429 for 15 minutes', async () => {
    const device = deviceCookie(await signIn(owner.email, owner.password).expect(200));
    for (let i = 0; i < 10; i++) await signIn(owner.email, `typo-${i}`, { device }).expect(401);
    const refused = await signIn(owner.email, owner.password, { device }).expect(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: signInMessage });
    // A device of another account is a stranger here: the owner's account backoff holds it.
    const other = await signUpAndIn(h);
    const otherDevice = deviceCookie(await signIn(other.email, other.password).expect(200));
    for (let i = 0; i < 11; i++) await signIn(owner.email, `x-${i}`, { device: otherDevice }).expect(401);
    const refusedStranger = await signIn(owner.email, 'x-11', { device: otherDevice }).expect(429);
    expect(refusedStranger.body.message).toBe(backoffMessage);
  });

  it('lets one try through when a wait ends, of many at once on two API processes', async () => {
    const other = request(createApiApp(h.context, { webOrigin: 'http://localhost:5173' }));
    await guess(owner.email, 11);
    await signIn(owner.email, 'wait').expect(429);
    moveClock(1000);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(owner.email, `race-${i}`, { app: i % 2 ? other : h.http })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([401, ...Array(11).fill(429)]);
  });

  it('forgets the devices of an account whose password changed', async () => {
    const device = deviceCookie(await signIn(owner.email, owner.password).expect(200));
    const newPassword = 'a-new-secret-1';
    await h.http
      .put('/api/users/change-password')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ oldPassword: owner.password, newPassword })
      .expect(200);
    await guess(owner.email, 11);
    await signIn(owner.email, newPassword, { device }).expect(429);
  });
});

describe('staff', () => {
  it('sign in at the staff door only: the users door answers as for a wrong password', async () => {
    for (const [email, password] of [
      ['admin@kobo.test', 'admin-password'],
      ['finance@kobo.test', 'finance-password'],
    ] as const) {
      const res = await signIn(email, password).expect(401);
      expect(res.body).toMatchObject({ message: 'Invalid email or password' });
      expect(res.body.token).toBeUndefined();
      await signIn(email, password, { door: 'admin-login' }).expect(200);
    }
  });

  it('cannot be locked out of the staff door by strangers guessing from many addresses', async () => {
    const device = deviceCookie(
      await signIn('finance@kobo.test', 'finance-password', { door: 'admin-login' }).expect(200),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push((await signIn('finance@kobo.test', `guess-${i}`, { door: 'admin-login' })).status);
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(401));
    expect(statuses[6]).toBe(429);
    await signIn('finance@kobo.test', 'finance-password', { door: 'admin-login', device }).expect(200);
  });
});
