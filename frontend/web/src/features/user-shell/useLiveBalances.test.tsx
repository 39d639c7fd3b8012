// The fetch stand-in first: the API module is created on import.
import { serveFetch } from '../account/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store';
import { accountApi } from '../../shared/api/account';
import { LIVE_BALANCES_URL, REOPEN_FIRST_MS, useLiveBalances } from './useLiveBalances';

/** The browser's EventSource, played by the test: it records the streams opened and fires events. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server refused the stream (404, 401): the browser gives up on it. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  send(type: string, data = '{}') {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

function opened(index: number): FakeEventSource {
  const stream = FakeEventSource.opened[index];
  if (!stream) throw new Error(`no stream number ${index}`);
  return stream;
}

function mount() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, ...renderHook(() => useLiveBalances(), { wrapper }) };
}

describe('live balances', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    Object.assign(globalThis, { EventSource: FakeEventSource });
  });
  afterEach(() => jest.useRealTimers());

  it('refetches the balances when the server says they moved', async () => {
    const sent = serveFetch(() => ({ status: 200, body: { username: 'ada', accountBalance: 1 } }));
    const { store } = mount();
    const dashboard = store.dispatch(accountApi.endpoints.getDashboard.initiate());
    await waitFor(() => expect(sent).toHaveLength(1));

    const stream = opened(0);
    expect(stream.url).toBe(LIVE_BALANCES_URL);
    const dashboardReads = () => sent.filter((r) => r.path === '/api/users/dashboard');
    // Connected: what moved before the stream was in place is read once more.
    act(() => stream.send('ready'));
    await waitFor(() => expect(dashboardReads()).toHaveLength(2));
    act(() => stream.send('balance', '{"position":42}'));
    await waitFor(() => expect(dashboardReads()).toHaveLength(3));
    dashboard.unsubscribe();
  });

  it('does not retry a refused stream in a loop, but tries again later', () => {
    jest.useFakeTimers();
    mount();
    act(() => opened(0).refuse());
    act(() => jest.advanceTimersByTime(REOPEN_FIRST_MS - 1));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    // Refused again: the next try waits twice as long.
    act(() => opened(1).refuse());
    act(() => jest.advanceTimersByTime(REOPEN_FIRST_MS * 2 - 1));
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('closes the stream when the user area closes', () => {
    jest.useFakeTimers();
    const { unmount } = mount();
    const stream = opened(0);
    unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    act(() => jest.advanceTimersByTime(REOPEN_FIRST_MS * 10));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
