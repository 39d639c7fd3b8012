/**
 * GET /api/users/events on a real HTTP server and a real database: a user's stream hears about
 * changes to their own balances and transactions (an admin's approval, a payout) within a second,
 * another user's stream does not; one LISTEN connection serves every stream; streams end on
 * shutdown without holding the server's close.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import request from 'supertest';
import { createApiApp } from '../../src/app';
import { liveBalancesOf, LiveBalances } from '../../src/features/live/live-balances';
import { openEventStream as serveEventStream } from '../../src/features/live/routes';
import { createGracefulShutdown, SESSION_COOKIE } from '../../src/http';
import { startHarness, type Harness } from '../support/harness';
import {
  createCampaign,
  fund,
  registerUser,
  requestWithdrawal,
  submitTask,
  type TestUser,
} from '../admin/support';
import { isBalance, openEventStream, positionOf, type EventStream } from './event-stream';

let h: Harness;
let server: Server;
let base: string;
const open: EventStream[] = [];

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
}
const urlOf = (s: Server, path: string) => `http://127.0.0.1:${(s.address() as AddressInfo).port}${path}`;

async function stream(headers: Record<string, string>, url = `${base}/api/users/events`) {
  const s = await openEventStream(url, headers);
  open.push(s);
  return s;
}
const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
const cookie = (user: TestUser) => ({ Cookie: `${SESSION_COOKIE}=${user.token}` });

/** Connections LISTENing to the projectors' checkpoint channel (the projectors' own waiter is one). */
async function checkpointListeners(): Promise<number> {
  const { rows } = await h.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN kobo_projection_checkpoints'`,
  );
  return rows[0]!.n;
}

