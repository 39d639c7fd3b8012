/**
 * A validating proxy built from the API's OpenAPI document: Stoplight Prism (`prism proxy`) in
 * front of a running API. Every request and answer that passes through it is checked against the
 * document; what breaks it is recorded as a violation. For the services' contract test and the web
 * app's end-to-end tests alike.
 *
 *   import { startContractProxy } from '<repo>/services/api/test/support/contract-proxy';
 *
 *   const proxy = await startContractProxy({ upstream: 'http://127.0.0.1:3000', document: buildApiDocument() });
 *   await fetch(`${proxy.url}/api/tasks`, { headers: { Authorization: `Bearer ${token}` } });
 *   expect(await proxy.settled()).toEqual([]); // waits for the log, then the violations
 *   await proxy.stop();
 *
 * startContractProxy(options):
 *   upstream  the API's origin (its routes under /api), e.g. 'http://127.0.0.1:3000'. Required. A
 *             promise of it lets prism start while the API does; the proxy is ready once both are.
 *   errors    false (default): everything is forwarded and violations are only recorded, so a test
 *             that sends bad input on purpose still gets the API's own answer. true: prism's
 *             `--errors`: a violating request is answered 422 by prism without reaching the API,
 *             a violating answer is replaced by a 500 problem naming the violations.
 *   document  the OpenAPI document, or its promise. Required: the API's own as `npm run api-types`
 *             reads it (buildApiDocument()), or the one a running server publishes at
 *             /api/openapi.json (which spares the caller loading the whole API to build it).
 *   port      default: any free port (the front listens on port 0).
 * Returns:
 *   url         'http://127.0.0.1:<port>': use it where you would use the API's origin.
 *   violations()  what broke the document so far, one line each:
 *               'POST /api/users/withdraw: request.body Request body must have required property ...'
 *               (a request with no valid bearer token also counts: 'request Invalid security scheme used').
 *   settled()   waits until prism's log has been quiet for a moment, then answers violations().
 *   stop()      ends prism and removes its files.
 *
 * Prism reads OpenAPI 3.1. Two things are adapted for it here, not in the document: the server
 * (prism ignores a relative server URL, so the /api prefix moves into the paths) and splat
 * parameters (x-splat: an image key spans several segments; prism matches one segment per
 * parameter, so such a path is listed once per depth, up to 4 segments).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { onFreePort } from '@kobo/platform/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ContractProxyOptions {
  upstream: string | Promise<string>;
  errors?: boolean;
  document: Record<string, unknown> | Promise<Record<string, unknown>>;
  port?: number;
}

export interface ContractProxy {
  url: string;
  violations(): string[];
  settled(): Promise<string[]>;
  stop(): Promise<void>;
}

type Json = Record<string, unknown>;
const SPLAT_DEPTH = 4;
const STARTUP_MS = 90_000;

export async function startContractProxy(options: ContractProxyOptions): Promise<ContractProxy> {
  // Known by the time this returns; an API that fails to start fails it (handled there, not here).
  const upstream = Promise.resolve(options.upstream).then((origin) => new URL(origin));
  upstream.catch(() => undefined);
  const exchanges = new Map<string, Exchange>();
  let nextId = 0;

  // Prism's upstream: makes the real call with the bytes the client sent, and shows prism the answer.
  const relay = createHttpServer((req, res) => {
    void (async () => {
      const exchange = exchanges.get(String(req.headers[EXCHANGE_HEADER]));
      await readBody(req);
      if (!exchange) return void res.writeHead(502).end('unknown exchange');
      const answer = await send(await upstream, exchange.request);
      exchange.answer = answer;
      if (answer.stream) {
        // An event stream never ends: prism checks its status and headers, the client gets it live.
        res.writeHead(answer.status, withoutLength(answer.headers)).end();
        return;
      }
      res.writeHead(answer.status, withoutLength(answer.headers)).end(answer.body);
    })().catch((error: Error) => res.writeHead(502).end(error.message));
  });
  const relayPort = await listen(relay, 0);

  let document: Json;
  try {
    document = await options.document;
  } catch (error) {
    // No document (a server that did not start, say): nothing is left listening.
    relay.close();
    throw error;
  }
  const dir = mkdtempSync(join(tmpdir(), 'kobo-contract-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(forPrism(document)));
  const found: string[] = [];
  const log: string[] = [];
  let current = '';
  let lastOutput = Date.now();
  let buffered = '';
  const read = (chunk: Buffer) => {
    lastOutput = Date.now();
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const raw of lines) {
      // eslint-disable-next-line no-control-regex -- stripping terminal colours, should any remain
      const line = raw.replace(/\u001b\[[0-9;]*m/g, '');
      log.push(line);
      if (log.length > 200) log.shift();
      const received = /\[HTTP SERVER\] (\w+) (\S+) .*Request received/.exec(line);
      if (received) current = `${received[1]!.toUpperCase()} ${received[2]}`;
      const violation = /Violation: (.*)$/.exec(line);
      if (violation) found.push(`${current}: ${violation[1]}`);
      const refused = /\[HTTP SERVER\] (\w+) (\S+) .*Request terminated with error: (.*)$/.exec(line);
      if (refused) found.push(`${refused[1]!.toUpperCase()} ${refused[2]}: ${refused[3]}`);
    }
  };

  // Prism must be told its port: it listens on the host it is polled at, and where another process
  // took the port first (it exits: EADDRINUSE), it starts again on another.
  const prism = require.resolve('@stoplight/prism-cli/dist/index.js');
  const startPrism = async (port: number) => {
    const args = [prism, 'proxy', file, `http://127.0.0.1:${relayPort}`, '--host', '127.0.0.1'];
    args.push('--port', String(port));
    if (options.errors) args.push('--errors');
    const child = spawn(process.execPath, args, {
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    try {
      await waitForListening(child, log);
    } catch (error) {
      await stopChild(child);
      throw error;
    }
    return { child, url: new URL(`http://127.0.0.1:${port}`) };
  };
  const checking = await onFreePort(startPrism, (error) => String(error).includes('EADDRINUSE')).catch(
    async (error: unknown) => {
      await close(relay);
      rmSync(dir, { recursive: true, force: true });
      throw error;
    },
  );

  // What the client talks to: each request goes through prism; the client gets the API's own bytes.
  const front = createHttpServer((req, res) => {
    void (async () => {
      const request: Outgoing = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: forwardable(req.headers),
        body: await readBody(req),
      };
      // A CORS preflight is the browser's, not an API operation.
      if (request.method === 'OPTIONS') return reply(res, await send(await upstream, request));
      const id = String(++nextId);
      const exchange: Exchange = { request };
      exchanges.set(id, exchange);
      try {
        const checked = await send(checking.url, {
          ...request,
          headers: { ...request.headers, [EXCHANGE_HEADER]: id },
        });
        const refusedByPrism =
          String(checked.headers['content-type']).includes('problem+json') &&
          checked.body.toString('utf8').includes('stoplight.io/prism/errors');
        if (options.errors && refusedByPrism) return reply(res, checked);
        // Not forwarded by prism (a path it does not know): the API still answers; the log has the violation.
        reply(res, exchange.answer ?? (await send(await upstream, request)));
      } finally {
        exchanges.delete(id);
      }
    })().catch((error: Error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(`contract proxy: ${error.message}`);
    });
  });
  const stop = async () => {
    await stopChild(checking.child);
    await Promise.all([close(front), close(relay)]);
    rmSync(dir, { recursive: true, force: true });
  };
  const port = await listen(front, options.port ?? 0).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  await upstream.catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return {
    url: `http://127.0.0.1:${port}`,
    violations: () => [...found],
    async settled() {
      while (Date.now() - lastOutput < 300) await sleep(100);
      return [...found];
    },
    stop,
  };
}

// ---- plumbing --------------------------------------------------------------------------------------

const EXCHANGE_HEADER = 'x-contract-exchange';

interface Outgoing {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** A text/event-stream answer, not read: piped to the client as it comes. */
  stream?: IncomingMessage;
}

