/**
 * Malformed input against every declared route with a body, a query, path parameters or a file:
 * wrong types, missing fields, huge and hostile strings, bad JSON, wrong content types, arrays for
 * objects, odd amounts, ids that are not ids, and fake or oversized images. Each request carries a
 * valid token of a role the route allows, so it reaches validation.
 *
 * Every answer must be below 500, and every refusal a problem document with a message. Where the
 * route's own zod schema rejects what was sent, the answer must be that 400 (the schema is the
 * oracle, so no expected status is hand-kept per route); where a step before validation owns the
 * case (the JSON parser, the content-type check, the upload limits), its exact status is expected.
 */
import { randomUUID } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import sharp from 'sharp';
import type { Response, Test } from 'supertest';
import type { z } from 'zod';
import { toJSONSchema } from 'zod';
import { NEXT_CURSOR_HEADER, type RouteDefinition } from '../../src/http';
import { startHarness, type Harness } from '../support/harness';
import {
  buildWorld,
  declaredRoutes,
  describeAnswer,
  fillPath,
  pathParams,
  pngBytes,
  problemFailure,
  routeKey,
  signUp,
  type Person,
  type World,
} from './support';

let h: Harness;
let w: World;
let routes: RouteDefinition[];
/** A user of their own, so what passes validation here changes nobody the other tests read. */
let musa: Person;
let client: Awaited<ReturnType<World['freshApp']>>;
let freshApps = 0;
/** Thousands of requests, some running commands: generous on a busy 2-core machine. */
const SLOW = 300_000;

beforeAll(async () => {
  h = await startHarness();
  routes = await declaredRoutes(h);
  w = await buildWorld(h);
  musa = await signUp(h, 'musa');
  client = h.http;
});
afterAll(() => h.close());

// ---- the request sent, and what the route's schemas make of it -------------------------------

interface Parts {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, string>;
}

interface Probe {
  name: string;
  /** The URL path (with any query string), as sent. */
  url: string;
  /** A JSON value sent as application/json. */
  json?: unknown;
  /** Bytes sent as they are, with this content type (and optional extra headers). */
  raw?: { body: string | Buffer; contentType: string; headers?: Record<string, string> };
  /** Builds a multipart request. */
  multipart?: (req: Test) => Test;
  /** What validation will see when the request gets that far. */
  parts: Parts;
  /**
   * 'schema': 400 (validation) when the route's schemas reject `parts`, else anything below 500.
   * A number or list: that status exactly. '4xx': any refusal. 'any': only the rules every answer
   * keeps (below 500; a refusal is a problem document).
   */
  expect: 'schema' | '4xx' | 'any' | number | number[];
  /** A refusal must name this field in its `errors`. */
  field?: string;
}

function tokenFor(route: RouteDefinition): string | undefined {
  if (route.access === 'public') return undefined;
  if (route.access.includes('user')) return musa.token;
  return route.access[0] === 'admin' ? h.adminToken : h.financeToken;
}

async function send(route: RouteDefinition, probe: Probe): Promise<Response> {
  const once = async (http: typeof client) => {
    let req = http[route.method](probe.url);
    const token = tokenFor(route);
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    if (probe.multipart) return probe.multipart(req);
    if (probe.raw) {
      for (const [name, value] of Object.entries(probe.raw.headers ?? {})) req = req.set(name, value);
      return req.set('Content-Type', probe.raw.contentType).send(probe.raw.body);
    }
    if (probe.json !== undefined)
      return req.set('Content-Type', 'application/json').send(JSON.stringify(probe.json));
    return req;
  };
  const res = await once(client);
  if (res.status !== 429) return res;
  // A rate limiter (sign-in, sign-up, contact) ran out: the case is for validation, so ask a
  // fresh app (its limiters start from zero) on the same database.
  client = await w.freshApp();
  freshApps++;
  return once(client);
}

function schemasAccept(route: RouteDefinition, parts: Parts): boolean {
  const check = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;
  return (
    check(route.params, parts.params ?? {}) &&
    check(route.query, parts.query ?? {}) &&
    check(route.body, parts.body ?? {})
  );
}