/** Ada's balances position once her withdrawal shows `status` in the transactions read model. */
async function projectedPosition(user: TestUser, withdrawalId: string, status: string): Promise<number> {
  await eventually(async () => {
    const { rows } = await h.db.pool.query('SELECT 1 FROM transactions WHERE id = $1 AND status = $2', [
      withdrawalId,
      status,
    ]);
    return rows.length > 0;
  });
  const { rows } = await h.db.pool.query<{ last_position: string }>(
    'SELECT last_position FROM user_balances WHERE user_id = $1',
    [user.userId],
  );
  return Number(rows[0]!.last_position);
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  h = await startHarness();
  server = await listen(h.app);
  base = urlOf(server, '');
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

describe('GET /api/users/events', () => {
  it('opens an uncached event stream that starts with ready', async () => {
    const ada = await registerUser(h);
    const s = await stream(bearer(ada));
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toContain('no-store');
    expect(s.headers['x-accel-buffering']).toBe('no');
    const ready = await s.next((e) => e.event === 'ready');
    expect(JSON.parse(ready.data)).toEqual({});
    expect(s.retries).toEqual([5000]);
  });

  it('tells a user of a new notification of theirs, and nobody else', async () => {
    const ada = await registerUser(h);
    const bola = await registerUser(h);
    await fund(h, ada.userId, 5000);
    const withdrawalId = await requestWithdrawal(h, ada.userId, 2000);
    const adaStream = await stream(bearer(ada));
    const bolaStream = await stream(bearer(bola));
    await adaStream.next((e) => e.event === 'ready');
    await bolaStream.next((e) => e.event === 'ready');

    await h.http
      .post('/api/admin/withdrawals/reject')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .send({ transactionId: withdrawalId, reason: 'Name does not match.' })
      .expect(200);
    const told = await adaStream.next((e) => e.event === 'notification', 5000);
    // Told once the notification is there to read.
    const { rows } = await h.db.pool.query<{ global_position: string }>(
      'SELECT global_position FROM notifications WHERE user_id = $1',
      [ada.userId],
    );
    expect(rows).toHaveLength(1);
    expect(positionOf(told)).toBeGreaterThanOrEqual(Number(rows[0]!.global_position));

    // Bola's own balance moves after Ada's notification: her stream has no notification before it.
    await fund(h, bola.userId, 100);
    await bolaStream.next(isBalance, 5000);
    expect(bolaStream.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it('refuses anonymous callers (401) and staff (403) with a problem, not a stream', async () => {
    const anonymous = await stream({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
    const admin = await stream({ Authorization: `Bearer ${h.adminToken}` });
    expect(admin.status).toBe(403);
    await admin.ended;
    expect(JSON.parse(admin.text()).code).toBe('forbidden');
  });

  it("tells a user about their own approval and payout within a second, and nobody else's", async () => {
    const ada = await registerUser(h);
    const bola = await registerUser(h);
    const campaignId = await createCampaign(h, { price: 75 });
    await submitTask(h, campaignId, ada.userId);

    // Ada signed in with the bearer token, Bola through the browser's session cookie.
    const adaStream = await stream(bearer(ada));
    const bolaStream = await stream(cookie(bola));
    await adaStream.next((e) => e.event === 'ready');
    await bolaStream.next((e) => e.event === 'ready');

    await h.http
      .post('/api/admin/tasks/approve')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .send({ taskId: campaignId, userId: ada.userId })
      .expect(200);
    const approvedAt = Date.now();
    const { rows } = await h.db.pool.query<{ last_position: string }>(
      'SELECT last_position FROM user_balances WHERE user_id = $1',
      [ada.userId],
    );
    const approval = await adaStream.next(isBalance, 1000);
    expect(Date.now() - approvedAt).toBeLessThan(1000);
    expect(positionOf(approval)).toBeGreaterThanOrEqual(Number(rows[0]!.last_position));

    // Bola's money moves next: her first balance event is for that, so none came for Ada's.
    await fund(h, bola.userId, 3000);
    const bolaFunded = await bolaStream.next(isBalance, 2000);
    expect(positionOf(bolaFunded)).toBeGreaterThan(positionOf(approval));

    // A withdrawal requested, approved by an admin and marked paid by finance: Ada hears of the last.
    await fund(h, ada.userId, 5000);
    const withdrawalId = await requestWithdrawal(h, ada.userId, 2000);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .send({ transactionId: withdrawalId })
      .expect(200);
    await h.http
      .post(`/api/finance/payouts/${withdrawalId}/mark-paid`)
      .set('Authorization', `Bearer ${h.financeToken}`)
      .send({ reference: 'TRF-0001' })
      .expect(200);
    const paidAt = await projectedPosition(ada, withdrawalId, 'completed');
    const payout = await adaStream.next((e) => isBalance(e) && positionOf(e) >= paidAt, 1000);
    expect(positionOf(payout)).toBeGreaterThan(positionOf(approval));

    // Bola heard only of her own changes: a later one of hers arrives after everything of Ada's
    // above, so anything of Ada's sent to her would be in between.
    await fund(h, bola.userId, 100);
    const bolaFundedAgain = await bolaStream.next((e) => isBalance(e) && positionOf(e) > paidAt, 2000);
    expect(bolaStream.events.filter(isBalance)).toEqual([bolaFunded, bolaFundedAgain]);
  });

  it('serves every stream from one listener, and drops it when the last stream closes', async () => {
    const people = [await registerUser(h), await registerUser(h), await registerUser(h)];
    const live = liveBalancesOf(h.context);
    await eventually(() => live.size === 0);
    const baseline = await checkpointListeners();
    const streams = await Promise.all(people.map((p) => stream(bearer(p))));
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'ready')));
    expect(live.size).toBe(3);
    expect(await checkpointListeners()).toBe(baseline + 1);
    for (const s of streams) s.close();
    await eventually(() => live.size === 0);
    await eventually(async () => (await checkpointListeners()) === baseline);
  });

  it("is woken by the projectors' notification, not by its safety-net poll", async () => {
    const live = new LiveBalances(h.db.pool, h.context.logger, { pollIntervalMs: 60_000 });
    const app = express();
    app.get(
      '/events/:userId',
      (req, res) => void serveEventStream(live, { userId: req.params.userId }, req, res),
    );
    const tiny = await listen(app);
    try {
      const ada = await registerUser(h);
      const s = await stream({}, urlOf(tiny, `/events/${ada.userId}`));
      await s.next((e) => e.event === 'ready');
      const started = Date.now();
      await fund(h, ada.userId, 100);
      await s.next(isBalance, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await live.close();
      tiny.closeAllConnections();
      await new Promise((resolve) => tiny.close(resolve));
    }
  });

  it('sends a comment heartbeat', async () => {
    const live = new LiveBalances(h.db.pool, h.context.logger);
    const app = express();
    app.get(
      '/events',
      (req, res) => void serveEventStream(live, { userId: 'nobody' }, req, res, { heartbeatMs: 50 }),
    );
    const tiny = await listen(app);
    try {
      const s = await stream({}, urlOf(tiny, '/events'));
      await eventually(() => s.comments.filter((c) => c === 'heartbeat').length >= 2, 2000);
    } finally {
      await live.close();
      tiny.closeAllConnections();
      await new Promise((resolve) => tiny.close(resolve));
    }
  });

  it('ends open streams at shutdown, so the server closes at once, and refuses new ones', async () => {
    // A context of its own: closing its streams leaves the other tests' alone.
    const context = { ...h.context };
    const own = await listen(createApiApp(context, { webOrigin: 'http://localhost:5173' }));
    const ada = await registerUser(h);
    const s = await stream(bearer(ada), urlOf(own, '/api/users/events'));
    await s.next((e) => e.event === 'ready');

    const started = Date.now();
    await liveBalancesOf(context).close();
    const result = await createGracefulShutdown(own, { timeoutMs: 5000 })();
    expect(result.forced).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    await s.ended;

    // A request that still reaches the closed feature is told to come back.
    const again = await request(createApiApp(context, { webOrigin: 'http://localhost:5173' }))
      .get('/api/users/events')
      .set(bearer(ada));
    expect(again.status).toBe(503);
    expect(again.body.message).toBe('The server is restarting. Please try again in a moment.');
  });
});
