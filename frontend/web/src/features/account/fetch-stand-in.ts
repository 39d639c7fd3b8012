/**
 * jsdom has no fetch, Request or Response: the parts RTK Query's fetchBaseQuery uses, installed on
 * import (before the API module is created). Tests answer requests with `serveFetch` (testing.tsx).
 */
export class TestRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | null;
  readonly signal: AbortSignal | null;
  constructor(input: string | TestRequest, init: RequestInit = {}) {
    this.url = typeof input === 'string' ? input : input.url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.body = typeof init.body === 'string' ? init.body : null;
    this.signal = init.signal ?? null;
  }
  clone() {
    return new TestRequest(this.url, { method: this.method, headers: this.headers, body: this.body });
  }
  async text() {
    return this.body ?? '';
  }
}

export class TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly ok: boolean;
  constructor(
    private readonly bodyText: string,
    init: { status: number; headers?: Record<string, string> },
  ) {
    this.status = init.status;
    this.ok = init.status >= 200 && init.status < 300;
    this.headers = new Headers(init.headers);
  }
  clone() {
    return new TestResponse(this.bodyText, {
      status: this.status,
      headers: Object.fromEntries(this.headers),
    });
  }
  async text() {
    return this.bodyText;
  }
  async json() {
    return JSON.parse(this.bodyText);
  }
}

Object.assign(globalThis, { Request: TestRequest, Response: TestResponse });
globalThis.fetch = (() => Promise.reject(new Error('No answer set: call serveFetch first'))) as typeof fetch;