/** Why the answer is wrong, or undefined. */
function verdict(route: RouteDefinition, probe: Probe, res: Response): string | undefined {
  if (res.status >= 500) return 'server error';
  if (res.status >= 400) {
    const problem = problemFailure(res);
    if (problem) return problem;
    const errors = (res.body as { errors?: Record<string, unknown> }).errors;
    if (probe.field && !(typeof errors?.[probe.field] === 'string' && errors[probe.field] !== ''))
      return `expected a message for the field ${probe.field}`;
  }
  const expected = probe.expect;
  if (expected === 'any') return undefined;
  if (expected === '4xx') return res.status >= 400 ? undefined : 'expected a refusal (4xx)';
  if (typeof expected === 'number' || Array.isArray(expected)) {
    const allowed = ([] as number[]).concat(expected);
    return allowed.includes(res.status) ? undefined : `expected ${allowed.join(' or ')}`;
  }
  if (!schemasAccept(route, probe.parts))
    return res.status === 400 && (res.body as { code?: string }).code === 'validation'
      ? undefined
      : "expected 400 validation: the route's schema rejects this";
  return undefined;
}

// ---- sample values from the schemas ------------------------------------------------------------

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  return ([] as string[]).concat(schema.type ?? []);
}

/** A plausible value for a field, by its name and type, so one broken field is the only fault. */
function sampleValue(name: string, schema: JsonSchema, all = false): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    if (all && schema.anyOf.some((s) => s.type === 'null')) return null;
    return sampleValue(name, schema.anyOf.find((s) => s.type !== 'null') ?? {}, all);
  }
  const types = typesOf(schema);
  if (types.includes('object')) return sampleObject(schema, all);
  if (types.includes('number') || types.includes('integer'))
    return /amount|price|balance/i.test(name) ? 2500 : 5;
  if (types.includes('boolean')) return true;
  if (/email/i.test(name)) return `musa.${randomUUID().slice(0, 6)}@kobo.test`;
  if (/password/i.test(name)) return 'a-long-enough-password';
  if (/username/i.test(name)) return `musa_${randomUUID().slice(0, 6)}`;
  if (/phone/i.test(name)) return '08030000000';
  if (/platform/i.test(name)) return 'facebook';
  if (/variation/i.test(name)) return 'Like Page';
  if (/bankName/i.test(name)) return 'Kuda Bank';
  if (/accountNum/i.test(name)) return '0123456789';
  if (/url|link|channel|page|account$/i.test(name)) return 'https://example.com/kobo';
  if (/id$/i.test(name)) return randomUUID();
  return 'Sample text';
}

/** The required fields, or with `all` every field (nullable ones as null). */
function sampleObject(schema: JsonSchema, all = false): Record<string, unknown> {
  const names = all ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
  return Object.fromEntries(
    names.map((name) => [name, sampleValue(name, schema.properties?.[name] ?? {}, all)]),
  );
}

/** Field paths of an object schema, nested objects included ('bankDetails.accountNum'). */
function fieldsOf(schema: JsonSchema, prefix = ''): { path: string; schema: JsonSchema }[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, inner]) => [
    { path: `${prefix}${name}`, schema: inner },
    ...(typesOf(inner).includes('object') ? fieldsOf(inner, `${prefix}${name}.`) : []),
  ]);
}

function withField(base: Record<string, unknown>, path: string, value: unknown, schema: JsonSchema) {
  const copy = structuredClone(base);
  const names = path.split('.');
  let target: Record<string, unknown> = copy;
  let at = schema;
  for (const name of names.slice(0, -1)) {
    at = at.properties?.[name] ?? {};
    if (typeof target[name] !== 'object' || target[name] === null) target[name] = sampleObject(at);
    target = target[name] as Record<string, unknown>;
  }
  target[names[names.length - 1]!] = value;
  return copy;
}

const isNumeric = (schema: JsonSchema) => typesOf(schema).some((t) => t === 'number' || t === 'integer');

