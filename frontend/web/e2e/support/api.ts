/**
 * The API as a test (or the admin in a journey) calls it from outside the browser: JSON in and
 * out, a bearer token where one is given, and the problem's message in the error when it fails.
 */
export interface ApiClient {
  call<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  /** Signs in at /api/auth/login and returns the bearer token and id. */
  signIn(email: string, password: string): Promise<{ token: string; id: string }>;
  /** Signs in at /api/auth/admin-login. */
  adminToken(email?: string, password?: string): Promise<string>;
}

export const DEMO_PASSWORD = 'password123';
export const DEMO_ADMIN = 'admin@demo.kobo.ng';

export function apiClient(baseUrl: string): ApiClient {
  async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const answer = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return parsed as T;
  }
  return {
    call,
    async signIn(email, password) {
      return call<{ token: string; id: string }>('POST', '/auth/login', { email, password });
    },
    async adminToken(email = DEMO_ADMIN, password = DEMO_PASSWORD) {
      return (await call<{ token: string }>('POST', '/auth/admin-login', { email, password })).token;
    },
  };
}

/** The account balance (naira) on the user's dashboard. */
export async function accountBalanceOf(api: ApiClient, token: string): Promise<number> {
  return (await api.call<{ accountBalance: number }>('GET', '/users/dashboard', undefined, token))
    .accountBalance;
}
