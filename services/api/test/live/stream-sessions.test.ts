/**
 * A live balance stream belongs to the session that opened it: logout, a password change and a
 * suspension close it at once, on this API process or another one; and a user holds at most
 * LIVE_STREAMS_PER_USER (5) streams across processes, the next refused with 429 until one closes.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { eventually } from '@kobo/platform/testing';
import { hashPassword } from '../../src/accounts/password-hashing';
import { createApiApp } from '../../src/app';
import type { ApiContext } from '../../src/context';
import { insertCredentials } from '../../src/features/auth/queries';
import { LiveBalances, liveBalancesOf, LiveSessionEnded } from '../../src/features/live/live-balances';
import { createAuth } from '../../src/http';
import { startHarness, type Harness } from '../support/harness';
import { fund, registerUser, type TestUser } from '../admin/support';
import { isBalance, openEventStream, type EventStream } from './event-stream';

let h: Harness;
/** A second API process on the same database: its own session book and live listener. */
let other: ApiContext;
const servers: Server[] = [];
let a: string;
let b: string;
const open: EventStream[] = [];

function listen(app: Express): Promise<string> {
  return new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`),
    );
    servers.push(s);
  });
}

beforeAll(async () => {
  h = await startHarness();
  other = { ...h.context, auth: createAuth('test-secret-that-is-long-enough-for-hs256-signing', h.db.pool) };
  a = await listen(h.app);
  b = await listen(createApiApp(other, { webOrigin: 'http://localhost:5173' }));
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  await liveBalancesOf(other).close();
  await liveBalancesOf(h.context).close();
  await other.auth.sessions.close();
  await h.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function stream(base: string, token: string): Promise<EventStream> {
  const s = await openEventStream(`${base}/api/users/events`, bearer(token));
  open.push(s);
  return s;
}

async function ready(base: string, token: string): Promise<EventStream> {
  const s = await stream(base, token);
  expect(s.status).toBe(200);
  await s.next((e) => e.event === 'ready');
  return s;
}

/** Resolves when the server has ended the stream; fails after `ms`. */
function endsWithin(s: EventStream, ms = 3000): Promise<void> {
  return Promise.race([
    s.ended,
    new Promise<void>((_, fail) => setTimeout(() => fail(new Error(`stream still open after ${ms} ms`)), ms)),
  ]);
}

/** Signs in through the route (a real password): the session the test ends. */
async function signedIn(user: TestUser): Promise<string> {
  return (
    await h.http.post('/api/auth/login').send({ email: user.email, password: 'secret-123' }).expect(200)
  ).body.token as string;
}

async function userWithPassword(): Promise<TestUser> {
  const user = await registerUser(h);
  // registerUser makes the account through the ledger; give it credentials for the sign-in door.
  await insertCredentials(h.db.pool, user.userId, user.email, await hashPassword('secret-123'));
  return user;
}

describe('a stream ends with its session', () => {
  it('logout closes the stream at once; another session of the user keeps its stream', async () => {
    const ada = await userWithPassword();
    const token = await signedIn(ada);
    const s = await ready(a, token);
    const otherSession = await ready(a, ada.token);
    await h.http.post('/api/auth/logout').set(bearer(token)).expect(200);
    await endsWithin(s);
    // The other session's stream still hears of Ada's money.
    await fund(h, ada.userId, 100);
    await otherSession.next(isBalance, 3000);
  });

  it('logout on one API process closes the stream held by another', async () => {
    const ada = await userWithPassword();
    const token = await signedIn(ada);
    const s = await ready(b, token);
    await h.http.post('/api/auth/logout').set(bearer(token)).expect(200);
    await endsWithin(s);
  });

  it('a password change closes every stream of the account; the new session opens its own', async () => {
    const ada = await userWithPassword();
    const token = await signedIn(ada);
    const onA = await ready(a, token);
    const onB = await ready(b, ada.token);
    const changed = await h.http
      .put('/api/users/change-password')
      .set(bearer(token))
      .send({ oldPassword: 'secret-123', newPassword: 'secret-456' })
      .expect(200);
    const newToken = /kobo_session=([^;]+)/.exec(String(changed.headers['set-cookie']))![1]!;
    await Promise.all([endsWithin(onA), endsWithin(onB)]);
    const fresh = await ready(b, newToken);
    await fund(h, ada.userId, 100);
    await fresh.next(isBalance, 3000);
  });

  it('a suspension closes the stream', async () => {
    const ada = await registerUser(h);
    const s = await ready(b, ada.token);
    await h.http
      .put(`/api/admin/users/${ada.userId}`)
      .set(bearer(h.adminToken))
      .send({ status: 'suspended' })
      .expect(200);
    await endsWithin(s);
  });

  it('a session that ends while its stream is being set up gets no stream', async () => {
    // Past the route's session check, before the listener is in place: nothing would tell it.
    const live = new LiveBalances(h.db.pool, h.context.logger);
    try {
      const ada = await registerUser(h);
      const { sessionId, generation } = h.context.auth.tokens.verify(ada.token);
      await h.context.auth.sessions.endAll(ada.userId);
      const subscriber = {
        userId: ada.userId,
        session: { id: sessionId, generation },
        balance: () => undefined,
        notification: () => undefined,
        end: () => undefined,
      };
      await expect(live.subscribe(subscriber)).rejects.toBeInstanceOf(LiveSessionEnded);
      expect(live.size).toBe(0);
    } finally {
      await live.close();
    }
  });

  it('a token whose session already ended opens no stream', async () => {
    const ada = await registerUser(h);
    await h.context.auth.sessions.endAll(ada.userId);
    const s = await stream(a, ada.token);
    expect(s.status).toBe(401);
  });
});

describe('streams per user', () => {
  it('holds 5 across API processes; the 6th is refused with 429 until one closes', async () => {
    const ada = await registerUser(h);
    const streams = [
      await ready(a, ada.token),
      await ready(b, ada.token),
      await ready(a, ada.token),
      await ready(b, ada.token),
      await ready(a, ada.token),
    ];
    const refused = await stream(b, ada.token);
    expect(refused.status).toBe(429);
    await refused.ended;
    expect(JSON.parse(refused.text())).toMatchObject({
      code: 'rate_limited',
      message:
        'Too many live connections for this account. Close Kobo in another tab, window or device and try again.',
    });
    // Someone else is not held back by Ada's.
    await ready(a, (await registerUser(h)).token);
    streams[0]!.close();
    const { rows } = await h.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM live_streams WHERE user_id = $1',
      [ada.userId],
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(5);
    // The seat is given back once the server sees the client leave.
    await eventually('a seat given back', async () => {
      const again = await stream(b, ada.token);
      if (again.status === 200) return again;
      again.close();
      return undefined;
    });
  });

  it('lets only 5 through of many opened at once', async () => {
    const ada = await registerUser(h);
    const streams = await Promise.all(Array.from({ length: 12 }, (_, i) => stream(i % 2 ? a : b, ada.token)));
    expect(streams.filter((s) => s.status === 200)).toHaveLength(5);
    expect(streams.filter((s) => s.status === 429)).toHaveLength(7);
  });
});
