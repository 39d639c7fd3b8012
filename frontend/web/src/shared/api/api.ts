/**
 * The one RTK Query API of the web app. Features add their endpoints with `api.injectEndpoints`
 * in their own folder and tag what they read, with ids where a list holds records, so a command
 * invalidates exactly what it changed and no stale money stays on screen.
 *
 * Queries retry up to 3 times, 1 s, 2 s, 4 s apart (never more than 30 s), and only when retrying
 * can help: the network failed or the server answered 5xx. Commands never retry on their own; the
 * ones that move money carry an Idempotency-Key so a person's own retry is safe.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { signedOut, type SessionEnd } from '../session/session';

export const tagTypes = [
  'Dashboard',
  'Transactions',
  'Statement',
  'Tasks',
  'Submissions',
  'Withdrawals',
  'Community',
  'AdminCampaigns',
  'AdminUsers',
  'Payouts',
  'Adjustments',
  'Notifications',
] as const;

export const MAX_RETRIES = 3;
/** Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 30_000);
}

export function isRetryable(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && error.status >= 500;
}

const SIGN_IN_ENDPOINTS = new Set(['signIn', 'adminSignIn']);

const fetchJson = fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' });

const withSessionCheck: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await fetchJson(args, api, extraOptions);
  // The server no longer accepts the session (expired, signed out elsewhere, account gone). A sign-in's
  // 401 is a wrong password, not an ended session.
  if (result.error?.status === 401 && !SIGN_IN_ENDPOINTS.has(api.endpoint))
    endSession(api.dispatch, 'expired');
  return result;
};

const baseQuery = retry(withSessionCheck, {
  // The condition counts the attempts itself (RTK takes either maxRetries or a condition).
  retryCondition: (error, _args, { attempt, baseQueryApi }) =>
    baseQueryApi.type === 'query' && attempt <= MAX_RETRIES && isRetryable(error as FetchBaseQueryError),
  backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt))),
});

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  // Unused data is dropped after 5 minutes (user-site.md section 9).
  keepUnusedDataFor: 300,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/**
 * Forget the session and every cached answer: 'left' after a logout or deletion (the person goes
 * home), 'expired' when the server refused it (they are asked to sign in).
 */
export function endSession(dispatch: Dispatch, reason: SessionEnd): void {
  dispatch(signedOut(reason));
  dispatch(api.util.resetApiState());
}

/**
 * The sentence to show for a failed call: the server's `message` (problem+json), else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown } | undefined)?.data;
  if (
    data &&
    typeof data === 'object' &&
    'message' in data &&
    typeof data.message === 'string' &&
    data.message
  )
    return data.message;
  return fallback;
}

/** Per-field messages of a 400 problem (`errors`), if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { errors?: unknown } } | undefined)?.data;
  return data?.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string>) : {};
}
