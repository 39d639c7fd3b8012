import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../../src/event-store';
import { describeContract, wholeLog, type TestLog } from './backends';

const event = (n: number): NewEvent => ({ id: randomUUID(), type: 'Noted', data: { n } });

describeContract('subscribing', (backend) => {
  let log: TestLog;
  let store: EventStore;

  beforeAll(async () => {
    // A long poll interval: live delivery within the waits below must come from notifications.
    log = await backend.createLog({ pollIntervalMs: 60_000 });
    store = log.store;
  });
  afterAll(async () => {
    await log.close();
  });

  /** Bounded wait: the gap-safe rule also waits for older transactions of other test files. */
  async function until(condition: () => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  describe('subscribe', () => {
    it('delivers catch-up then live events, exactly once, in order, one batch at a time', async () => {
      for (let n = 1; n <= 7; n++)
        await store.appendToStreams([
          { streamId: `sub-${n % 3}`, expectedVersion: 'any', events: [event(n)] },
        ]);

      const second = (await wholeLog(store))[1]!.globalPosition;
      const received: RecordedEvent[] = [];
      let handling = 0;
      let overlapped = false;
      const subscription = store.subscribe(
        second,
        async (events) => {
          if (handling > 0) overlapped = true;
          handling += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
          received.push(...events);
          handling -= 1;
        },
        { batchSize: 2 },
      );
      await until(() => received.length === 5); // catch-up: the 3rd to the 7th event
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.appendToStreams([
            { streamId: `live-${i}`, expectedVersion: 'no_stream', events: [event(100 + i)] },
          ]),
        ),
      );
      // A marker appended last: once it is delivered, anything delivered twice came before it.
      const { lastPosition: marker } = await store.appendToStreams([
        { streamId: 'marker', expectedVersion: 'no_stream', events: [event(200)] },
      ]);
      await until(() => received.some((e) => e.globalPosition === marker));
      await subscription.close();

      const logged = (await wholeLog(store)).slice(2);
      expect(logged).toHaveLength(26);
      expect(received.map((e) => e.globalPosition)).toEqual(logged.map((e) => e.globalPosition));
      expect(received.map((e) => e.id)).toEqual(logged.map((e) => e.id));
      expect(new Set(received.map((e) => e.id)).size).toBe(26);
      expect(overlapped).toBe(false);
    });

    it('stops cleanly on close: no delivery afterwards', async () => {
      const head = await store.headPosition();
      const received: number[] = [];
      const subscription = store.subscribe(head, async (events) => {
        received.push(...events.map((e) => e.globalPosition));
      });
      // A witness woken by the same notifications: once it has the later event, an open
      // subscription would have been offered it too.
      const witnessed: number[] = [];
      const witness = store.subscribe(head, async (events) => {
        witnessed.push(...events.map((e) => e.globalPosition));
      });
      const { lastPosition: first } = await store.appendToStreams([
        { streamId: 'close-1', expectedVersion: 'no_stream', events: [event(1)] },
      ]);
      await until(() => received.length === 1);
      await subscription.close();
      const { lastPosition } = await store.appendToStreams([
        { streamId: 'close-2', expectedVersion: 'no_stream', events: [event(2)] },
      ]);
      await until(() => witnessed.includes(lastPosition));
      await witness.close();
      expect(received).toEqual([first]);
    });

    it('reports a failing handler and retries the same batch', async () => {
      const head = await store.headPosition();
      const { lastPosition } = await store.appendToStreams([
        { streamId: 'fail-1', expectedVersion: 'no_stream', events: [event(1)] },
      ]);
      const errors: unknown[] = [];
      const delivered: number[] = [];
      const fast = log.open({ pollIntervalMs: 50 });
      const subscription = fast.subscribe(
        head,
        async (events) => {
          if (errors.length === 0) throw new Error('projection failed');
          delivered.push(...events.map((e) => e.globalPosition));
        },
        { onError: (error) => errors.push(error) },
      );
      await until(() => delivered.length === 1);
      await subscription.close();
      expect(errors).toHaveLength(1);
      expect(delivered).toEqual([lastPosition]);
    });
  });
});
