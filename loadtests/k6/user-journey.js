/* global __ENV, __VU, __ITER */
/**
 * k6: a user's journey against a deployed Kobo (the distributed stack): sign in, dashboard, task
 * list, withdrawal. Thresholds are the API's goals (see loadtests/README.md).
 *
 *   k6 run -e BASE_URL=https://api.example.ng -e ADMIN_EMAIL=... -e ADMIN_PASSWORD=... \
 *          -e USERS=200 -e SIGN_UP=1 loadtests/k6/user-journey.js
 *
 * setup() prepares USERS accounts named k6user<i>@<EMAIL_DOMAIN> (signs them up when SIGN_UP=1),
 * saves their bank details and, with admin credentials, sets their balance so every withdrawal
 * can succeed. Sign-in and sign-up are rate limited per IP: run the target with
 * AUTH_RATE_LIMIT_SCALE set high, or from many load generators.
 */
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const USERS = Number(__ENV.USERS || 100);
const PASSWORD = __ENV.PASSWORD || 'k6-password-123';
const EMAIL_DOMAIN = __ENV.EMAIL_DOMAIN || 'k6.kobo.test';
const BALANCE_NAIRA = Number(__ENV.BALANCE_NAIRA || 2000000);
const WITHDRAWAL_NAIRA = Number(__ENV.WITHDRAWAL_NAIRA || 2000);
/** A session lasts this many journeys before signing in again (sign-in is slow by design: argon2). */
const JOURNEYS_PER_SIGN_IN = Number(__ENV.JOURNEYS_PER_SIGN_IN || 20);

export const options = {
  scenarios: {
    journey: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: __ENV.RAMP || '30s', target: Number(__ENV.VUS || 50) },
        { duration: __ENV.HOLD || '2m', target: Number(__ENV.VUS || 50) },
        { duration: '15s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds: {
    'http_req_failed{name:dashboard}': ['rate<0.01'],
    'http_req_failed{name:tasks}': ['rate<0.01'],
    'http_req_failed{name:withdraw}': ['rate<0.01'],
    'http_req_duration{name:dashboard}': ['p(99)<25'],
    'http_req_duration{name:tasks}': ['p(99)<25'],
    'http_req_duration{name:withdraw}': ['p(99)<50'],
  },
};

const json = (token, extra) => ({
  headers: Object.assign(
    { 'Content-Type': 'application/json' },
    token ? { Authorization: `Bearer ${token}` } : {},
    extra || {},
  ),
});
const emailOf = (i) => `k6user${i}@${EMAIL_DOMAIN}`;

function signIn(email, password, name) {
  const res = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ email, password }), {
    ...json(),
    tags: { name: name || 'login' },
  });
  if (!check(res, { 'signed in': (r) => r.status === 200 })) return null;
  return res.json();
}

export function setup() {
  let admin = null;
  if (__ENV.ADMIN_EMAIL) {
    admin = signIn(__ENV.ADMIN_EMAIL, __ENV.ADMIN_PASSWORD, 'setup');
    if (!admin) fail('admin sign-in failed');
  }
  const users = [];
  for (let i = 0; i < USERS; i++) {
    if (__ENV.SIGN_UP === '1') {
      const res = http.post(
        `${BASE_URL}/api/auth/register`,
        JSON.stringify({
          firstName: 'K6',
          lastName: `User${i}`,
          username: `k6_user_${i}`,
          email: emailOf(i),
          password: PASSWORD,
          phone: `0803${String(i).padStart(7, '0')}`,
        }),
        { ...json(), tags: { name: 'setup' } },
      );
      // 409: signed up by an earlier run.
      if (res.status !== 201 && res.status !== 409) fail(`sign-up ${i}: ${res.status} ${res.body}`);
    }
    const session = signIn(emailOf(i), PASSWORD, 'setup');
    if (!session) fail(`sign-in ${i} failed`);
    const bank = {
      bankDetails: { bankName: 'Kuda Bank', accountNum: '0123456789', accountName: `K6 User${i}` },
      currentPassword: PASSWORD,
    };
    http.put(`${BASE_URL}/api/users/profile`, JSON.stringify(bank), {
      ...json(session.token),
      tags: { name: 'setup' },
    });
    if (admin)
      http.put(
        `${BASE_URL}/api/admin/users/${session.id}`,
        JSON.stringify({ balance: BALANCE_NAIRA, reason: 'Load test funds' }),
        {
          ...json(admin.token),
          tags: { name: 'setup' },
        },
      );
    users.push(emailOf(i));
  }
  return { users, runId: String(Date.now()) };
}

let session = null;

export default function (data) {
  const email = data.users[(__VU - 1) % data.users.length];
  if (!session || __ITER % JOURNEYS_PER_SIGN_IN === 0) {
    session = signIn(email, PASSWORD);
    if (!session) return;
  }
  const auth = json(session.token);

  const dashboard = http.get(`${BASE_URL}/api/users/dashboard`, { ...auth, tags: { name: 'dashboard' } });
  check(dashboard, { 'dashboard 200': (r) => r.status === 200 });
  sleep(0.5);

  const tasks = http.get(`${BASE_URL}/api/tasks`, { ...auth, tags: { name: 'tasks' } });
  check(tasks, { 'tasks 200': (r) => r.status === 200 });
  sleep(0.5);

  const withdraw = http.post(
    `${BASE_URL}/api/users/withdraw`,
    JSON.stringify({ amount: WITHDRAWAL_NAIRA, type: 'withdrawal' }),
    {
      ...json(session.token, { 'Idempotency-Key': `k6-${data.runId}-${__VU}-${__ITER}` }),
      tags: { name: 'withdraw' },
    },
  );
  check(withdraw, { 'withdrawal 201': (r) => r.status === 201 });
  sleep(1);
}