const MB = 1024 * 1024;
const NUL = '\u0000';
const hostileStrings: [string, unknown][] = [
  ['a number', 12345],
  ['true', true],
  ['null', null],
  ['an operator object', { $gt: '' }],
  ['an array', ['x', 'y']],
  ['an empty string', ''],
  ['blanks', '   \t\n'],
  ['a NUL byte', `a${NUL}b`],
  ['a lone surrogate', 'a\ud800b'],
  ['90 KB of text', 'x'.repeat(90_000)],
  ['SQL', "'; DROP TABLE users; --"],
  ['markup', '<script>alert(1)</script>'],
  ['emoji and accents', 'Adébáyọ̀ 💸 ₦'],
  ['deeply nested junk', nest(500)],
];
const oddAmounts: [string, unknown][] = [
  ['-1', -1],
  ['-0.01', -0.01],
  ['0', 0],
  ['0.001', 0.001],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['1e21', 1e21],
  ['2^53 + 2', 2 ** 53 + 2],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"-Infinity"', '-Infinity'],
  ['"1e3"', '1e3'],
  ['"0x10"', '0x10'],
  ['"12,000"', '12,000'],
  ['Arabic-Indic digits', '١٢'],
  ['"-5"', '-5'],
];

function nest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

// ---- the probes of one route ----------------------------------------------------------------------

function defaultParams(route: RouteDefinition): Record<string, string> {
  return Object.fromEntries(pathParams(route.path).map((name) => [name, randomUUID()]));
}

function baseQuery(route: RouteDefinition): Record<string, string> {
  if (!route.query) return {};
  const sample = sampleObject(jsonSchemaOf(route.query));
  return Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, String(v)]));
}

const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

function urlOf(route: RouteDefinition, params: Record<string, string>, rawQuery: string, rawParams = false) {
  return `${fillPath(route.path, params, { raw: rawParams })}${rawQuery ? `?${rawQuery}` : ''}`;
}

function bodyProbes(route: RouteDefinition): Probe[] {
  if (!route.body) return [];
  const params = defaultParams(route);
  const query = baseQuery(route);
  const url = urlOf(route, params, qs(query));
  const schema = jsonSchemaOf(route.body);
  // Fresh per request: a sign-up that succeeded must not make the next one a duplicate (409).
  const fresh = () => sampleObject(schema);
  const base = fresh();
  const parts = (body: unknown): Parts => ({ body, query, params });
  const json = (name: string, body: unknown): Probe => ({
    name,
    url,
    json: body,
    parts: parts(body),
    expect: 'schema',
  });
  const raw = (
    name: string,
    body: string | Buffer,
    contentType: string,
    expect: Probe['expect'],
    headers?: Record<string, string>,
  ): Probe => ({
    name,
    url,
    raw: { body, contentType, headers },
    parts: parts(undefined),
    expect,
  });
  const firstString = fieldsOf(schema).find((f) => typesOf(f.schema).includes('string'))?.path ?? 'junk';

  const probes: Probe[] = [
    json('base sample', base),
    json('empty object', {}),
    json('an array', []),
    json('an array of the body', [base]),
    json(
      'unknown and prototype keys',
      JSON.parse(
        `{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}},"role":"admin","userId":"${randomUUID()}"}`,
      ),
    ),
    json('deeply nested junk beside the fields', { ...base, junk: nest(3000) }),
    {
      ...json('a 1 MB field', withField(base, firstString, 'x'.repeat(MB), schema)),
      expect: 413,
    },
    raw('bad JSON "{"', '{', 'application/json', 400),
    raw('bad JSON with NaN', '{"amount": NaN, "x": Infinity}', 'application/json', 400),
    raw('a JSON string', '"text"', 'application/json', 400),
    raw('a JSON number', '42', 'application/json', 400),
    raw('JSON null', 'null', 'application/json', 400),
    raw('text/plain', JSON.stringify(base), 'text/plain', 415),
    raw('form-urlencoded', 'a=b&c=d', 'application/x-www-form-urlencoded', 415),
    raw('no content type', JSON.stringify(base), '', 415),
    raw('an unsupported charset', JSON.stringify(base), 'application/json; charset=latin1', 415),
    raw('an unknown content encoding', JSON.stringify(base), 'application/json', 415, {
      'Content-Encoding': 'compress',
    }),
    raw('gzip that is not gzip', 'not gzip at all', 'application/json', [400, 415], {
      'Content-Encoding': 'gzip',
    }),
  ];
  // Optional fields are often checked only once the required ones pass: break each field of a
  // complete body too.
  const full = () => sampleObject(schema, true);
  const hasOptional = Object.keys(full()).length > Object.keys(base).length;
  if (hasOptional) probes.push(json('every field sampled', full()));
  for (const field of fieldsOf(schema)) {
    for (const [what, value] of hostileStrings) {
      probes.push(json(`${field.path} = ${what}`, withField(fresh(), field.path, value, schema)));
      if (hasOptional)
        probes.push(
          json(`${field.path} = ${what}, every field given`, withField(full(), field.path, value, schema)),
        );
    }
    probes.push(json(`${field.path} missing`, withField(fresh(), field.path, undefined, schema)));
    if (isNumeric(field.schema) || /amount|price|balance|units|time|fee/i.test(field.path))
      for (const [what, value] of oddAmounts)
        probes.push(json(`${field.path} = ${what}`, withField(fresh(), field.path, value, schema)));
  }
  return probes;
}