interface Exchange {
  request: Outgoing;
  answer?: Answer;
}

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  // Bodies are read whole here; the API answers uncompressed so prism can read the answer.
  const { host: _host, connection: _c, 'transfer-encoding': _t, 'accept-encoding': _a, ...rest } = headers;
  return rest;
}

function withoutLength(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { 'content-length': _l, 'transfer-encoding': _t, connection: _c, ...rest } = headers;
  return rest;
}

function send(target: URL, request: Outgoing): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, host: target.host, 'content-length': String(request.body.length) },
      },
      (res) => {
        const headers = res.headers;
        if (String(headers['content-type']).startsWith('text/event-stream'))
          return resolve({ status: res.statusCode ?? 502, headers, body: Buffer.alloc(0), stream: res });
        readBody(res).then((body) => resolve({ status: res.statusCode ?? 502, headers, body }), reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

function reply(res: ServerResponse, answer: Answer): void {
  if (answer.stream) {
    res.writeHead(answer.status, withoutLength(answer.headers));
    answer.stream.pipe(res);
    return;
  }
  res.writeHead(answer.status, { ...withoutLength(answer.headers), 'content-length': answer.body.length });
  res.end(answer.body);
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The document as prism reads it: the server's path in every path, and splats listed per depth. */
export function forPrism(document: Json): Json {
  const servers = (document.servers as Array<{ url: string }> | undefined) ?? [];
  const prefix = (servers[0]?.url ?? '').replace(/\/$/, '');
  const paths: Json = {};
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    const splat = splatOf(item);
    if (!splat) {
      paths[prefix + path] = item;
      continue;
    }
    for (let depth = 1; depth <= SPLAT_DEPTH; depth++) {
      const names = Array.from({ length: depth }, (_, i) => (i === 0 ? splat : `${splat}_${i + 1}`));
      const expanded = path.replace(`{${splat}}`, names.map((name) => `{${name}}`).join('/'));
      paths[prefix + expanded] = withParameters(item, splat, names);
    }
  }
  const { servers: _dropped, ...rest } = document;
  return { ...rest, paths };
}

function splatOf(item: Json): string | undefined {
  for (const operation of Object.values(item) as Json[]) {
    const parameters = (operation.parameters as Json[] | undefined) ?? [];
    const splat = parameters.find((p) => p.in === 'path' && p['x-splat'] === true);
    if (splat) return splat.name as string;
  }
  return undefined;
}

function withParameters(item: Json, splat: string, names: string[]): Json {
  const out: Json = {};
  for (const [method, operation] of Object.entries(item) as Array<[string, Json]>) {
    const parameters = (operation.parameters as Json[] | undefined) ?? [];
    out[method] = {
      ...operation,
      operationId:
        names.length === 1 ? operation.operationId : `${String(operation.operationId)}${names.length}`,
      parameters: parameters.flatMap((p) =>
        p.in === 'path' && p.name === splat ? names.map((name) => ({ ...p, name })) : [p],
      ),
    };
  }
  return out;
}

async function waitForListening(child: ChildProcess, log: string[]): Promise<void> {
  const started = Date.now();
  while (!log.some((line) => line.includes('Prism is listening'))) {
    if (child.exitCode !== null)
      throw new Error(`prism exited (${child.exitCode}) before listening:\n${log.join('\n')}`);
    if (Date.now() - started > STARTUP_MS)
      throw new Error(`prism did not start within ${STARTUP_MS} ms:\n${log.join('\n')}`);
    await sleep(100);
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
