/**
 * What the cross-cutting API tests share: the declared routes (read from the same feature list
 * the app registers, and checked against the app's own OpenAPI document), a cast of callers with
 * real records, and the shape every error answer must have.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { nairaToKobo } from '@kobo/ledger';
import { createApiApp, features } from '../../src/app';
import { openApiPath, PROBLEM_CONTENT_TYPE, type RouteDefinition } from '../../src/http';
import { uploadsOf } from '../../src/uploads/uploads-of';
import { settled, type Harness } from '../support/harness';

export type Caller = 'anonymous' | 'user' | 'other' | 'admin' | 'finance';
export const callers: readonly Caller[] = ['anonymous', 'user', 'other', 'admin', 'finance'];
/** The role each caller's token carries ('other' is a second, unrelated user). */
export const roleOf = { user: 'user', other: 'user', admin: 'admin', finance: 'finance' } as const;

/** A well-formed id that names no record. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/**
 * Every declared route, in declaration order. The app keeps its registry to itself, so the list is
 * built from the same `features` array createApiApp registers, then compared with the operations
 * of the app's OpenAPI document (built from the live registry): a route added any other way fails.
 */
export async function declaredRoutes(h: Harness): Promise<RouteDefinition[]> {
  const routes = features.flatMap((feature) => feature(h.context));
  const document = (await h.http.get('/api/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  const documented = Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
    .sort();
  expect(routes.map((route) => `${route.method} ${openApiPath(route.path)}`).sort()).toEqual(documented);
  return routes;
}

/** Path parameter names of an Express 5 path: ':id' and the splat '{*key}'. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)|\{\*([A-Za-z_]\w*)\}/g)].map((m) => (m[1] ?? m[2])!);
}

/**
 * A concrete URL for a declared path. Values are URL-encoded unless `raw` (to send bytes that are
 * already percent-encoded, or not encoded at all, on purpose).
 */
export function fillPath(
  path: string,
  values: Record<string, string> = {},
  options: { raw?: boolean; fallback?: string } = {},
): string {
  const encode = (value: string) => (options.raw ? value : encodeURIComponent(value));
  const filled = path.replace(
    /:([A-Za-z_]\w*)|\{\*([A-Za-z_]\w*)\}/g,
    (_m, named?: string, splat?: string) => {
      const name = (named ?? splat)!;
      const value = values[name] ?? options.fallback ?? UNKNOWN_ID;
      // A splat keeps its slashes: each segment is encoded on its own.
      return splat && !options.raw ? value.split('/').map(encode).join('/') : encode(value);
    },
  );
  return `/api${filled}`;
}

/** Every error answer: a problem document with the sentence the client shows. */
export function problemFailure(res: Response): string | undefined {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith(PROBLEM_CONTENT_TYPE))
    return `content-type ${type || '(none)'}, not ${PROBLEM_CONTENT_TYPE}`;
  const body = res.body as { message?: unknown; status?: unknown };
  if (typeof body?.message !== 'string' || body.message.length === 0) return 'no message';
  if (body.status !== res.status) return `body status ${String(body.status)} differs from ${res.status}`;
  return undefined;
}

/** A short description of an answer for failure lists. */
export function describeAnswer(res: Response): string {
  const body = res.body as { code?: unknown; message?: unknown } | undefined;
  const text = body && typeof body.message === 'string' ? `${String(body.code)}: ${body.message}` : res.text;
  return `${res.status} ${String(text ?? '').slice(0, 160)}`;
}

export function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

export interface Person {
  userId: string;
  email: string;
  password: string;
  token: string;
  auth: { Authorization: string };
}

/** Signs up through POST /api/auth/register, as a person would. */
export async function signUp(h: Harness, name: string): Promise<Person> {
  const tag = randomUUID().slice(0, 8);
  const email = `${name}.${tag}@kobo.test`;
  const password = `${name}-password-${tag}`;
  const res = await h.http.post('/api/auth/register').send({
    firstName: name,
    lastName: 'Tester',
    username: `${name}_${tag}`,
    email,
    password,
    phone: '08030000000',
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${describeAnswer(res)}`);
  const userId = (res.body as { id: string }).id;
  const token = await h.context.auth.sessions.open({ userId, role: 'user' });
  return { userId, email, password, token, auth: { Authorization: `Bearer ${token}` } };
}

/**
 * Two users with records of their own, made through the API where one exists: 'user' (Ada) has
 * money, a withdrawal and a proof screenshot; 'other' (Bola) has a proof of her own.
 */
export interface World {
  user: Person;
  other: Person;
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
  /** A campaign with a guide image; Ada submitted to it. */
  campaignId: string;
  /** A second campaign; Bola submitted to it. */
  otherCampaignId: string;
  campaignImageKey: string;
  userWithdrawalId: string;
  userProofKey: string;
  otherProofKey: string;
  /** A fresh app on the same context, its rate limiters from zero (the shared counters cleared). */
  freshApp(): Promise<ReturnType<typeof request>>;
  /**
   * New sessions for every caller (and the harness's staff tokens): a route the matrix sends
   * (change-password) ends every session of the account that calls it.
   */
  renewSessions(): Promise<void>;
}

export async function buildWorld(h: Harness): Promise<World> {
  const user = await signUp(h, 'ada');
  const other = await signUp(h, 'bola');
  const commands = h.context.commands;
  const admin = { Authorization: `Bearer ${h.adminToken}` };

  await commands.updateBankDetails({
    userId: user.userId,
    bankCode: '50211',
    accountNum: '0123456789',
    accountName: 'Ada Tester',
  });
  let { lastPosition } = await commands.adjustBalance({
    userId: user.userId,
    adjustmentId: randomUUID(),
    balance: 'account',
    amount: nairaToKobo(5000),
    reason: 'test funding',
    by: { role: 'admin', id: h.adminId } as const,
  });
  await settled(h, lastPosition);
  const withdrawal = await h.http
    .post('/api/users/withdraw')
    .set(user.auth)
    .send({ amount: 2500, type: 'withdrawal' });
  if (withdrawal.status !== 201) throw new Error(`withdrawal failed: ${describeAnswer(withdrawal)}`);
  const userWithdrawalId = (withdrawal.body as { withdrawal: { _id?: string; id?: string } }).withdrawal;

  const image = await h.http
    .post('/api/admin/uploads/campaign-image')
    .set(admin)
    .attach('taskImage', await pngBytes(), { filename: 'guide.png', contentType: 'image/png' });
  if (image.status !== 201) throw new Error(`campaign image upload failed: ${describeAnswer(image)}`);
  const campaignImageKey = (image.body as { key: string }).key;

  const campaignId = randomUUID();
  const otherCampaignId = randomUUID();
  for (const [id, withImage] of [
    [campaignId, true],
    [otherCampaignId, false],
  ] as const)
    ({ lastPosition } = await commands.createCampaign({
      campaignId: id,
      title: 'Like the Jollof Kitchen page',
      platform: 'facebook',
      variation: 'Like Page',
      instructions: 'Like the page, then upload a screenshot.',
      url: 'https://example.com/jollof',
      price: nairaToKobo(25),
      units: 50,
      estimatedMinutes: 5,
      image: withImage ? campaignImageKey : null,
      by: { role: 'admin', id: h.adminId } as const,
    }));
  await settled(h, lastPosition);

  const submit = async (person: Person, taskId: string) => {
    const res = await h.http
      .post('/api/tasks/submit')
      .set(person.auth)
      .field('taskId', taskId)
      .attach('proofImage', await pngBytes(), { filename: 'proof.png', contentType: 'image/png' });
    if (res.status !== 201) throw new Error(`submission failed: ${describeAnswer(res)}`);
    // Answered from the ledger's events: the read model follows (the world's later reads need it).
    await settled(h);
    const { rows } = await h.db.pool.query<{ proof_image: string }>(
      'SELECT proof_image FROM submissions WHERE campaign_id = $1 AND user_id = $2',
      [taskId, person.userId],
    );
    if (!rows[0]?.proof_image) throw new Error('the submission has no proof image');
    return rows[0].proof_image;
  };
  const userProofKey = await submit(user, campaignId);
  const otherProofKey = await submit(other, otherCampaignId);

  const tokens = { user: user.token, other: other.token, admin: h.adminToken, finance: h.financeToken };
  const renew = async (person: Person, role: 'user') => {
    person.token = await h.context.auth.sessions.open({ userId: person.userId, role });
    person.auth = { Authorization: `Bearer ${person.token}` };
    return person.token;
  };
  return {
    user,
    other,
    tokens,
    async renewSessions() {
      tokens.user = await renew(user, 'user');
      tokens.other = await renew(other, 'user');
      tokens.admin = h.adminToken = await h.context.auth.sessions.open({ userId: h.adminId, role: 'admin' });
      tokens.finance = h.financeToken = await h.context.auth.sessions.open({
        userId: h.financeId,
        role: 'finance',
      });
    },
    campaignId,
    otherCampaignId,
    campaignImageKey,
    userWithdrawalId: withdrawalIdOf(userWithdrawalId),
    userProofKey,
    otherProofKey,
    freshApp: async () => {
      await h.db.pool.query('DELETE FROM rate_limit_hits');
      return request(createApiApp(h.context, { webOrigin: 'http://localhost:5173' }));
    },
  };
}

function withdrawalIdOf(withdrawal: { _id?: string; id?: string; withdrawalId?: string }): string {
  const id = withdrawal.withdrawalId ?? withdrawal._id ?? withdrawal.id;
  if (!id) throw new Error(`the withdrawal answer has no id: ${JSON.stringify(withdrawal)}`);
  return id;
}

/** A signed link to an image, as GET /api/uploads/link would give it: path and query apart. */
export function signedLink(h: Harness, key: string, thumb = false): { path: string; query: string } {
  const { url } = uploadsOf(h.context).links.sign({ key, thumb });
  const parsed = new URL(url, 'http://api.test');
  return { path: parsed.pathname, query: parsed.search.slice(1) };
}
