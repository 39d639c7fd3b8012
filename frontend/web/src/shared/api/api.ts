/**
 * The one RTK Query API of the web app. Features add their endpoints with `api.injectEndpoints`
 * in their own folder and tag what they read, with ids where a list holds records, so a command
 * invalidates exactly what it changed and no stale money stays on screen.
 *
 * Queries retry up to 3 times, 1 s, 2 s, 4 s apart (never more than 30 s), and only when retrying
 * can help: the network failed or the server answered 5xx. A read has one deadline, 10 s from its
 * first attempt, whatever the retries: a slow or failing API is said on the page within 10 s, with
 * a retry, instead of a spinner that lasts. Commands never retry on their own and wait at most
 * 30 s; the ones that move money carry an Idempotency-Key so a person's own retry is safe.
 *
 * Answers of chosen reads are kept on the device as last-known data (./last-known.ts) and put back
 * at start: `lastKnownLoaded` below is the rehydration action, and a read put back is asked again
 * as soon as a page uses it.
 */
import { createAction, type Dispatch } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { signedOut, type SessionEnd } from '../session/session';
import type { LastKnownEntry } from './last-known';

export const tagTypes = [
  'Dashboard',
  'Transactions',
  'Statement',
  'Campaigns',
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

/** A read says it failed within this long of its first attempt (retries included). */
export const READ_DEADLINE_MS = 10_000;
/** A retry is worth starting only with at least this long left before the deadline. */
export const MIN_ATTEMPT_MS = 3_000;
/** A command (a proof, a withdrawal) waits this long for its answer. */
export const COMMAND_TIMEOUT_MS = 30_000;

/** Whether retry number `attempt` may start, `elapsedMs` after the read's first attempt began. */
export function mayRetry(attempt: number, elapsedMs: number): boolean {
  return attempt <= MAX_RETRIES && elapsedMs + retryDelayMs(attempt) + MIN_ATTEMPT_MS <= READ_DEADLINE_MS;
}

/** How long the next attempt of a read may take: what is left of its deadline. */
export function attemptTimeoutMs(elapsedMs: number): number {
  return Math.max(1_000, READ_DEADLINE_MS - elapsedMs);
}

export function isRetryable(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && error.status >= 500;
}

const SIGN_IN_ENDPOINTS = new Set(['signIn', 'adminSignIn']);

const fetchJson = fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' });

/** When the read under way began (its cache entry's start, the same for every retry). */
function readStartedAt(api: { getState: () => unknown }, queryCacheKey: string | undefined): number {
  const state = api.getState() as { api?: { queries?: Record<string, { startedTimeStamp?: number }> } };
  return (queryCacheKey && state.api?.queries?.[queryCacheKey]?.startedTimeStamp) || Date.now();
}

const withSessionCheck: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const timeout =
    request.timeout ??
    (api.type === 'query'
      ? attemptTimeoutMs(Date.now() - readStartedAt(api, api.queryCacheKey))
      : COMMAND_TIMEOUT_MS);
  const result = await fetchJson({ ...request, timeout }, api, extraOptions);
  // A sign-in's 401 is a wrong password, not an ended session.
  if (result.error?.status !== 401 || SIGN_IN_ENDPOINTS.has(api.endpoint)) return result;
  // The 401 answers the cookie the call carried, and the session may have been renewed while it was
  // under way: a password change ends every session and starts a new one for this browser, so a
  // read sent just before it is refused just after. Asked once more with the cookie there is now
  // (the server refused before doing anything, so a command is safe to send again); only a second
  // refusal means the server no longer accepts the session (expired, signed out elsewhere, account
  // gone).
  const again = await fetchJson({ ...request, timeout }, api, extraOptions);
  if (again.error?.status === 401) endSession(api.dispatch, 'expired');
  return again;
};

const baseQuery = retry(withSessionCheck, {
  // The condition counts the attempts itself (RTK takes either maxRetries or a condition).
  retryCondition: (error, _args, { attempt, baseQueryApi }) =>
    baseQueryApi.type === 'query' &&
    isRetryable(error as FetchBaseQueryError) &&
    mayRetry(attempt, Date.now() - readStartedAt(baseQueryApi, baseQueryApi.queryCacheKey)),
  backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt))),
});

/** Puts last-known answers back in the cache (dispatched at start by the store). */
export const lastKnownLoaded = createAction<LastKnownEntry[]>('lastKnown/loaded');
/** The request id a put-back answer carries, so it is known and asked again when a page uses it. */
export const LAST_KNOWN_REQUEST_ID = 'last-known';

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  extractRehydrationInfo(action, { reducerPath }) {
    if (!lastKnownLoaded.match(action) || reducerPath !== 'api') return undefined;
    const queries = Object.fromEntries(
      action.payload.map((entry) => [
        entry.queryCacheKey,
        {
          status: 'fulfilled',
          endpointName: entry.endpointName,
          requestId: LAST_KNOWN_REQUEST_ID,
          originalArgs: entry.originalArgs,
          startedTimeStamp: entry.at,
          fulfilledTimeStamp: entry.at,
          data: entry.data,
        },
      ]),
    );
    // The rest of the slice as RTK Query reads it on rehydration: queries only, no tags yet (the
    // refetch that follows provides them).
    return {
      queries,
      mutations: {},
      provided: { tags: {}, keys: {} },
      subscriptions: {},
      config: undefined,
    } as never;
  },
  // Unused data is dropped after 5 minutes (docs/product/user-site.md#figures-and-limits).
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
