import type { EventStore } from '../../src/event-store';
import { describeContract, wholeLog, type TestLog } from './backends';

describeContract('snapshots', (backend) => {
  let log: TestLog;
  let store: EventStore;

  beforeAll(async () => {
    log = await backend.createLog();
    store = log.store;
  });
  afterAll(async () => {
    await log.close();
  });

  it('none saved: undefined', async () => {
    expect(await store.readSnapshot('user-1', 'user@1')).toBeUndefined();
  });

  it('the latest version is kept, per stream and kind; an older one never replaces it', async () => {
    await store.writeSnapshot('user-2', 'user@1', { version: 5, lastPosition: 50, state: { n: 5 } });
    await store.writeSnapshot('user-2', 'user@1', { version: 4, lastPosition: 40, state: { n: 4 } });
    await store.writeSnapshot('user-2', 'user@1', { version: 5, lastPosition: 55, state: { n: 55 } });
    expect(await store.readSnapshot('user-2', 'user@1')).toEqual({
      version: 5,
      lastPosition: 50,
      state: { n: 5 },
    });
    await store.writeSnapshot('user-2', 'user@1', {
      version: 9,
      lastPosition: 90,
      state: { n: 9, list: [1, 'a'] },
    });
    expect(await store.readSnapshot('user-2', 'user@1')).toEqual({
      version: 9,
      lastPosition: 90,
      state: { n: 9, list: [1, 'a'] },
    });
    await store.writeSnapshot('user-2', 'user@2', { version: 1, lastPosition: 10, state: { other: true } });
    expect(await store.readSnapshot('user-2', 'user@2')).toMatchObject({ version: 1 });
    expect(await store.readSnapshot('user-3', 'user@1')).toBeUndefined();
  });

  it('snapshots are not events: the log does not show them', async () => {
    await store.writeSnapshot('user-4', 'user@1', { version: 1, lastPosition: 1, state: {} });
    expect(await wholeLog(store)).toEqual([]);
    expect(await store.headPosition()).toBe(0);
  });
});
