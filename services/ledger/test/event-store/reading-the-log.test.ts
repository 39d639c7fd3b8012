import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../../src/event-store';
import { describeContract, wholeLog, type TestLog } from './backends';

const event = (n: number): NewEvent => ({ id: randomUUID(), type: 'Noted', data: { n } });

describeContract('reading the log', (backend) => {
  let log: TestLog;
  let store: EventStore;

  beforeAll(async () => {
    log = await backend.createLog();
    store = log.store;
  });
  afterAll(async () => {
    await log.close();
  });

  it('an empty log: head 0, nothing to read', async () => {
    expect(await store.headPosition()).toBe(0);
    expect(await store.readAll({ after: 0, limit: 10 })).toEqual([]);
  });

  it('readAll: every event once, in the order appended, in pages; the head is the last position', async () => {
    const appended: string[] = [];
    for (let n = 1; n <= 7; n++) {
      const events = [event(n), event(n + 100)];
      await store.appendToStreams([
        { streamId: `log-${n % 3}`, expectedVersion: 'any', events: events.slice(0, 1) },
        { streamId: `log-other-${n}`, expectedVersion: 'no_stream', events: events.slice(1) },
      ]);
      appended.push(...events.map((e) => e.id));
    }
    const pages: string[][] = [];
    for (let after = 0; ;) {
      const page = await store.readAll({ after, limit: 3 });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      pages.push(page.map((e) => e.id));
      after = page[page.length - 1]!.globalPosition;
    }
    expect(pages.flat()).toEqual(appended);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 3, 2]);

    const all = await wholeLog(store);
    const positions = all.map((e) => e.globalPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(positions.length);
    expect(await store.headPosition()).toBe(positions[positions.length - 1]);
    expect(all[0]).toMatchObject({ streamId: 'log-1', version: 1, type: 'Noted', data: { n: 1 } });
  });

  it('readAll after a position in the middle of one append starts at its next event', async () => {
    const { lastPosition } = await store.appendToStreams([
      { streamId: 'mid-1', expectedVersion: 'no_stream', events: [event(1), event(2), event(3)] },
    ]);
    const [first, second, third] = await store.readStream('mid-1');
    expect(third!.globalPosition).toBe(lastPosition);
    expect((await store.readAll({ after: first!.globalPosition, limit: 10 })).map((e) => e.id)).toEqual([
      second!.id,
      third!.id,
    ]);
    expect(await store.readAll({ after: lastPosition, limit: 10 })).toEqual([]);
  });

  it('an append result and readStream agree with readAll on positions', async () => {
    const before = await store.headPosition();
    const result = await store.appendToStreams([
      { streamId: 'agree-1', expectedVersion: 'no_stream', events: [event(1)] },
    ]);
    const [recorded] = await store.readStream('agree-1');
    const [read] = await store.readAll({ after: before, limit: 1 });
    expect(recorded!.globalPosition).toBe(result.lastPosition);
    expect(read).toEqual(recorded);
  });
});
