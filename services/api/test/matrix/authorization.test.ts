/**
 * The authorization matrix: every declared route (read from the registry's feature list, never a
 * hand-kept list) against five callers. Anonymous gets 401 on every non-public route, a role the
 * route does not allow gets 403, an allowed role gets past the check. Then the routes a user can
 * reach are checked for another user's records: each one has a row below, and a new one without a
 * row fails the guard test.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Accounts, nairaToKobo } from '@kobo/ledger';
import type { Response } from 'supertest';
import { authMessages, type RouteDefinition } from '../../src/http';
import { uploadsOf } from '../../src/uploads/uploads-of';
import { openEventStream, positionOf } from '../live/event-stream';
import { settled, startHarness, type Harness } from '../support/harness';
import {
  buildWorld,
  callers,
  declaredRoutes,
  describeAnswer,
  fillPath,
  pathParams,
  pngBytes,
  problemFailure,
  roleOf,
  routeKey,
  signedLink,
  UNKNOWN_ID,
  type Caller,
  type World,
} from './support';

/** How long a live stream may take to hear a balance change the test made. */
const HEARD_WITHIN_MS = 15_000;

let h: Harness;
let w: World;
let routes: RouteDefinition[];

beforeAll(async () => {
  // With Web Push keys, so the push subscription routes store what they are sent.
  h = await startHarness({
    VAPID_PUBLIC_KEY:
      'BFRtoQTlVlW1DpuJ7ce5PmZGG_fvUpkuQKiPYIR9j5CNUswzwQXRM_z5AzTwdWSF9bTRWVLLIWS51LRrGD0ZTgU',
    VAPID_PRIVATE_KEY: '4bAemlKAq6N-7zm6IvLV1hKeBrjhNmNV80QEqG_Ro9k',
    VAPID_SUBJECT: 'mailto:support@kobo.test',
  });
  routes = await declaredRoutes(h);
  w = await buildWorld(h);
});
afterAll(() => h.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Requests whose default (unknown id, empty body) would be refused for reasons other than the role. */
const matrixSamples: Record<string, (world: World) => { path: string; query?: string }> = {
  // Public, but the signature is the permission: sign a link to the campaign's guide image.
  'GET /uploads/{*key}': (world) => signedLink(h, world.campaignImageKey),
  // A guide image on a campaign: every signed-in role may see it.
  'GET /uploads/link': (world) => ({
    path: '/api/uploads/link',
    query: `key=${encodeURIComponent(world.campaignImageKey)}`,
  }),
};

/** Routes answering with a stream that stays open (server-sent events). */
const streams = (route: RouteDefinition) =>
  Object.values(route.responses).some(
    (spec) => 'contentType' in spec && spec.contentType === 'text/event-stream',
  );

/** Reads an event stream up to its first event, then hangs up; any other answer is read whole. */
function firstEventThenHangUp(
  res: NodeJS.ReadableStream & { destroy(): void; headers: Record<string, string> },
  done: (error: Error | null, body: unknown) => void,
) {
  let text = '';
  let finished = false;
  const finish = (body: unknown) => {
    if (finished) return;
    finished = true;
    done(null, body);
  };
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    if (String(res.headers['content-type']).startsWith('text/event-stream') && text.includes('\n\n')) {
      finish(text);
      res.destroy();
    }
  });
  res.on('end', () => {
    try {
      finish(JSON.parse(text));
    } catch {
      finish(text);
    }
  });
}

function send(route: RouteDefinition, caller: Caller): Promise<Response> {
  const sample = matrixSamples[routeKey(route)]?.(w) ?? { path: fillPath(route.path) };
  let req = h.http[route.method](sample.path);
  if (sample.query) req = req.query(sample.query);
  if (caller !== 'anonymous') req = req.set(bearer(w.tokens[caller]));
  if (streams(route)) req = req.buffer(true).parse(firstEventThenHangUp as never);
  return route.method === 'get' ? req : req.send({});
}

type Expected = 'unauthenticated' | 'forbidden' | 'allowed';

function expectedFor(route: RouteDefinition, caller: Caller): Expected {
  if (route.access === 'public') return 'allowed';
  if (caller === 'anonymous') return 'unauthenticated';
  return route.access.includes(roleOf[caller]) ? 'allowed' : 'forbidden';
}

