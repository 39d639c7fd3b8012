/* global __ENV, __VU, __ITER */
/**
 * k6: a user's journey against a running Kobo: sign in, dashboard, task list, withdrawal. Each
 * step has its thresholds (error rate, p95 and p99) below; k6 exits 99 when one fails.
 *
 *   npm run bench:k6                      # starts the product itself and runs this (loadtests/README.md)
 *   k6 run -e BASE_URL=https://api.staging.kobo.ng -e ADMIN_EMAIL=... -e ADMIN_PASSWORD=... \
 *          -e USERS=200 -e SIGN_UP=1 loadtests/k6/user-journey.js
 *
 * setup() prepares USERS accounts named k6user<i>@<EMAIL_DOMAIN> (signs them up when SIGN_UP=1),
 * saves their bank details and, with admin credentials, sets their balance to BALANCE_NAIRA so
 * every withdrawal can succeed (the target's ADJUSTMENT_CAP_NAIRA and
 * ADJUSTMENT_APPROVAL_ABOVE_NAIRA must allow it in one change), and creates CAMPAIGNS campaigns
 * (default none) so the task list has something to list. Sign-in and sign-up are rate limited per
 * address: run the target with AUTH_RATE_LIMIT_SCALE set high, or from many load generators.
 */
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

/**
 * The API's address; several, comma-separated, for several API processes without a proxy: each
 * virtual user keeps to one (as a sticky load balancer would), setup() uses the first.
 */
const BASE_URLS = (__ENV.BASE_URL || 'http://127.0.0.1:8080')
  .split(',')
  .map((url) => url.trim().replace(/\/$/, ''));
const BASE_URL = BASE_URLS[0];
const USERS = Number(__ENV.USERS || 100);
const VUS = Number(__ENV.VUS || 50);
const PASSWORD = __ENV.PASSWORD || 'k6-password-123';
const EMAIL_DOMAIN = __ENV.EMAIL_DOMAIN || 'k6.kobo.test';
const BALANCE_NAIRA = Number(__ENV.BALANCE_NAIRA || 2000000);
const WITHDRAWAL_NAIRA = Number(__ENV.WITHDRAWAL_NAIRA || 2000);
const CAMPAIGNS = Number(__ENV.CAMPAIGNS || 0);
/** Requests at a time while preparing (sign-up and sign-in are argon2-bound on the target). */
const SETUP_PARALLEL = Number(__ENV.SETUP_PARALLEL || 4);
/** A session lasts this many journeys before signing in again (sign-in is slow by design: argon2). */
const JOURNEYS_PER_SIGN_IN = Number(__ENV.JOURNEYS_PER_SIGN_IN || 20);

/** Each step's goals: under 1% failed, and p95/p99 in ms (loadtests/README.md). */
const goals = {
  login: { p95: 500, p99: 1000 }, // argon2 makes it slow on purpose
  dashboard: { p95: 15, p99: 25 },
  tasks: { p95: 15, p99: 25 },
  withdraw: { p95: 25, p99: 40 },
};

const thresholds = {};
for (const [step, goal] of Object.entries(goals)) {
  thresholds[`http_req_failed{name:${step}}`] = ['rate<0.01'];
  thresholds[`http_req_duration{name:${step}}`] = [`p(95)<${goal.p95}`, `p(99)<${goal.p99}`];
}

