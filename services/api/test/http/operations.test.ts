import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { MemoryStore } from 'express-rate-limit';
import request from 'supertest';
import { z } from 'zod';
import {
  createGracefulShutdown,
  createRateLimiter,
  defineRoute,
  defaultRateLimitMessage,
  clientRequestIdFrom,
} from '../../src/http';
import { tinyApp, webOrigin } from './tiny-app';

const { app, lines } = tinyApp(
  [
    defineRoute({
      method: 'post',
      path: '/auth/login',
      summary: 'Sign in',
      access: 'public',
      middleware: [
        createRateLimiter({
          windowMs: 60_000,
          limit: 2,
          keyBy: (req) => req.body?.email,
          store: new MemoryStore(),
        }),
      ],
      body: z.object({ email: z.string() }),
      responses: { 200: { description: 'ok' } },
      handler: () => ({ ok: true }),
    }),
    defineRoute({
      method: 'get',
      path: '/tasks/:id',
      summary: 'A task',
      access: 'public',
      responses: { 200: { description: 'ok' } },
      handler: ({ req }) => ({ id: req.params.id }),
    }),
  ],
  { extraRoutes: (app) => app.get('/healthz', (_req, res) => void res.json({ status: 'ok' })) },
);

describe('security headers and CORS', () => {
  it('sets helmet’s headers and hides the framework', async () => {
    const res = await request(app).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows the web origin, with the headers the client needs', async () => {
    const res = await request(app)
      .options('/api/auth/login')
      .set('Origin', webOrigin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(webOrigin);
    expect(res.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
    const simple = await request(app).get('/api/tasks/1').set('Origin', webOrigin);
    expect(simple.headers['access-control-expose-headers']).toContain('Idempotent-Replayed');
  });

  it('gives another origin no CORS permission', async () => {
    const res = await request(app).get('/api/tasks/1').set('Origin', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limiter', () => {
  it('refuses the request past the limit with a 429 problem and Retry-After', async () => {
    const attempt = () => request(app).post('/api/auth/login').send({ email: 'Limit@Example.com' });
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(200);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: defaultRateLimitMessage });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A non-string email (the limiter runs before validation) falls back to the address alone.
    expect(
      (
        await request(app)
          .post('/api/auth/login')
          .send({ email: { $ne: 1 } })
      ).status,
    ).toBe(400);
    // Another email from the same address has its own count.
    expect((await request(app).post('/api/auth/login').send({ email: 'other@example.com' })).status).toBe(
      200,
    );
  });
});

describe('request ids and logging', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('makes its own request id, and logs a sane incoming X-Request-Id beside it', async () => {
    const res = await request(app).get('/api/tasks/7').set('X-Request-Id', 'trace-abc.123');
    expect(res.headers['x-request-id']).toMatch(UUID);
    const line = lines.find((l) => l.clientRequestId === 'trace-abc.123');
    expect(line?.msg).toBe('request completed');
    expect(line?.reqId).toBe(res.headers['x-request-id']);
    expect(JSON.stringify(line)).not.toMatch(/Bearer/);
  });

  it('keeps a request line small: method, route, status, time, request ids, user id', async () => {
    await request(app).get('/api/tasks/9').set('X-Request-Id', 'small-1').set('User-Agent', 'a-long-agent');
    const line = lines.find((l) => l.clientRequestId === 'small-1')!;
    const { level: _level, time: _time, pid: _pid, hostname: _hostname, ...rest } = line;
    expect(rest).toEqual({
      reqId: expect.stringMatching(UUID),
      clientRequestId: 'small-1',
      method: 'GET',
      route: '/api/tasks/:id',
      status: expect.any(Number),
      ms: expect.any(Number),
      msg: 'request completed',
    });
    // Not every header of the request and the answer, as before.
    expect(JSON.stringify(line).length).toBeLessThan(300);
  });

  it('logs no client id for a missing or unsafe one, and puts its own id in problem bodies', async () => {
    const res = await request(app).get('/api/nowhere').set('X-Request-Id', 'bad id\twith spaces');
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
    const line = lines.find((l) => l.reqId === res.headers['x-request-id'])!;
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('clientRequestId');
    expect(clientRequestIdFrom(undefined)).toBeUndefined();
    expect(clientRequestIdFrom(['trace-1', 'trace-2'])).toBe('trace-1');
    expect(clientRequestIdFrom('x'.repeat(129))).toBeUndefined();
  });

  it('never logs the Authorization header', async () => {
    await request(app)
      .get('/api/tasks/8')
      .set('Authorization', 'Bearer secret-token-value')
      .set('X-Request-Id', 'redact-1');
    const line = lines.find((l) => l.clientRequestId === 'redact-1');
    expect(line).toBeDefined();
    expect(JSON.stringify(line)).not.toMatch(/secret-token-value|authorization/i);
  });
});

describe('metrics', () => {
  it('exposes a latency histogram labelled by route pattern, not raw URL', async () => {
    await request(app).get('/api/tasks/41');
    await request(app).get('/api/tasks/42');
    const res = await request(app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const count = res.text
      .split('\n')
      .find(
        (l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/api/tasks/:id"'),
      );
    expect(count).toMatch(/method="GET"/);
    expect(Number(count?.split(' ').pop())).toBeGreaterThanOrEqual(2);
    expect(res.text).not.toContain('/api/tasks/41');
    expect(res.text).toContain('process_cpu_user_seconds_total');
  });
});

describe('graceful shutdown', () => {
  const listen = (handler: express.Express): Promise<Server> =>
    new Promise((resolve) => {
      const server = createServer(handler);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const portOf = (server: Server) => (server.address() as AddressInfo).port;
  const get = (port: number, path: string, agent: Agent | false = false) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  function slowApp(delayMs: number) {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const slow = express();
    slow.get('/fast', (_req, res) => void res.send('fast'));
    slow.get('/slow', (_req, res) => {
      started();
      // Unref'd: the cut request's timer must not keep Jest alive.
      setTimeout(() => res.send('done'), delayMs).unref();
    });
    return { slow, inFlight };
  }

  it('stops accepting, lets the in-flight request finish, then closes', async () => {
    const { slow, inFlight } = slowApp(200);
    const server = await listen(slow);
    const port = portOf(server);
    const pending = get(port, '/slow');
    await inFlight;
    let closed = false;
    const shutdown = createGracefulShutdown(server, {
      timeoutMs: 5000,
      onClosed: () => void (closed = true),
    });
    const result = shutdown();
    await expect(get(port, '/slow')).rejects.toThrow(/ECONNREFUSED/);
    expect(await pending).toEqual({ status: 200, body: 'done' });
    expect(await result).toEqual({ forced: false });
    expect(closed).toBe(true);
    expect(shutdown()).toBe(result); // a second signal waits for the same shutdown
  });

  it('does not wait for idle keep-alive connections once their response is sent', async () => {
    const { slow, inFlight } = slowApp(100);
    const server = await listen(slow);
    server.keepAliveTimeout = 600_000; // without the sweep, close() would wait this long
    const agent = new Agent({ keepAlive: true });
    const port = portOf(server);
    await get(port, '/fast', agent); // leaves an idle keep-alive socket behind
    const pending = get(port, '/slow', agent);
    await inFlight;
    const result = createGracefulShutdown(server, { timeoutMs: 600_000 })();
    expect((await pending).status).toBe(200);
    expect(await result).toEqual({ forced: false });
    agent.destroy();
  }, 10_000);

  it('cuts requests that outlast the timeout', async () => {
    const { slow, inFlight } = slowApp(10_000);
    const server = await listen(slow);
    const pending = get(portOf(server), '/slow');
    await inFlight;
    const result = await createGracefulShutdown(server, { timeoutMs: 100 })();
    expect(result).toEqual({ forced: true });
    await expect(pending).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
