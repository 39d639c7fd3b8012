/**
 * The simulated clients' HTTP: fetch against the API's current address. A request that meets a
 * closed connection, a 5xx, a 429 or "still being processed" (409 request_in_progress) is sent
 * again with the same Idempotency-Key until it gets a final answer, as a careful client would.
 */
import { IDEMPOTENCY_LOCK_TIMEOUT_MS } from '@kobo/api';

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the route answers
  replayed: boolean;
  /** How many times it was sent again before this answer. */
  retries: number;
  /** A connection dropped under it at least once (its first answer may have been lost). */
  lostAnswer: boolean;
}

export interface Request {
  method: string;
  path: string;
  token?: string;
  json?: unknown;
  form?: () => FormData;
  key?: string;
}

export interface HttpDeps {
  baseUrl: () => string;
  apiReady: () => Promise<void>;
}

/**
 * Past the server's lock on a claim: a request whose API process was killed mid-way answers "still
 * being processed" until its claim is taken over, and a client that stops at the lock timeout
 * itself gives up just before (seen failing CI when the kill caught a proof upload in flight).
 */
const GIVE_UP_MS = IDEMPOTENCY_LOCK_TIMEOUT_MS + 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function send(deps: HttpDeps, request: Request): Promise<Answer> {
  const started = Date.now();
  let retries = 0;
  let lostAnswer = false;
  for (;;) {
    await deps.apiReady();
    const headers: Record<string, string> = {};
    if (request.token) headers.Authorization = `Bearer ${request.token}`;
    if (request.json !== undefined) headers['Content-Type'] = 'application/json';
    if (request.key) headers['Idempotency-Key'] = request.key;
    let retryable: string;
    try {
      const res = await fetch(`${deps.baseUrl()}${request.path}`, {
        method: request.method,
        headers,
        body: request.form
          ? request.form()
          : request.json === undefined
            ? undefined
            : JSON.stringify(request.json),
      });
      const text = await res.text();
      const body = text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
      const inFlight = res.status === 409 && body?.code === 'request_in_progress';
      if (res.status < 500 && res.status !== 429 && !inFlight)
        return {
          status: res.status,
          body,
          replayed: res.headers.get('idempotent-replayed') === 'true',
          retries,
          lostAnswer,
        };
      retryable = `${res.status} ${typeof body === 'object' ? body?.message : body}`;
    } catch (error) {
      lostAnswer = true;
      retryable = (error as Error).message;
    }
    if (Date.now() - started > GIVE_UP_MS)
      throw new Error(
        `${request.method} ${request.path}: no final answer after ${retries} retries (${retryable})`,
      );
    retries++;
    await sleep(Math.min(20 * retries, 250));
  }
}
