/**
 * The data the scenarios need, made through the public API as a client would: users (sign-up, or
 * the admin's user creation when sign-up is not there), their sessions, bank details and balance,
 * and campaigns with a unit for every user.
 */
import sharp from 'sharp';
import { mapLimit, type Call } from './api-client';

export interface BenchUser {
  id: string;
  email: string;
  token: string;
}

export interface Fixtures {
  users: BenchUser[];
  campaignIds: string[];
  password: string;
  /** A small real screenshot (PNG) for the submissions. */
  png: Buffer;
  /** How the users were made. */
  signUp: 'POST /api/auth/register' | 'POST /api/admin/users';
}

export interface FixtureOptions {
  users: number;
  campaigns: number;
  /** Naira each user holds before the withdrawals. */
  balanceNaira: number;
  admin: { email: string; password: string };
  /** Requests at a time while preparing (sign-up and sign-in are argon2-bound). */
  parallel?: number;
}

const PASSWORD = 'bench-password-123';
const BANK = { bankName: 'Kuda Bank', accountNum: '0123456789', accountName: 'Bench User' };

export async function prepareFixtures(call: Call, options: FixtureOptions): Promise<Fixtures> {
  const parallel = options.parallel ?? 4;
  // Staff sign in at their own door only.
  const admin = await signIn(call, options.admin.email, options.admin.password, 'admin-login');
  const indexes = Array.from({ length: options.users }, (_, i) => i);
  const email = (i: number) => `bench${i}@bench.kobo.test`;

  // The sign-up route comes with the auth feature; an empty body gives 400 when it is there.
  const probe = await call('POST', '/api/auth/register', { json: {}, expect: [400, 404] });
  const signUp = probe.status === 400 ? 'POST /api/auth/register' : 'POST /api/admin/users';

  await mapLimit(indexes, parallel, async (i) => {
    const person = { firstName: 'Bench', lastName: `User${i}`, email: email(i), password: PASSWORD };
    if (signUp === 'POST /api/auth/register')
      await call('POST', '/api/auth/register', {
        json: { ...person, username: `bench_user_${i}`, phone: `0803${String(i).padStart(7, '0')}` },
      });
    else await call('POST', '/api/admin/users', { token: admin.token, json: person });
  });

  const users = await mapLimit(indexes, parallel, async (i) => {
    const user = await signIn(call, email(i), PASSWORD);
    // Bank details need the current password; the balance change a reason (and, above the cap and
    // the approval threshold, a service started with both raised, as bench:api does).
    await call('PUT', '/api/users/profile', {
      token: user.token,
      json: { bankDetails: BANK, currentPassword: PASSWORD },
    });
    await call('PUT', `/api/admin/users/${user.id}`, {
      token: admin.token,
      json: { balance: options.balanceNaira, reason: 'Benchmark funds' },
    });
    return { id: user.id, email: email(i), token: user.token };
  });

  const campaignIds = await mapLimit(
    Array.from({ length: options.campaigns }, (_, i) => i),
    parallel,
    async (i) => {
      const answer = await call('POST', '/api/admin/tasks', {
        token: admin.token,
        json: {
          taskName: `Bench campaign ${i}`,
          taskPlatform: 'youtube',
          taskVariation: 'Subscribe Channel',
          taskInstructions: 'Subscribe, then upload a screenshot.',
          // One unit per user: every user can take part in every campaign once.
          taskUnits: options.users,
          taskPrice: 25,
          taskTime: 3,
          taskUrl: `https://youtube.com/@bench${i}`,
        },
        expect: [201],
      });
      return (answer.body as { task: { _id: string } }).task._id;
    },
  );

  const png = await sharp({
    create: { width: 390, height: 844, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();

  return { users, campaignIds, password: PASSWORD, png, signUp };
}

async function signIn(
  call: Call,
  email: string,
  password: string,
  door: 'login' | 'admin-login' = 'login',
): Promise<{ id: string; token: string }> {
  const answer = await call('POST', `/api/auth/${door}`, { json: { email, password }, expect: [200] });
  const body = answer.body as { id?: string; _id?: string; token: string };
  return { id: (body.id ?? body._id)!, token: body.token };
}
