import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Request } from 'autocannon';
import { runPacedLoad } from './paced-load';

/** A real HTTP server on a free loopback port, answering with `handler`. */
async function serving(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A real HTTP server that answers each request after `delayMs`, noting when each arrived. */
async function server(delayMs: number) {
  const arrivals: { at: number; key: string }[] = [];
  const started = performance.now();
  const target = await serving((req, res) => {
    arrivals.push({ at: performance.now() - started, key: String(req.headers['x-key']) });
    setTimeout(() => res.end('ok'), delayMs);
  });
  return { ...target, arrivals };
}

let n = 0;
const request: Request = {
  method: 'GET',
  path: '/',
  // Each request is prepared afresh, as the scenarios' keys and tokens need.
  setupRequest: (req) => ({ ...req, headers: { 'x-key': String(n++) } }),
};

describe('a steady offered load', () => {
  it('sends requests on their schedule, spread over the run, each prepared afresh', async () => {
    const target = await server(0);
    try {
      const result = await runPacedLoad(request, {
        baseUrl: target.baseUrl,
        rate: 200,
        connections: 8,
        seconds: 1,
        timeoutMs: 5000,
        onResponse: () => undefined,
      });
      expect(result).toMatchObject({ ok: 200, non2xx: 0, errors: 0, timeouts: 0 });
      expect(new Set(target.arrivals.map((a) => a.key)).size).toBe(200);
      // Spread over the second, not sent in a burst at its start (as autocannon's rate option does).
      const first = target.arrivals[0]!.at;
      const inFirstHalf = target.arrivals.filter((a) => a.at - first < 500).length;
      expect(inFirstHalf).toBeGreaterThan(60);
      expect(inFirstHalf).toBeLessThan(140);
    } finally {
      await target.close();
    }
  });

  it('counts a late request from when it was due, so a service that falls behind shows it', async () => {
    // One connection and 40 ms an answer serve 25 a second; 50 are due within the first second.
    const target = await server(40);
    try {
      const result = await runPacedLoad(request, {
        baseUrl: target.baseUrl,
        rate: 50,
        connections: 1,
        seconds: 1,
        timeoutMs: 5000,
        onResponse: () => undefined,
      });
      expect(result.ok).toBe(50);
      expect(result.duration).toBeGreaterThanOrEqual(1.9);
      // Measured from the sending, every answer would take about 40 ms; the last ones were due
      // about a second before their turn on the connection came.
      expect(result.latency.p50).toBeGreaterThan(300);
      expect(result.latency.max).toBeGreaterThan(800);
    } finally {
      await target.close();
    }
  });

  it('reads chunked answers and answers that close their connection, each body whole', async () => {
    let answered = 0;
    const varied = await serving((req, res) => {
      const key = String(req.headers['x-key']);
      // Alternately: a chunked answer in three writes, and a Content-Length answer that closes.
      if (answered++ % 2 === 0) {
        res.writeHead(201);
        res.write('chunked ');
        res.write('answer ');
        setTimeout(() => res.end(key), 2);
      } else {
        res.writeHead(409, { connection: 'close' });
        res.end(`closing ${key}`);
      }
    });
    try {
      const bodies: string[] = [];
      const result = await runPacedLoad(request, {
        baseUrl: varied.baseUrl,
        // All due at once on one connection: each answer's end sends the next request at once.
        rate: 1000,
        connections: 1,
        seconds: 0.02,
        timeoutMs: 5000,
        onResponse: (status, body) => bodies.push(`${status} ${body}`),
      });
      expect(result).toMatchObject({ ok: 10, non2xx: 10, errors: 0, timeouts: 0 });
      expect(bodies.filter((b) => /^201 chunked answer \d+$/.test(b))).toHaveLength(10);
      expect(bodies.filter((b) => /^409 closing \d+$/.test(b))).toHaveLength(10);
    } finally {
      await varied.close();
    }
  });

  it('ends a request that gets no answer within the timeout, counted as a timeout', async () => {
    const silent = await serving(() => undefined);
    try {
      const result = await runPacedLoad(request, {
        baseUrl: silent.baseUrl,
        rate: 20,
        connections: 4,
        seconds: 0.1,
        timeoutMs: 200,
        onResponse: () => undefined,
      });
      expect(result).toMatchObject({ ok: 0, non2xx: 0, errors: 0, timeouts: 2 });
    } finally {
      await silent.close();
    }
  });

  it('ends a request whose connection is cut in the middle of its answer, counted as an error', async () => {
    const cutting = await serving((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('part of it');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    try {
      const result = await runPacedLoad(request, {
        baseUrl: cutting.baseUrl,
        rate: 20,
        connections: 2,
        seconds: 0.25,
        timeoutMs: 5000,
        onResponse: () => undefined,
      });
      expect(result).toMatchObject({ ok: 0, non2xx: 0, errors: 5, timeouts: 0 });
    } finally {
      await cutting.close();
    }
  });
});