/** Why the answer is wrong for the cell, or undefined when it is right. */
function cellFailure(expected: Expected, res: Response): string | undefined {
  if (res.status >= 500) return 'server error';
  if (res.status >= 400 && problemFailure(res)) return problemFailure(res);
  const body = res.body as { code?: string; message?: string };
  switch (expected) {
    case 'unauthenticated':
      if (res.status !== 401 || body.code !== 'unauthenticated' || body.message !== authMessages.missing)
        return 'expected 401 Authentication required';
      if (res.headers['www-authenticate'] !== 'Bearer') return 'no WWW-Authenticate: Bearer';
      return undefined;
    case 'forbidden':
      if (res.status !== 403 || body.code !== 'forbidden' || body.message !== authMessages.forbidden)
        return 'expected 403 You do not have access to this resource';
      return undefined;
    case 'allowed':
      if (res.status === 401 || res.status === 403) return 'an allowed caller was refused';
      if (res.status === 405 || (res.status === 404 && /^No API route/.test(body.message ?? '')))
        return 'the request did not reach the route';
      return undefined;
  }
}

const short: Record<Caller, string> = {
  anonymous: 'anon',
  user: 'user',
  other: 'other',
  admin: 'admin',
  finance: 'fin',
};

describe('authorization matrix', () => {
  it('answers every declared route x caller cell as its access says', async () => {
    const failures: string[] = [];
    const lines: string[] = [];
    const counts = { unauthenticated: 0, forbidden: 0, allowed: 0 };
    for (const route of routes) {
      const cells: string[] = [];
      for (const caller of callers) {
        const expected = expectedFor(route, caller);
        counts[expected]++;
        const res = await send(route, caller);
        const failure = cellFailure(expected, res);
        if (failure)
          failures.push(`${routeKey(route)} as ${caller}: ${failure} (got ${describeAnswer(res)})`);
        cells.push(`${res.status}${failure ? '!' : ''}`.padEnd(short[caller].length + 1));
      }
      await w.renewSessions();
      const access = route.access === 'public' ? 'public' : route.access.join(',');
      lines.push(`${routeKey(route).padEnd(50)} ${access.padEnd(19)} ${cells.join(' ')}`);
    }
    const header = `${'route'.padEnd(50)} ${'access'.padEnd(19)} ${callers.map((c) => short[c]).join('  ')}`;
    console.log(
      [
        `Authorization matrix: ${routes.length} routes x ${callers.length} callers = ${routes.length * callers.length} cells ` +
          `(${counts.unauthenticated} expect 401, ${counts.forbidden} expect 403, ${counts.allowed} allowed; ! = wrong)`,
        header,
        ...lines,
      ].join('\n'),
    );
    expect(failures).toEqual([]);
    // The matrix must have met every kind of cell, or it checked less than it claims.
    expect(counts.unauthenticated).toBeGreaterThan(0);
    expect(counts.forbidden).toBeGreaterThan(0);
  });

  it('refuses a forged, unsigned, garbled or expired token (401) on every non-public route', async () => {
    const forged = (() => {
      const [head, payload] = w.user.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const raised = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
      return `${head}.${raised}.${w.user.token.split('.')[2]}`;
    })();
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${
      w.user.token.split('.')[1]
    }.`;
    // Issued two days ago by the real token service: its one-day lifetime has run out.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now - 2 * 24 * 3600 * 1000);
    const expired = await h.context.auth.sessions.open({ userId: h.adminId, role: 'admin' });
    clock.mockRestore();
    const cases: [string, string, string][] = [
      ['forged', forged, 'unauthenticated'],
      ['unsigned', unsigned, 'unauthenticated'],
      ['not a JWT', 'not-a-jwt', 'unauthenticated'],
      ['expired', expired, 'session_expired'],
    ];
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public'))
      for (const [name, token, code] of cases) {
        const res = await h.http[route.method](fillPath(route.path)).set(bearer(token));
        if (res.status !== 401 || res.body.code !== code || problemFailure(res))
          failures.push(`${routeKey(route)} with a ${name} token: ${describeAnswer(res)}`);
      }
    expect(failures).toEqual([]);
  });
});

/**
 * One row per route a user's token (or no token, for a public route with an id in its path) can
 * reach: how it keeps one user's records from another. `record` routes name a record; `self`
 * routes act on the token's own user whatever the request says; `shared` routes answer the same
 * to everyone.
 */
type Ownership = { scope: 'record' | 'self' | 'shared'; check: () => Promise<void> };

const json = (res: Response) => JSON.stringify(res.body ?? res.text);

const ownership: Record<string, Ownership> = {
  'GET /uploads/link': {
    scope: 'record',
    async check() {
      const link = (token: string, extra = '') =>
        h.http.get(`/api/uploads/link?key=${encodeURIComponent(w.userProofKey)}${extra}`).set(bearer(token));
      for (const token of [w.other.token, h.financeToken])
        for (const extra of ['', '&thumb=1']) {
          const res = await link(token, extra);
          expect([403, 404]).toContain(res.status);
          expect(problemFailure(res)).toBeUndefined();
          expect(res.body).not.toHaveProperty('url');
        }
      // Control: the owner and admins get the link.
      for (const token of [w.user.token, h.adminToken]) {
        const res = await link(token);
        expect(res.status).toBe(200);
        expect(res.body.url).toContain('sig=');
      }
    },
  },
  'GET /uploads/{*key}': {
    scope: 'record',
    async check() {
      const mine = signedLink(h, w.userProofKey);
      const theirs = signedLink(h, w.otherProofKey);
      const expired = uploadsOf(h.context).links.sign(
        { key: w.userProofKey },
        new Date(Date.now() - 3_600_000),
      );
      const attempts: [string, string | undefined, Record<string, string>?][] = [
        ['no signature', mine.path, undefined],
        // Bola's own valid signature, put on Ada's key.
        ['another key signature', mine.path, Object.fromEntries(new URLSearchParams(theirs.query))],
        // Ada's signature for the original, asking for the thumbnail.
        [
          'original signature for thumb',
          mine.path,
          { ...Object.fromEntries(new URLSearchParams(mine.query)), thumb: '1' },
        ],
        [
          'expired link',
          expired.url.split('?')[0],
          Object.fromEntries(new URLSearchParams(expired.url.split('?')[1])),
        ],
      ];
      for (const [name, path, query] of attempts) {
        for (const token of [undefined, w.other.token]) {
          let req = h.http.get(path!);
          if (query) req = req.query(query);
          if (token) req = req.set(bearer(token));
          const res = await req;
          expect({ name, refused: [403, 404].includes(res.status) }).toEqual({ name, refused: true });
          expect(problemFailure(res)).toBeUndefined();
        }
      }
      // Control: the signed link itself opens the image.
      const res = await h.http.get(mine.path).query(mine.query);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    },
  },
  'GET /users/withdrawals': {
    scope: 'self',
    async check() {
      const own = await h.http.get('/api/users/withdrawals').set(w.user.auth).expect(200);
      expect(own.body.map((x: { id: string }) => x.id)).toContain(w.userWithdrawalId);
      const theirs = await h.http
        .get(`/api/users/withdrawals?userId=${w.user.userId}`)
        .set(w.other.auth)
        .expect(200);
      expect(json(theirs)).not.toContain(w.userWithdrawalId);
      expect(json(theirs)).not.toContain(w.user.userId);
    },
  },
  'GET /users/transactions': {
    scope: 'self',
    async check() {
      const own = await h.http.get('/api/users/transactions').set(w.user.auth).expect(200);
      const ids = own.body.map((x: { id: string }) => x.id) as string[];
      expect(ids.length).toBeGreaterThan(0);
      const theirs = await h.http
        .get(`/api/users/transactions?userId=${w.user.userId}`)
        .set(w.other.auth)
        .expect(200);
      for (const id of ids) expect(json(theirs)).not.toContain(id);
      expect(json(theirs)).not.toContain(w.user.userId);
    },
  },
  'GET /users/statement': {
    scope: 'self',
    async check() {
      for (const balance of ['account', 'activity'] as const) {
        const own = await h.http.get(`/api/users/statement?balance=${balance}`).set(w.user.auth).expect(200);
        const theirs = await h.http
          .get('/api/users/statement')
          .query({ balance, userId: w.user.userId, account: Accounts.userAccount(w.user.userId) })
          .set(w.other.auth)
          .expect(200);
        expect(theirs.body.account).toContain(w.other.userId);
        expect(json(theirs)).not.toContain(w.user.userId);
        for (const entry of own.body.entries as { eventId: string }[])
          expect(json(theirs)).not.toContain(entry.eventId);
      }
      const own = await h.http.get('/api/users/statement').set(w.user.auth).expect(200);
      expect(own.body.entries.length).toBeGreaterThan(0);
    },
  },
  'GET /users/data-export': {
    scope: 'self',
    async check() {
      const own = await h.http.get('/api/users/data-export').set(w.user.auth).expect(200);
      expect(json(own)).toContain(w.userWithdrawalId);
      expect(own.body.submissions.length).toBeGreaterThan(0);
      const theirs = await h.http
        .get('/api/users/data-export')
        .query({ userId: w.user.userId })
        .set(w.other.auth)
        .expect(200);
      expect(theirs.body.profile.email).toBe(w.other.email);
      for (const mine of [
        w.user.userId,
        w.user.email,
        w.userWithdrawalId,
        ...own.body.submissions.map((x: { id: string }) => x.id),
        ...own.body.statement.account.entries.map((x: { eventId: string }) => x.eventId),
      ])
        expect(json(theirs)).not.toContain(mine);
    },
  },
  'GET /users/statement/entries/:eventId/proof': {
    scope: 'record',
    async check() {
      const own = await h.http.get('/api/users/statement').set(w.user.auth).expect(200);
      const eventId = (own.body.entries as { eventId: string }[])[0]!.eventId;
      const path = `/api/users/statement/entries/${eventId}/proof`;
      const theirs = await h.http.get(path).query({ userId: w.user.userId }).set(w.other.auth);
      expect(theirs.status).toBe(404);
      expect(problemFailure(theirs)).toBeUndefined();
      expect(json(theirs)).not.toContain(eventId);
      // Control: the owner gets the proof.
      const mine = await h.http.get(path).set(w.user.auth).expect(200);
      expect(mine.body).toMatchObject({ eventId, verified: true });
    },
  },
  'GET /users/submissions': {
    scope: 'self',
    async check() {
      const own = await h.http.get('/api/users/submissions').set(w.user.auth).expect(200);
      const ids = own.body.map((x: { id: string }) => x.id) as string[];
      expect(ids.length).toBeGreaterThan(0);
      const theirs = await h.http
        .get(`/api/users/submissions?userId=${w.user.userId}`)
        .set(w.other.auth)
        .expect(200);
      expect(theirs.body.length).toBeGreaterThan(0);
      for (const id of ids) expect(json(theirs)).not.toContain(id);
      expect(json(theirs)).not.toContain(w.user.userId);
    },
  },
  'GET /users/dashboard': {
    scope: 'self',
    async check() {
      const theirs = await h.http
        .get(`/api/users/dashboard?userId=${w.user.userId}`)
        .set(w.other.auth)
        .expect(200);
      expect(theirs.body.email).toBe(w.other.email);
      expect(json(theirs)).not.toContain(w.user.email);
    },
  },
  'PUT /users/profile': {
    scope: 'self',
    async check() {
      const before = await h.http.get('/api/users/dashboard').set(w.user.auth).expect(200);
      const res = await h.http
        .put('/api/users/profile')
        .set(w.other.auth)
        .send({ userId: w.user.userId, firstName: 'Mallory' })
        .expect(200);
      expect(res.body.profile.email).toBe(w.other.email);
      expect(res.body.profile.firstName).toBe('Mallory');
      const after = await h.http.get('/api/users/dashboard').set(w.user.auth).expect(200);
      expect(after.body).toEqual(before.body);
    },
  },
  'POST /users/withdraw': {
    scope: 'self',
    async check() {
      const before = await h.http.get('/api/users/dashboard').set(w.user.auth).expect(200);
      const res = await h.http
        .post('/api/users/withdraw')
        .set(w.other.auth)
        .send({ amount: 2000, type: 'withdrawal', userId: w.user.userId });
      // Bola has no money and no bank details: refused, and nothing moves on Ada's side.
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const after = await h.http.get('/api/users/dashboard').set(w.user.auth).expect(200);
      expect(after.body.accountBalance).toBe(before.body.accountBalance);
      expect(after.body.heldBalance).toBe(before.body.heldBalance);
      const list = await h.http.get('/api/users/withdrawals').set(w.user.auth).expect(200);
      expect(list.body).toHaveLength(1);
    },
  },
  'GET /tasks': {
    scope: 'self',
    async check() {
      const submitted = async (token: string, campaignId: string) => {
        const res = await h.http.get('/api/tasks').set(bearer(token)).expect(200);
        return (res.body as { _id: string; submitted: boolean }[]).find((t) => t._id === campaignId)
          ?.submitted;
      };
      // Only Bola submitted to the second campaign; only Ada to the first.
      expect(await submitted(w.other.token, w.otherCampaignId)).toBe(true);
      expect(await submitted(w.user.token, w.otherCampaignId)).toBe(false);
    },
  },
  'POST /tasks/submit': {
    scope: 'self',
    async check() {
      const res = await h.http
        .post('/api/tasks/submit')
        .set(w.other.auth)
        .field('taskId', w.campaignId)
        .field('userId', w.user.userId)
        .attach('proofImage', await pngBytes(), { filename: 'p.png', contentType: 'image/png' });
      expect(res.status).toBe(201);
      const { rows } = await h.db.pool.query<{ user_id: string; proof_image: string }>(
        'SELECT user_id, proof_image FROM submissions WHERE campaign_id = $1 ORDER BY user_id',
        [w.campaignId],
      );
      // Ada's submission is untouched; Bola's is her own.
      expect(rows.find((r) => r.user_id === w.user.userId)?.proof_image).toBe(w.userProofKey);
      expect(rows.find((r) => r.user_id === w.other.userId)?.proof_image).not.toBe(w.userProofKey);
    },
  },
  'PUT /users/pin': {
    scope: 'self',
    async check() {
      // Another user's id in the body changes nothing: the PIN set is the caller's own.
      await h.http
        .put('/api/users/pin')
        .set(w.other.auth)
        .send({ currentPassword: w.other.password, pin: '4826', userId: w.user.userId })
        .expect(200);
      const user = await h.http.get('/api/users/dashboard').set(w.user.auth).expect(200);
      expect(user.body.hasPin).toBe(false);
      const other = await h.http.get('/api/users/dashboard').set(w.other.auth).expect(200);
      expect(other.body.hasPin).toBe(true);
    },
  },
  'PUT /users/change-password': {
    scope: 'self',
    async check() {
      const newPassword = `${w.other.password}-changed`;
      await h.http
        .put('/api/users/change-password')
        .set(w.other.auth)
        .send({ oldPassword: w.other.password, newPassword, userId: w.user.userId })
        .expect(200);
      await h.http
        .post('/api/auth/login')
        .send({ email: w.user.email, password: w.user.password })
        .expect(200);
      const signedIn = await h.http
        .post('/api/auth/login')
        .send({ email: w.other.email, password: newPassword })
        .expect(200);
      // Ada's password does not open Bola's action either (her new session, the old one ended).
      const wrong = await h.http
        .put('/api/users/change-password')
        .set({ Authorization: `Bearer ${signedIn.body.token}` })
        .send({ oldPassword: w.user.password, newPassword: 'whatever-123' });
      expect(wrong.status).toBe(400);
      w.other.password = newPassword;
    },
  },
  'DELETE /users/account': {
    scope: 'self',
    async check() {
      const res = await h.http
        .delete('/api/users/account')
        .set(w.other.auth)
        .send({ password: w.user.password, userId: w.user.userId });
      expect(res.status).toBe(400);
      expect(problemFailure(res)).toBeUndefined();
      await h.http.get('/api/users/dashboard').set(w.user.auth).expect(200);
      await h.http
        .post('/api/auth/login')
        .send({ email: w.user.email, password: w.user.password })
        .expect(200);
    },
  },
  'GET /users/events': {
    scope: 'self',
    async check() {
      // A real server: the streams stay open while money moves.
      const server = await new Promise<Server>((resolve) => {
        const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
      });
      const url = (query = '') =>
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/users/events${query}`;
      const own = await openEventStream(url(), w.user.auth);
      // Bola asks for Ada's stream by id: the token decides whose stream it is.
      const theirs = await openEventStream(url(`?userId=${w.user.userId}`), w.other.auth);
      try {
        await own.next((e) => e.event === 'ready');
        await theirs.next((e) => e.event === 'ready');
        const { lastPosition } = await h.context.commands.adjustBalance({
          userId: w.user.userId,
          adjustmentId: randomUUID(),
          balance: 'account',
          amount: nairaToKobo(10),
          reason: 'matrix check',
          by: { role: 'admin', id: h.adminId } as const,
        });
        // Who hears what is checked here, not how soon (live/events.test.ts times that): the
        // projectors may lag under a loaded CI run (once past 3 s).
        const heard = await own.next(
          (e) => e.event === 'balance' && positionOf(e) >= lastPosition,
          HEARD_WITHIN_MS,
        );
        expect(positionOf(heard)).toBeGreaterThanOrEqual(lastPosition);
        // Bola's stream is in position order: once a later change of her own has arrived, anything
        // of Ada's sent to her would already be there.
        const bolas = await h.context.commands.adjustBalance({
          userId: w.other.userId,
          adjustmentId: randomUUID(),
          balance: 'account',
          amount: nairaToKobo(10),
          reason: 'matrix check',
          by: { role: 'admin', id: h.adminId } as const,
        });
        const hers = await theirs.next(
          (e) => e.event === 'balance' && positionOf(e) >= bolas.lastPosition,
          HEARD_WITHIN_MS,
        );
        expect(theirs.events.filter((e) => e.event === 'balance')).toEqual([hers]);
      } finally {
        own.close();
        theirs.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  },
  'GET /community': {
    scope: 'shared',
    async check() {
      const a = await h.http.get('/api/community').set(w.user.auth).expect(200);
      const b = await h.http.get('/api/community').set(w.other.auth).expect(200);
      expect(b.body).toEqual(a.body);
    },
  },
  'GET /banks': {
    scope: 'shared',
    async check() {
      const a = await h.http.get('/api/banks').set(w.user.auth).expect(200);
      const b = await h.http.get('/api/banks').set(w.other.auth).expect(200);
      expect(b.body).toEqual(a.body);
    },
  },
  'GET /banks/resolve': {
    // The same answer for the same bank and number, whoever asks; nothing of a user's is read.
    scope: 'shared',
    async check() {
      const query = { bankCode: '044', accountNumber: '0123456784' };
      const a = await h.http.get('/api/banks/resolve').query(query).set(w.user.auth).expect(200);
      const b = await h.http.get('/api/banks/resolve').query(query).set(w.other.auth).expect(200);
      expect(b.body).toEqual(a.body);
    },
  },
  'GET /users/notifications': {
    scope: 'self',
    async check() {
      const id = await adasNotification();
      const own = await h.http.get('/api/users/notifications').set(w.user.auth).expect(200);
      expect(json(own)).toContain(id);
      const theirs = await h.http
        .get(`/api/users/notifications?userId=${w.user.userId}`)
        .set(w.other.auth)
        .expect(200);
      expect(json(theirs)).not.toContain(id);
      expect(json(theirs)).not.toContain(w.user.userId);
    },
  },
  'POST /users/notifications/read': {
    scope: 'self',
    async check() {
      const id = await adasNotification();
      const unread = async () =>
        (await h.http.get('/api/users/notifications').set(w.user.auth).expect(200)).body.unreadCount;
      const before = await unread();
      expect(before).toBeGreaterThan(0);
      // Bola names Ada's notification, then asks for all of Ada's: Ada's stay unread.
      await h.http
        .post('/api/users/notifications/read')
        .set(w.other.auth)
        .send({ ids: [id] })
        .expect(200);
      await h.http
        .post('/api/users/notifications/read')
        .set(w.other.auth)
        .send({ userId: w.user.userId })
        .expect(200);
      expect(await unread()).toBe(before);
    },
  },
  'GET /users/push/key': {
    scope: 'shared',
    async check() {
      const a = await h.http.get('/api/users/push/key').set(w.user.auth).expect(200);
      const b = await h.http.get('/api/users/push/key').set(w.other.auth).expect(200);
      expect(b.body).toEqual(a.body);
    },
  },
  'POST /users/push/subscriptions': {
    scope: 'self',
    async check() {
      // A userId in the body changes nothing: the subscription is the caller's own.
      const endpoint = `https://push.example.test/send/${randomUUID()}`;
      await h.http
        .post('/api/users/push/subscriptions')
        .set(w.other.auth)
        .send({ ...pushSubscription(endpoint), userId: w.user.userId })
        .expect(201);
      expect(await pushOwner(endpoint)).toEqual([{ user_id: w.other.userId }]);
    },
  },
  'DELETE /users/push/subscriptions': {
    scope: 'self',
    async check() {
      const endpoint = `https://push.example.test/send/${randomUUID()}`;
      await h.http
        .post('/api/users/push/subscriptions')
        .set(w.user.auth)
        .send(pushSubscription(endpoint))
        .expect(201);
      await h.http
        .delete('/api/users/push/subscriptions')
        .set(w.other.auth)
        .send({ endpoint, userId: w.user.userId })
        .expect(200);
      expect(await pushOwner(endpoint)).toEqual([{ user_id: w.user.userId }]);
    },
  },
};

/** A browser's subscription as PushSubscription.toJSON() gives it. */
const pushSubscription = (endpoint: string) => ({
  endpoint,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const pushOwner = async (endpoint: string) =>
  (await h.db.pool.query('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [endpoint])).rows;

let adas: Promise<string> | undefined;
/** A notification of Ada's: a withdrawal of hers, declined (once; later rows reuse it). */
function adasNotification(): Promise<string> {
  adas ??= (async () => {
    await settled(
      h,
      (
        await h.context.commands.adjustBalance({
          userId: w.user.userId,
          adjustmentId: randomUUID(),
          balance: 'account',
          amount: nairaToKobo(2500),
          reason: 'matrix notifications',
          by: { role: 'admin', id: h.adminId } as const,
        })
      ).lastPosition,
    );
    const requested = await h.http
      .post('/api/users/withdraw')
      .set(w.user.auth)
      .send({ amount: 2500, type: 'withdrawal' })
      .expect(201);
    await settled(h);
    const { lastPosition } = await h.context.commands.rejectWithdrawal({
      userId: w.user.userId,
      withdrawalId: requested.body.withdrawal.id,
      reason: 'matrix check',
      by: { role: 'admin', id: h.adminId } as const,
    });
    await settled(h, lastPosition);
    const { rows } = await h.db.pool.query<{ notification_id: string }>(
      'SELECT notification_id FROM notifications WHERE user_id = $1',
      [w.user.userId],
    );
    return rows[0]!.notification_id;
  })();
  return adas;
}

/** Routes whose records belong to users: anything a user token reaches, and public routes with an id. */
function userReachable(route: RouteDefinition): boolean {
  return route.access === 'public' ? pathParams(route.path).length > 0 : route.access.includes('user');
}

describe("another user's records", () => {
  it('has an ownership row for every route a user can reach, and no row for a route that is gone', () => {
    const reachable = routes.filter(userReachable).map(routeKey).sort();
    expect(Object.keys(ownership).sort()).toEqual(reachable);
  });

  it.each(Object.entries(ownership).map(([key, row]) => [key, row.scope, row] as const))(
    "%s (%s) keeps one user out of another user's records",
    async (_key, _scope, row) => {
      await w.renewSessions();
      await row.check();
    },
  );

  it("refuses a user on every staff route that names a user's record, and nothing changes", async () => {
    const values: Record<string, string> = {
      id: w.user.userId,
      taskId: w.campaignId,
      withdrawalId: w.userWithdrawalId,
      account: Accounts.userAccount(w.user.userId),
    };
    const staffWithIds = routes.filter((r) => !userReachable(r) && pathParams(r.path).length > 0);
    expect(staffWithIds.length).toBeGreaterThan(0);
    for (const route of staffWithIds)
      for (const token of [w.user.token, w.other.token]) {
        let req = h.http[route.method](fillPath(route.path, values, { fallback: UNKNOWN_ID })).set(
          bearer(token),
        );
        if (route.method !== 'get')
          req = req.send({ reference: 'TRF-1', reason: 'because', status: 'paused' });
        const res = await req;
        expect({ route: routeKey(route), status: res.status }).toEqual({
          route: routeKey(route),
          status: 403,
        });
      }
    const list = await h.http.get('/api/users/withdrawals').set(w.user.auth).expect(200);
    expect(list.body.find((x: { id: string }) => x.id === w.userWithdrawalId)?.status).toBe('pending');
  });
});
