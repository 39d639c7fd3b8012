/**
 * jsdom has no fetch: tests of network paths answer the browser's fetch (a third-party boundary)
 * with canned responses per path. Everything above it (RTK Query, our API slice) runs for real.
 */
type Answer = { status: number; body: unknown };
type Route = (body: unknown) => Answer;

export interface FetchStub {
  calls: { method: string; path: string; body: unknown }[];
}

class StubRequest {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
  signal?: AbortSignal;
  constructor(
    url: string,
    init: { method?: string; body?: unknown; headers?: HeadersInit; signal?: AbortSignal } = {},
  ) {
    this.url = url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.body = init.body;
    this.headers = new Headers(init.headers);
    this.signal = init.signal;
  }
}

function response({ status, body }: Answer) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const value = {
    status,
    ok: status >= 200 && status < 300,
    headers: new Headers({ 'content-type': 'application/json' }),
    clone: () => value,
    text: async () => text,
    json: async () => JSON.parse(text),
  };
  return value;
}

/** Installs the stub: `routes` maps 'GET /api/site' to an answer. Unknown paths answer 404. */
export function stubFetch(routes: Record<string, Route | Answer>): FetchStub {
  const stub: FetchStub = { calls: [] };
  const g = globalThis as unknown as { Request: unknown; fetch: unknown };
  g.Request = StubRequest;
  g.fetch = async (request: StubRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
    stub.calls.push({ method: request.method, path, body });
    const route = routes[`${request.method} ${path}`];
    if (!route) return response({ status: 404, body: { message: `No route for ${path}` } });
    return response(typeof route === 'function' ? route(body) : route);
  };
  return stub;
}