function queryProbes(route: RouteDefinition): Probe[] {
  if (!route.query) return [];
  const params = defaultParams(route);
  const base = baseQuery(route);
  const probe = (name: string, rawQuery: string): Probe => ({
    name,
    url: urlOf(route, params, rawQuery),
    // Express 5's default ('simple') query parser is node:querystring.
    parts: { query: parseQueryString(rawQuery) as Record<string, unknown>, params, body: undefined },
    expect: 'schema',
  });
  const probes = [probe('base sample', qs(base)), probe('unknown fields', `${qs(base)}&zzz=1&__proto__=x`)];
  for (const field of Object.keys(jsonSchemaOf(route.query).properties ?? {})) {
    const rest = Object.fromEntries(Object.entries(base).filter(([k]) => k !== field));
    const with_ = (value: string) => [qs(rest), `${field}=${value}`].filter(Boolean).join('&');
    for (const [what, value] of [
      ['text', 'abc'],
      ['-1', '-1'],
      ['0', '0'],
      ['NaN', 'NaN'],
      ['Infinity', 'Infinity'],
      ['1e308', '1e308'],
      ['2.5', '2.5'],
      ['empty', ''],
      ['a NUL byte', 'a%00b'],
      ['broken percent-encoding', '%E0%A4%A'],
      ['8 KB', 'x'.repeat(8 * 1024)],
      ['SQL', encodeURIComponent("' OR 1=1 --")],
      ['emoji', encodeURIComponent('💸')],
      ['a date far away', '275760-09-13T00:00:00.001Z'],
      // Dates JavaScript parses but PostgreSQL cannot store.
      ['the earliest date JavaScript knows', '-271821-04-20'],
      ['year 0', '0000-12-31'],
      ['year 10000', encodeURIComponent('+010000-01-01T00:00:00Z')],
    ] as const)
      probes.push(probe(`${field} = ${what}`, with_(value)));
    probes.push(probe(`${field} given twice`, `${with_('a')}&${field}=b`));
    probes.push(probe(`${field}[$gt] nested`, [qs(rest), `${field}[$gt]=1`].filter(Boolean).join('&')));
  }
  return probes;
}

/** Cursors of the right shape (a list of texts) whose values do not fit the list's sort keys. */
const craftedCursorValues: [string, string][] = [
  ['text', 'x'],
  ['a huge number', '9'.repeat(40)],
  ['an exponent', '1e400'],
  ['NaN', 'NaN'],
  ['an impossible time', '2026-13-45 25:61:00+00'],
  ['February 30th', '2026-02-30 10:00:00+00'],
  ['the earliest date JavaScript knows', '-271821-04-20'],
  ['a time past PostgreSQL', '294277-01-01 00:00:00+00'],
  ['a NUL byte', `a${NUL}b`],
  ['an empty string', ''],
];

