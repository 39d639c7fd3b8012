/** A small JSON client for preparing bench data: any unexpected status stops the bench with the answer. */

export interface CallOptions {
  token?: string;
  json?: unknown;
  headers?: Record<string, string>;
  /** Accepted statuses (default: any 2xx). */
  expect?: number[];
}

export interface Answer {
  status: number;
  body: unknown;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<Answer>;

export function apiClient(baseUrl: string): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const accepted = options.expect
      ? options.expect.includes(response.status)
      : response.status >= 200 && response.status < 300;
    if (!accepted) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return { status: response.status, body };
  };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
