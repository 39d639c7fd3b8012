/**
 * Keeps the chosen reads' answers on the device for the signed-in account, puts them back at
 * start, asks the server again as soon as a page uses one, and forgets them when the person leaves
 * (logout, deletion) or another account signs in. See ./last-known.ts for what is kept. A logout
 * also clears the proof being worked on (shared/drafts/proof-draft.ts).
 */
import type { Middleware, MiddlewareAPI, UnknownAction } from '@reduxjs/toolkit';
import { clearProofDraft } from '../drafts/proof-draft';
import { signedIn, signedOut, type Session } from '../session/session';
import { api, LAST_KNOWN_REQUEST_ID, lastKnownLoaded } from './api';
import {
  clearLastKnown,
  LAST_KNOWN_ENDPOINTS,
  lastKnownOwner,
  readLastKnown,
  saveLastKnown,
} from './last-known';

interface QueryThunkMeta {
  arg: { endpointName: string; queryCacheKey: string; originalArgs: unknown };
  fulfilledTimeStamp?: number;
}

interface State {
  session: { current: Session | null };
  api: {
    queries: Record<
      string,
      { requestId?: string; endpointName?: string; originalArgs?: unknown } | undefined
    >;
    subscriptions: Record<string, Record<string, unknown> | undefined>;
  };
}

const FULFILLED = `${api.reducerPath}/executeQuery/fulfilled`;

type Initiate = (arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => UnknownAction;

/**
 * Cache keys put back from the device that no page has used yet, per store (by its getState, the
 * same function in the store and in its middleware's API): one store's actions never settle another's.
 */
const putBackOf = new WeakMap<object, Set<string>>();

/**
 * A page began using an answer put back from the device: the cache would serve it as fresh, so
 * the server is asked now (the page shows the kept answer "as of" meanwhile).
 */
function refreshWhenUsed(store: MiddlewareAPI, putBack: Set<string>): void {
  const state = store.getState() as State;
  for (const key of putBack) {
    const entry = state.api.queries[key];
    if (!entry || entry.requestId !== LAST_KNOWN_REQUEST_ID || !entry.endpointName) {
      putBack.delete(key); // answered since, or dropped
      continue;
    }
    if (Object.keys(state.api.subscriptions[key] ?? {}).length === 0) continue;
    putBack.delete(key);
    const endpoints = api.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
    const endpoint = endpoints[entry.endpointName];
    if (endpoint)
      store.dispatch(endpoint.initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }));
  }
}

export const lastKnownMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  const putBack = putBackOf.get(store.getState);
  if (putBack && putBack.size > 0) refreshWhenUsed(store, putBack);
  const { type, meta, payload } = action as { type: string; meta?: QueryThunkMeta; payload?: unknown };

  if (type === FULFILLED && meta && LAST_KNOWN_ENDPOINTS.has(meta.arg.endpointName)) {
    const session = (store.getState() as State).session.current;
    if (session)
      saveLastKnown(session.userId, {
        queryCacheKey: meta.arg.queryCacheKey,
        endpointName: meta.arg.endpointName,
        originalArgs: meta.arg.originalArgs,
        data: payload,
        at: meta.fulfilledTimeStamp ?? Date.now(),
      });
  } else if (signedOut.match(action) && action.payload === 'left') {
    clearLastKnown();
    void clearProofDraft();
  } else if (signedIn.match(action) && lastKnownOwner() !== action.payload.userId) {
    // Another account: the earlier one's answers go (its proof draft is refused by user id too).
    clearLastKnown();
  }
  return result;
};

/** Puts the signed-in account's kept answers back in the cache (at start). */
export function loadLastKnown(store: {
  getState(): unknown;
  dispatch(action: UnknownAction): unknown;
}): void {
  const session = (store.getState() as State).session.current;
  if (!session) return;
  const entries = readLastKnown(session.userId);
  if (entries.length === 0) return;
  store.dispatch(lastKnownLoaded(entries));
  // After the dispatch: the API's own first action (its middleware registering) comes before the
  // entries are in the cache.
  const putBack = putBackOf.get(store.getState) ?? new Set<string>();
  putBackOf.set(store.getState, putBack);
  for (const entry of entries) putBack.add(entry.queryCacheKey);
}