/** Every paged list (it answers X-Next-Cursor): crafted cursors with 1 to 4 keys. */
function cursorProbes(route: RouteDefinition): Probe[] {
  const ok = route.responses[200];
  if (!route.query || !ok || !('headers' in ok) || !ok.headers?.[NEXT_CURSOR_HEADER]) return [];
  const params = defaultParams(route);
  // A campaign that exists, so its submissions are listed rather than not found.
  if ('taskId' in params) params.taskId = w.campaignId;
  const base = baseQuery(route);
  const probes: Probe[] = [];
  const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
  for (let keys = 1; keys <= 4; keys++) {
    const crafted: [string, string[]][] = [
      ['"x", "y", ...', Array.from({ length: keys }, (_, i) => String.fromCharCode(120 + i))],
      ...craftedCursorValues.map(([what, value]): [string, string[]] => [
        what,
        Array.from({ length: keys }, () => value),
      ]),
    ];
    for (const [what, values] of crafted) {
      const query = { ...base, after: cursor(values) };
      probes.push({
        name: `after = a cursor of ${keys} key(s): ${what}`,
        url: urlOf(route, params, qs(query)),
        parts: { query, params },
        expect: 400,
        field: 'after',
      });
    }
  }
  return probes;
}

function paramProbes(route: RouteDefinition): Probe[] {
  const names = pathParams(route.path);
  if (names.length === 0) return [];
  const query = baseQuery(route);
  const body = route.body ? sampleObject(jsonSchemaOf(route.body)) : undefined;
  const probes: Probe[] = [];
  for (const name of names)
    for (const [what, rawValue] of [
      ['not a uuid', 'not-a-uuid'],
      ['1', '1'],
      ['-1', '-1'],
      ['SQL', encodeURIComponent("' OR '1'='1")],
      ['a NUL byte', 'a%00b'],
      ['only a NUL byte', '%00'],
      ['broken percent-encoding', '%E0%A4%A'],
      ['an encoded path escape', '..%2F..%2Fetc%2Fpasswd'],
      ['a blank', '%20'],
      ['300 characters', 'x'.repeat(300)],
      ['8 KB', 'x'.repeat(8 * 1024)],
      ['emoji', encodeURIComponent('💸')],
    ] as const) {
      const params = { ...defaultParams(route), [name]: rawValue };
      let decoded: Record<string, string> | undefined;
      try {
        decoded = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodeURIComponent(v)]));
      } catch {
        decoded = undefined;
      }
      probes.push({
        name: `:${name} = ${what}`,
        url: urlOf(route, params, qs(query), true),
        json: route.method === 'get' ? undefined : (body ?? {}),
        parts: { params: decoded, query, body },
        // A parameter the router cannot decode is refused before validation.
        expect: decoded ? 'schema' : 400,
      });
    }
  return probes;
}

// ---- multipart -------------------------------------------------------------------------------------

/** The file field of each multipart route, found by asking: a file in an unexpected field is named back. */
async function discoverMultipart(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const route of routes.filter((r) => r.method !== 'get')) {
    const res = await send(route, {
      name: 'discovery',
      url: urlOf(route, defaultParams(route), qs(baseQuery(route))),
      multipart: (req) => req.attach('unexpectedField', Buffer.from('x'), 'x.png'),
      parts: {},
      expect: '4xx',
    });
    const field = /^Send the image in the field (\w+)$/.exec(
      String((res.body as { message?: string }).message),
    )?.[1];
    if (field) found.set(routeKey(route), field);
  }
  return found;
}

