/**
 * A steady offered load: requests start on a fixed schedule (`rate` a second) whether or not the
 * earlier ones have been answered, over at most `connections` kept-alive connections, and each
 * one's latency counts from when it was due, not from when a free connection sent it. So a
 * service that falls behind shows it in the latency (the wait for a connection included) instead
 * of slowing the load down (coordinated omission).
 *
 * autocannon's own rate option is no such load: each connection sends its share of a second as
 * fast as it is answered and then waits for the next second, a burst at every second's start.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Request } from 'autocannon';

export interface PacedLoadOptions {
  baseUrl: string;
  /** Requests a second, started on schedule. */
  rate: number;
  /** Connections at most: a request due while all are busy waits for one (and that wait counts). */
  connections: number;
  seconds: number;
  /** Stop starting requests after this many (distinct requests that can still succeed). */
  maxRequests?: number;
  timeoutMs: number;
  onResponse: (status: number, body: string) => void;
}

/** What a run measured, whichever load drove it (this one or autocannon). */
export interface LoadResult {
  /** Seconds the run took (here: from the first request due to the last answer). */
  duration: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Latencies of the 2xx answers in ms (here: from when each request was due). */
  latency: { p50: number; p90: number; p99: number; max: number };
}

export async function runPacedLoad(request: Request, options: PacedLoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const counts = { ok: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const intervalMs = 1000 / options.rate;
  const total = Math.min(
    Math.floor(options.seconds * options.rate),
    options.maxRequests ?? Number.POSITIVE_INFINITY,
  );
  const start = performance.now();
  const inFlight: Promise<void>[] = [];

  const send = (dueAt: number) =>
    new Promise<void>((done) => {
      const prepared = prepare(request);
      // Each request ends once: answered, timed out, or failed (before or during its answer).
      let ended = false;
      const end = (outcome: 'ok' | 'non2xx' | 'errors' | 'timeouts') => {
        if (ended) return;
        ended = true;
        counts[outcome]++;
        if (outcome === 'ok') latencies.push(performance.now() - dueAt);
        done();
      };
      let timedOut = false;
      const req = http.request(
        new URL(prepared.path, options.baseUrl),
        { method: prepared.method, headers: prepared.headers, agent, timeout: options.timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          // A connection cut in the middle of an answer: the request failed, and must still end.
          res.on('error', () => end(timedOut ? 'timeouts' : 'errors'));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            options.onResponse(status, Buffer.concat(chunks).toString('utf8'));
            end(status >= 200 && status < 300 ? 'ok' : 'non2xx');
          });
        },
      );
      req.on('timeout', () => {
        timedOut = true;
        req.destroy(new Error('timed out'));
      });
      req.on('error', () => end(timedOut ? 'timeouts' : 'errors'));
      req.end(prepared.body);
    });

  for (let sent = 0; sent < total;) {
    const now = performance.now();
    // Every request already due starts now, each with its own due time.
    while (sent < total && start + sent * intervalMs <= now) {
      inFlight.push(send(start + sent * intervalMs));
      sent++;
    }
    if (sent < total) await waitUntil(start + sent * intervalMs);
  }
  await Promise.all(inFlight);
  const duration = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { duration, ...counts, latency: percentiles(latencies) };
}

function prepare(request: Request): {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
} {
  const base = {
    method: request.method ?? 'GET',
    path: request.path ?? '/',
    headers: (request.headers ?? {}) as Record<string, string>,
    body: request.body as string | undefined,
  };
  const set = request.setupRequest as ((req: typeof base) => typeof base) | undefined;
  return set ? set(base) : base;
}

function waitUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
}

/** Nearest-rank percentiles of sorted values, rounded to 0.1 ms. */
function percentiles(sorted: readonly number[]): LoadResult['latency'] {
  const at = (share: number) =>
    sorted.length === 0
      ? 0
      : round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
