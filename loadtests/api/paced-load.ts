/**
 * A steady offered load: requests start on a fixed schedule (`rate` a second) whether or not the
 * earlier ones have been answered, over at most `connections` kept-alive connections, and each
 * one's latency counts from when it was due, not from when a free connection sent it. So a
 * service that falls behind shows it in the latency (the wait for a connection included) instead
 * of slowing the load down (coordinated omission).
 *
 * autocannon's own rate option is no such load: each connection sends its share of a second as
 * fast as it is answered and then waits for the next second, a burst at every second's start.
 *
 * HTTP/1.1 is spoken here on plain sockets (one request at a time on each, no pipelining), as
 * autocannon does, rather than through `node:http`'s client: the load shares the machine with the
 * service and its database, and through that client it took 0.36-0.37 ms of CPU a withdrawal at
 * 600 a second (11% of two cores) from what it measures; this way 0.20-0.21 ms.
 */
import net from 'node:net';
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
  /** A request whose connection stays silent this long is ended as a timeout. */
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

type Outcome = 'ok' | 'non2xx' | 'errors' | 'timeouts';

interface Due {
  dueAt: number;
  bytes: Buffer;
  done: (outcome: Outcome, status?: number, body?: string) => void;
}

export async function runPacedLoad(request: Request, options: PacedLoadOptions): Promise<LoadResult> {
  const target = new URL(options.baseUrl);
  const host = target.host;
  const latencies: number[] = [];
  const counts = { ok: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const intervalMs = 1000 / options.rate;
  const total = Math.min(
    Math.floor(options.seconds * options.rate),
    options.maxRequests ?? Number.POSITIVE_INFINITY,
  );
  const waiting: Due[] = [];
  const idle: Connection[] = [];
  let open = 0;
  let settled = 0;
  let allSettled: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (allSettled = resolve));

  const dispatch = () => {
    while (waiting.length > 0) {
      let connection = idle.pop();
      if (!connection) {
        if (open >= options.connections) return;
        open++;
        connection = new Connection(target, options.timeoutMs, (closed) => {
          open--;
          const at = idle.indexOf(closed);
          if (at >= 0) idle.splice(at, 1);
          dispatch();
        });
      }
      connection.send(waiting.shift()!, () => {
        idle.push(connection);
        dispatch();
      });
    }
  };

  const start = performance.now();
  for (let sent = 0; sent < total;) {
    const now = performance.now();
    // Every request already due starts now, each with its own due time.
    while (sent < total && start + sent * intervalMs <= now) {
      const dueAt = start + sent * intervalMs;
      waiting.push({
        dueAt,
        bytes: requestBytes(prepare(request), host),
        done: (outcome, status, body) => {
          counts[outcome]++;
          if (status !== undefined) options.onResponse(status, body ?? '');
          if (outcome === 'ok') latencies.push(performance.now() - dueAt);
          if (++settled === total) allSettled();
        },
      });
      sent++;
    }
    dispatch();
    if (sent < total) await waitUntil(start + sent * intervalMs);
  }
  if (total > 0) await finished;
  const duration = (performance.now() - start) / 1000;
  for (const connection of idle.splice(0)) connection.close();
  latencies.sort((a, b) => a - b);
  return { duration, ...counts, latency: percentiles(latencies) };
}

/**
 * One kept-alive connection, one request at a time. A request ends once: answered, timed out
 * (no byte for `timeoutMs`), or failed (the connection cut before or during its answer); a
 * connection that failed, timed out or was told to close is not used again.
 */
class Connection {
  private readonly socket: net.Socket;
  private current: { due: Due; free: () => void } | undefined;
  private response = new ResponseReader();
  private closed = false;

  constructor(target: URL, timeoutMs: number, onClose: (connection: Connection) => void) {
    this.socket = net.connect({ host: target.hostname, port: Number(target.port || 80), noDelay: true });
    this.socket.setTimeout(timeoutMs);
    this.socket.on('timeout', () => {
      if (this.current) this.fail('timeouts');
    });
    this.socket.on('data', (chunk: Buffer) => this.received(chunk));
    this.socket.on('error', () => this.fail('errors'));
    this.socket.on('close', () => {
      this.fail('errors');
      if (!this.closed) {
        this.closed = true;
        onClose(this);
      }
    });
  }

  send(due: Due, free: () => void): void {
    this.current = { due, free };
    this.response = new ResponseReader();
    this.socket.write(due.bytes);
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private received(chunk: Buffer): void {
    const current = this.current;
    if (!current) return;
    let answer: Answer | undefined;
    try {
      answer = this.response.add(chunk);
    } catch {
      this.fail('errors');
      return;
    }
    if (!answer) return;
    this.current = undefined;
    const { status, body, keepAlive } = answer;
    current.due.done(status >= 200 && status < 300 ? 'ok' : 'non2xx', status, body);
    if (keepAlive) current.free();
    else this.socket.destroy(); // 'close' then lets another connection open
  }

  private fail(outcome: 'errors' | 'timeouts'): void {
    const current = this.current;
    this.current = undefined;
    if (current) current.due.done(outcome);
    this.socket.destroy();
  }
}

interface Answer {
  status: number;
  body: string;
  keepAlive: boolean;
}

const HEADERS_END = Buffer.from('\r\n\r\n');

/** Reads one HTTP/1.1 answer with a Content-Length or a chunked body; throws on anything else. */
class ResponseReader {
  private buffer: Buffer = Buffer.alloc(0);
  private head: { status: number; keepAlive: boolean; bodyStart: number; length?: number } | undefined;

  add(chunk: Buffer): Answer | undefined {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    if (!this.head) {
      const end = this.buffer.indexOf(HEADERS_END);
      if (end < 0) return undefined;
      const lines = this.buffer.toString('latin1', 0, end).split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1]);
      if (!status) throw new Error(`not an HTTP answer: ${lines[0]}`);
      let length: number | undefined;
      let chunked = false;
      let keepAlive = true;
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line
          .slice(colon + 1)
          .trim()
          .toLowerCase();
        if (name === 'content-length') length = Number(value);
        else if (name === 'transfer-encoding') chunked = value.includes('chunked');
        else if (name === 'connection') keepAlive = value !== 'close';
      }
      if (!chunked && length === undefined) length = 0;
      this.head = { status, keepAlive, bodyStart: end + HEADERS_END.length, length };
    }
    const { status, keepAlive, bodyStart, length } = this.head;
    if (length !== undefined) {
      if (this.buffer.length < bodyStart + length) return undefined;
      return { status, keepAlive, body: this.buffer.toString('utf8', bodyStart, bodyStart + length) };
    }
    const body = dechunked(this.buffer, bodyStart);
    return body === undefined ? undefined : { status, keepAlive, body };
  }
}

/** The body of a complete chunked answer from `at`, or undefined while it is incomplete. */
function dechunked(buffer: Buffer, at: number): string | undefined {
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('a malformed chunk');
    const dataStart = lineEnd + 2;
    // The last chunk, then trailers (none from our service) and an empty line.
    if (size === 0)
      return buffer.indexOf(HEADERS_END, lineEnd) < 0 ? undefined : Buffer.concat(parts).toString('utf8');
    if (buffer.length < dataStart + size + 2) return undefined;
    parts.push(buffer.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

function requestBytes(
  request: { method: string; path: string; headers: Record<string, string>; body?: string },
  host: string,
): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  let head = `${request.method} ${request.path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
  if (body) head += `Content-Length: ${body.length}\r\n`;
  head += '\r\n';
  return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
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
