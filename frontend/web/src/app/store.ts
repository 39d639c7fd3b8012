import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../shared/api/api';
import { lastKnownMiddleware, loadLastKnown } from '../shared/api/last-known-middleware';
import { persistSession, sessionSlice } from '../shared/session/session';

export function createStore() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [sessionSlice.name]: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware, lastKnownMiddleware),
  });
  // The signed-in account's last-known answers, shown at once, then refreshed (docs/product/user-site.md#what-the-screens-show).
  loadLastKnown(store);
  // Refetch on window focus and on reconnect (docs/product/user-site.md#how-things-change).
  setupListeners(store.dispatch);
  let session = store.getState().session.current;
  store.subscribe(() => {
    const next = store.getState().session.current;
    if (next !== session) persistSession((session = next));
  });
  return store;
}

export const store = createStore();
export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