export const options = {
  scenarios: {
    journey: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: __ENV.RAMP || '30s', target: VUS },
        { duration: __ENV.HOLD || '2m', target: VUS },
        { duration: '15s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  // Preparing a few hundred users (argon2 on every sign-up and sign-in) takes minutes.
  setupTimeout: __ENV.SETUP_TIMEOUT || '10m',
};

const json = (token, extra) => ({
  headers: Object.assign(
    { 'Content-Type': 'application/json' },
    token ? { Authorization: `Bearer ${token}` } : {},
    extra || {},
  ),
});
const emailOf = (i) => `k6user${i}@${EMAIL_DOMAIN}`;

function signIn(email, password, name, baseUrl = BASE_URL, door = 'login') {
  const res = http.post(`${baseUrl}/api/auth/${door}`, JSON.stringify({ email, password }), {
    ...json(),
    tags: { name: name || 'login' },
  });
  if (!check(res, { 'signed in': (r) => r.status === 200 })) return null;
  return res.json();
}

/** Sends one request per item, SETUP_PARALLEL at a time; stops the run on an answer `ok` refuses. */
function inBatches(items, request, ok, what) {
  const answers = [];
  for (let start = 0; start < items.length; start += SETUP_PARALLEL) {
    const chunk = items.slice(start, start + SETUP_PARALLEL);
    const responses = http.batch(chunk.map(request));
    responses.forEach((res, j) => {
      if (!ok(res)) fail(`${what} ${start + j}: ${res.status} ${res.body}`);
      answers.push(res);
    });
  }
  return answers;
}

const setupRequest = (method, path, body, token, extra) => ({
  method,
  url: `${BASE_URL}${path}`,
  body: JSON.stringify(body),
  params: { ...json(token, extra), tags: { name: 'setup' } },
});

export function setup() {
  let admin = null;
  if (__ENV.ADMIN_EMAIL) {
    // Staff sign in at their own door only.
    admin = signIn(__ENV.ADMIN_EMAIL, __ENV.ADMIN_PASSWORD, 'setup', BASE_URL, 'admin-login');
    if (!admin) fail('admin sign-in failed');
  }
  const indexes = Array.from({ length: USERS }, (_, i) => i);
  if (__ENV.SIGN_UP === '1')
    inBatches(
      indexes,
      (i) =>
        setupRequest('POST', '/api/auth/register', {
          firstName: 'K6',
          lastName: `User${i}`,
          username: `k6_user_${i}`,
          email: emailOf(i),
          password: PASSWORD,
          phone: `0803${String(i).padStart(7, '0')}`,
        }),
      // 409: signed up by an earlier run.
      (res) => res.status === 201 || res.status === 409,
      'sign-up',
    );
  const sessions = inBatches(
    indexes,
    (i) => setupRequest('POST', '/api/auth/login', { email: emailOf(i), password: PASSWORD }),
    (res) => res.status === 200,
    'sign-in',
  ).map((res) => res.json());
  // Bank details need the current password; a withdrawal needs bank details.
  inBatches(
    sessions,
    (session, i) =>
      setupRequest(
        'PUT',
        '/api/users/profile',
        {
          bankDetails: { bankName: 'Kuda Bank', accountNum: '0123456789', accountName: `K6 User${i}` },
          currentPassword: PASSWORD,
        },
        session.token,
      ),
    (res) => res.status === 200,
    'bank details',
  );
  if (admin) {
    // The same balance sent again posts nothing; a change waiting for finance funds nothing.
    inBatches(
      sessions,
      (session) =>
        setupRequest(
          'PUT',
          `/api/admin/users/${session.id}`,
          { balance: BALANCE_NAIRA, reason: 'Load test funds' },
          admin.token,
        ),
      (res) => res.status === 200 && !res.json().pendingAdjustment,
      'balance (raise ADJUSTMENT_CAP_NAIRA and ADJUSTMENT_APPROVAL_ABOVE_NAIRA on the target)',
    );
    inBatches(
      Array.from({ length: CAMPAIGNS }, (_, i) => i),
      (i) =>
        setupRequest(
          'POST',
          '/api/admin/tasks',
          {
            taskName: `k6 campaign ${i}`,
            taskPlatform: 'youtube',
            taskVariation: 'Subscribe Channel',
            taskInstructions: 'Subscribe, then upload a screenshot.',
            taskUnits: USERS,
            taskPrice: 25,
            taskTime: 3,
            taskUrl: `https://youtube.com/@k6campaign${i}`,
          },
          admin.token,
        ),
      (res) => res.status === 201,
      'campaign',
    );
  } else if (CAMPAIGNS > 0) fail('CAMPAIGNS needs ADMIN_EMAIL and ADMIN_PASSWORD');
  return { users: indexes.map(emailOf), runId: String(Date.now()) };
}

let session = null;

export default function (data) {
  const email = data.users[(__VU - 1) % data.users.length];
  const api = BASE_URLS[(__VU - 1) % BASE_URLS.length];
  if (!session || __ITER % JOURNEYS_PER_SIGN_IN === 0) {
    session = signIn(email, PASSWORD, 'login', api);
    if (!session) {
      sleep(1);
      return;
    }
  }
  const auth = json(session.token);

  const dashboard = http.get(`${api}/api/users/dashboard`, { ...auth, tags: { name: 'dashboard' } });
  check(dashboard, { 'dashboard 200': (r) => r.status === 200 });
  sleep(0.5);

  const tasks = http.get(`${api}/api/tasks`, { ...auth, tags: { name: 'tasks' } });
  check(tasks, { 'tasks 200': (r) => r.status === 200 });
  sleep(0.5);

  // A new key each journey: every request is a new withdrawal, safe to retry.
  const withdraw = http.post(
    `${api}/api/users/withdraw`,
    JSON.stringify({ amount: WITHDRAWAL_NAIRA, type: 'withdrawal' }),
    {
      ...json(session.token, { 'Idempotency-Key': `k6-${data.runId}-${__VU}-${__ITER}` }),
      tags: { name: 'withdraw' },
    },
  );
  check(withdraw, { 'withdrawal 201': (r) => r.status === 201 });
  sleep(1);
}