async function multipartProbes(route: RouteDefinition, field: string): Promise<Probe[]> {
  const url = urlOf(route, defaultParams(route), qs(baseQuery(route)));
  const png = await pngBytes();
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .gif()
    .toBuffer();
  const taskId = w.campaignId;
  const probe = (name: string, expect: Probe['expect'], build: (req: Test) => Test, id = taskId): Probe => ({
    name,
    url,
    multipart: (req) => build(req.field('taskId', id)),
    parts: {},
    expect,
  });
  const file = (bytes: Buffer, filename: string, contentType: string) => (req: Test) =>
    req.attach(field, bytes, { filename, contentType });
  // Above every upload limit (10 MB for proofs, 5 MB for campaign images), PNG magic first.
  const oversized = Buffer.concat([png.subarray(0, 16), Buffer.alloc(11 * MB, 7)]);
  const boundary = '----kobo-matrix';
  return [
    probe('an 11 MB file', 413, file(oversized, 'big.png', 'image/png')),
    probe('text named .png', 400, file(Buffer.from('just some text pretending'), 'fake.png', 'image/png')),
    probe(
      'PNG magic then junk',
      400,
      file(Buffer.concat([png.subarray(0, 8), Buffer.alloc(4096, 1)]), 'junk.png', 'image/png'),
    ),
    probe('a GIF', 400, file(gif, 'anim.gif', 'image/gif')),
    probe(
      'an SVG with script',
      400,
      file(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ),
    ),
    probe('an empty file', 400, file(Buffer.alloc(0), 'empty.png', 'image/png')),
    probe('two files', 400, (req) =>
      file(
        png,
        'a.png',
        'image/png',
      )(req).attach(field, png, { filename: 'b.png', contentType: 'image/png' }),
    ),
    probe('a 20 KB text field', 413, (req) =>
      file(png, 'a.png', 'image/png')(req.field('note', 'x'.repeat(20 * 1024))),
    ),
    probe('30 text fields', 413, (req) => {
      let r = req;
      for (let i = 0; i < 30; i++) r = r.field(`f${i}`, 'x');
      return r;
    }),
    // A good image with a hostile id: the image routes differ in what they do with the id.
    probe('a NUL byte in the task id', 'any', file(png, 'ok.png', 'image/png'), `a${NUL}b`),
    probe('an unknown task id', 'any', file(png, 'ok.png', 'image/png'), randomUUID()),
    {
      name: 'a truncated multipart body',
      url,
      raw: {
        body: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${png.subarray(0, 100).toString('latin1')}`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      parts: {},
      expect: '4xx',
    },
    {
      name: 'multipart without a boundary',
      url,
      raw: { body: 'whatever', contentType: 'multipart/form-data' },
      parts: {},
      expect: '4xx',
    },
    {
      name: 'no parts at all',
      url,
      raw: { body: `--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` },
      parts: {},
      expect: '4xx',
    },
  ];
}

// ---- the tests -----------------------------------------------------------------------------------

/** Sends each probe; answers the failures. */
async function run(pairs: [RouteDefinition, Probe][]): Promise<string[]> {
  const failures: string[] = [];
  for (const [route, probe] of pairs) {
    const id = `${routeKey(route)} [${probe.name}]`;
    const res = await send(route, probe);
    const wrong = verdict(route, probe, res);
    if (wrong) failures.push(`${id}: ${wrong} (got ${describeAnswer(res)})`);
  }
  return failures;
}

async function expectClean(pairs: [RouteDefinition, Probe][]) {
  expect(await run(pairs)).toEqual([]);
}

const tally: Record<string, { routes: number; requests: number }> = {};
function count(kind: string, pairs: [RouteDefinition, Probe][]) {
  tally[kind] = { routes: new Set(pairs.map(([r]) => r)).size, requests: pairs.length };
}

describe('malformed input on every route', () => {
  afterAll(() => {
    const parts = Object.entries(tally).map(([k, v]) => `${k}: ${v.requests} requests on ${v.routes} routes`);
    console.log(
      `Malformed-input pass over ${routes.length} routes — ${parts.join('; ')}; fresh apps for rate limits: ${freshApps}`,
    );
  });

  it(
    'answers a crafted page cursor on every paged list with a 400 naming `after`, never a 5xx',
    async () => {
      const pairs = routes.flatMap((route) =>
        cursorProbes(route).map((p) => [route, p] as [RouteDefinition, Probe]),
      );
      count('cursors', pairs);
      // The paged lists of today must be found, or the discovery is broken.
      expect(new Set(pairs.map(([route]) => routeKey(route)))).toEqual(
        new Set([
          'GET /admin/withdrawals',
          'GET /admin/users',
          'GET /admin/tasks',
          'GET /admin/tasks/:taskId/submissions',
          'GET /admin/submissions/pending',
          'GET /admin/transactions',
          'GET /finance/payouts',
          'GET /finance/adjustments',
          'GET /users/transactions',
        ]),
      );
      await expectClean(pairs);
    },
    SLOW,
  );

  // Before the bodies' probes: the lists then hold only the world's rows, not rows of hostile
  // texts (a 90 KB name makes a cursor no header carries).
  it(
    'takes back its own cursors on every paged list, for every sort and order',
    async () => {
      const failures: string[] = [];
      const paged = new Set<string>();
      for (const route of routes) {
        const [probe] = cursorProbes(route);
        if (!probe) continue;
        const url = new URL(probe.url, 'http://kobo.test');
        const sorts = jsonSchemaOf(route.query!).properties?.sort?.enum ?? [undefined];
        for (const sort of sorts)
          for (const order of ['asc', 'desc']) {
            url.search = new URLSearchParams({
              ...Object.fromEntries(url.searchParams),
              ...(sort ? { sort: String(sort), order } : {}),
              pageSize: '1',
            }).toString();
            url.searchParams.delete('after');
            const first = await send(route, { ...probe, url: `${url.pathname}${url.search}` });
            const next = first.headers['x-next-cursor'] as string | undefined;
            if (!next) continue;
            url.searchParams.set('after', next);
            const second = await send(route, { ...probe, url: `${url.pathname}${url.search}` });
            paged.add(routeKey(route));
            if (second.status !== 200)
              failures.push(`${routeKey(route)} sort=${String(sort)} ${order}: ${describeAnswer(second)}`);
          }
      }
      expect(failures).toEqual([]);
      // The world holds at least two rows in these lists, so each had a second page.
      expect([...paged]).toEqual(
        expect.arrayContaining(['GET /admin/users', 'GET /admin/tasks', 'GET /admin/transactions']),
      );
    },
    SLOW,
  );

  it(
    'answers bad bodies with a 4xx problem, never a 5xx',
    async () => {
      const pairs = routes.flatMap((route) =>
        bodyProbes(route).map((p) => [route, p] as [RouteDefinition, Probe]),
      );
      count('bodies', pairs);
      expect(pairs.length).toBeGreaterThan(0);
      await expectClean(pairs);
    },
    SLOW,
  );

  it(
    'answers bad query strings with a 4xx problem, never a 5xx',
    async () => {
      const pairs = routes.flatMap((route) =>
        queryProbes(route).map((p) => [route, p] as [RouteDefinition, Probe]),
      );
      count('queries', pairs);
      expect(pairs.length).toBeGreaterThan(0);
      await expectClean(pairs);
    },
    SLOW,
  );

  it(
    'answers path parameters that are not ids with a 4xx problem, never a 5xx',
    async () => {
      const pairs = routes.flatMap((route) =>
        paramProbes(route).map((p) => [route, p] as [RouteDefinition, Probe]),
      );
      count('path params', pairs);
      expect(pairs.length).toBeGreaterThan(0);
      await expectClean(pairs);
    },
    SLOW,
  );

  it(
    'answers multipart sent to a JSON route with 415, and fake or oversized images with a 4xx problem',
    async () => {
      const multipart = await discoverMultipart();
      // The image routes of today must be found, or discovery is broken.
      expect([...multipart.keys()]).toEqual(
        expect.arrayContaining(['POST /tasks/submit', 'POST /admin/uploads/campaign-image']),
      );
      const pairs: [RouteDefinition, Probe][] = [];
      for (const route of routes) {
        const field = multipart.get(routeKey(route));
        if (field) for (const probe of await multipartProbes(route, field)) pairs.push([route, probe]);
        else if (route.body)
          pairs.push([
            route,
            {
              name: 'multipart where JSON is expected',
              url: urlOf(route, defaultParams(route), qs(baseQuery(route))),
              multipart: (req) => req.field('a', 'b').attach('file', Buffer.from('x'), 'x.png'),
              parts: {},
              expect: 415,
            },
          ]);
      }
      count('multipart', pairs);
      await expectClean(pairs);
    },
    SLOW,
  );
});
