/**
 * The measured routes. Each request picks its user (and campaign) by a counter shared by every
 * connection, so concurrent requests belong to different users: a bench of one user's stream
 * would measure optimistic-concurrency retries, not the route.
 */
import type { Request } from 'autocannon';
import type { Fixtures } from './fixtures';

export interface Goal {
  minRequestsPerSecond: number;
  /** None: throughput alone is the goal. */
  maxP99Ms?: number;
}

export interface Scenario {
  name: string;
  /** What is measured, e.g. `GET /api/tasks`. */
  route: string;
  goal?: Goal;
  /** Requests that can still succeed (distinct user × campaign pairs); undefined: no limit. */
  remaining?: () => number;
  request: Request;
}

/** The amount each withdrawal asks for: the configured minimum, so the funded balance lasts longest. */
export const WITHDRAWAL_NAIRA = 2000;

export function scenarios(fixtures: Fixtures, runId: string): Scenario[] {
  const { users, campaignIds } = fixtures;
  const userAt = (n: number) => users[n % users.length]!;
  const bearer = (n: number) => `Bearer ${userAt(n).token}`;
  const counter = () => {
    let n = 0;
    return () => n++;
  };

  const login = counter();
  const dashboard = counter();
  const tasks = counter();
  const withdraw = counter();

  // Pair i: campaign i mod C, user (floor(i / C) + campaign) mod U. Every pair is distinct for
  // i < C × U, and consecutive requests differ in both campaign and user.
  const pairs = campaignIds.length * users.length;
  let submitted = 0;
  const boundary = `----kobo-bench-${runId}`;
  const submitBodies = campaignIds.map((taskId) => multipartBody(boundary, taskId, fixtures.png));

  return [
    {
      name: 'login',
      route: 'POST /api/auth/login',
      request: {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          const user = userAt(login());
          return { ...req, body: JSON.stringify({ email: user.email, password: fixtures.password }) };
        },
      },
    },
    {
      name: 'dashboard',
      route: 'GET /api/users/dashboard',
      goal: { minRequestsPerSecond: 2000, maxP99Ms: 25 },
      request: {
        method: 'GET',
        path: '/api/users/dashboard',
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: bearer(dashboard()) } }),
      },
    },
    {
      name: 'task list',
      route: 'GET /api/tasks',
      goal: { minRequestsPerSecond: 2000, maxP99Ms: 25 },
      request: {
        method: 'GET',
        path: '/api/tasks',
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: bearer(tasks()) } }),
      },
    },
    {
      name: 'submission',
      route: 'POST /api/tasks/submit (multipart, PNG)',
      goal: { minRequestsPerSecond: 150 },
      remaining: () => pairs - submitted,
      request: {
        method: 'POST',
        path: '/api/tasks/submit',
        setupRequest: (req) => {
          const i = submitted++;
          const campaign = i % campaignIds.length;
          const user = (Math.floor(i / campaignIds.length) + campaign) % users.length;
          return {
            ...req,
            headers: {
              ...req.headers,
              authorization: `Bearer ${users[user]!.token}`,
              'content-type': `multipart/form-data; boundary=${boundary}`,
            },
            body: submitBodies[campaign],
          };
        },
      },
    },
    {
      name: 'withdrawal',
      route: 'POST /api/users/withdraw (Idempotency-Key)',
      // Judged against the floor in the same run (FLOOR_GOAL), not by an absolute figure.
      request: {
        method: 'POST',
        path: '/api/users/withdraw',
        body: JSON.stringify({ amount: WITHDRAWAL_NAIRA, type: 'withdrawal' }),
        setupRequest: (req) => {
          const n = withdraw();
          return {
            ...req,
            headers: {
              ...req.headers,
              'content-type': 'application/json',
              authorization: bearer(n),
              'idempotency-key': `bench-${runId}-${n}`,
            },
          };
        },
      },
    },
  ];
}

/**
 * What the withdrawal is judged by, against the floor measured in the same run: its throughput as
 * a share of the floor's, and its p99 as a multiple of the floor's.
 */
export const FLOOR_GOAL = { minThroughputRatio: 0.3, maxP99Ratio: 4 } as const;

/** The floor (floor-server.ts): one INSERT per request, the withdrawal's body, nothing else. */
export function floorScenario(): Scenario {
  return {
    name: 'floor',
    route: 'POST /floor (one INSERT, no auth, no idempotency, no checks)',
    request: {
      method: 'POST',
      path: '/floor',
      body: JSON.stringify({ amount: WITHDRAWAL_NAIRA, type: 'withdrawal' }),
      headers: { 'content-type': 'application/json' },
    },
  };
}

function multipartBody(boundary: string, taskId: string, png: Buffer): Buffer {
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="taskId"\r\n\r\n${taskId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="proofImage"; filename="proof.png"\r\n` +
    'Content-Type: image/png\r\n\r\n';
  return Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}
