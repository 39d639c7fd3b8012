/**
 * The store as the app builds it: answers of the chosen reads are kept for the signed-in account,
 * put back at start as last-known data, and forgotten at logout or when another account signs in.
 */
import { waitFor } from '@testing-library/react';
import { createStore } from '../../app/store';
import { signedIn, signedOut } from '../session/session';
import { accountApi, type Dashboard } from './account';
import { LAST_KNOWN_REQUEST_ID } from './api';
import { readLastKnown, saveLastKnown } from './last-known';
import { loadLastKnown } from './last-known-middleware';

const dashboard = { username: 'ada', accountBalance: 1500 } as unknown as Dashboard;

beforeEach(() => localStorage.clear());

function signedInStore(userId: string) {
  const store = createStore();
  store.dispatch(signedIn({ userId, role: 'user' }));
  return store;
}

async function answer(store: ReturnType<typeof createStore>) {
  await store.dispatch(accountApi.util.upsertQueryData('getDashboard', undefined, dashboard));
}

describe('last-known data in the store', () => {
  it("keeps a chosen read's answer under the signed-in user", async () => {
    const store = signedInStore('user-a');
    await answer(store);
    expect(readLastKnown('user-a').map((kept) => [kept.endpointName, kept.data])).toEqual([
      ['getDashboard', dashboard],
    ]);
  });

  it('forgets it at logout', async () => {
    const store = signedInStore('user-a');
    await answer(store);
    store.dispatch(signedOut('left'));
    expect(readLastKnown('user-a')).toEqual([]);
  });

  it('keeps it when the session merely expired (the same person signs in again)', async () => {
    const store = signedInStore('user-a');
    await answer(store);
    store.dispatch(signedOut('expired'));
    expect(readLastKnown('user-a')).toHaveLength(1);
  });

  it('forgets it when another account signs in, which then sees none of it', async () => {
    const first = signedInStore('user-a');
    await answer(first);
    const second = signedInStore('user-b');
    expect(readLastKnown('user-a')).toEqual([]);
    loadLastKnown(second);
    expect(accountApi.endpoints.getDashboard.select()(second.getState()).data).toBeUndefined();
  });

  it('puts the kept answer back at start, marked as last-known with its time', () => {
    saveLastKnown('user-a', {
      queryCacheKey: 'getDashboard(undefined)',
      endpointName: 'getDashboard',
      originalArgs: undefined,
      data: dashboard,
      at: 1_700_000_000_000,
    });
    const store = signedInStore('user-a');
    loadLastKnown(store);
    const entry = accountApi.endpoints.getDashboard.select()(store.getState());
    expect(entry.data).toEqual(dashboard);
    expect(entry.requestId).toBe(LAST_KNOWN_REQUEST_ID);
    expect(entry.fulfilledTimeStamp).toBe(1_700_000_000_000);
  });

  it('asks the server again as soon as a page uses a put-back answer, and not before', async () => {
    saveLastKnown('user-a', {
      queryCacheKey: 'getDashboard(undefined)',
      endpointName: 'getDashboard',
      originalArgs: undefined,
      data: dashboard,
      at: 1_700_000_000_000,
    });
    const store = signedInStore('user-a');
    loadLastKnown(store);
    const entry = () => accountApi.endpoints.getDashboard.select()(store.getState());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entry().requestId).toBe(LAST_KNOWN_REQUEST_ID);

    const used = store.dispatch(accountApi.endpoints.getDashboard.initiate());
    await waitFor(() => expect(entry().requestId).not.toBe(LAST_KNOWN_REQUEST_ID));
    // The kept answer stays on screen meanwhile.
    expect(entry().data).toEqual(dashboard);
    used.unsubscribe();
  });

  it('asks again also when the answers are put back by the store at start (the first thing it does)', async () => {
    saveLastKnown('user-a', {
      queryCacheKey: 'getDashboard(undefined)',
      endpointName: 'getDashboard',
      originalArgs: undefined,
      data: dashboard,
      at: 1_700_000_000_000,
    });
    localStorage.setItem('kobo.session', JSON.stringify({ userId: 'user-a', role: 'user' }));
    // A fresh app, as at a page load: the session is read when the modules load.
    let fresh!: { store: ReturnType<typeof createStore>; account: typeof accountApi };
    jest.isolateModules(() => {
      fresh = {
        store: (jest.requireActual('../../app/store') as { createStore: typeof createStore }).createStore(),
        account: (jest.requireActual('./account') as { accountApi: typeof accountApi }).accountApi,
      };
    });
    const entry = () => fresh.account.endpoints.getDashboard.select()(fresh.store.getState());
    expect(entry().data).toEqual(dashboard);
    const used = fresh.store.dispatch(fresh.account.endpoints.getDashboard.initiate());
    await waitFor(() => expect(entry().requestId).not.toBe(LAST_KNOWN_REQUEST_ID));
    used.unsubscribe();
  });
});
