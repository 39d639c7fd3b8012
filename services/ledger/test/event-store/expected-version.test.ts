import { randomUUID } from 'node:crypto';
import {
  WrongExpectedVersionError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
} from '../../src/event-store';
import { describeContract, type TestLog } from './backends';

const event = (n: number): NewEvent => ({ id: randomUUID(), type: 'Noted', data: { n } });

describeContract('expected versions and reading a stream', (backend) => {
  let log: TestLog;
  let store: EventStore;

  beforeAll(async () => {
    log = await backend.createLog();
    store = log.store;
  });
  afterAll(async () => {
    await log.close();
  });

  async function conflictOf(streamId: string, expectedVersion: ExpectedVersion) {
    const error = await store.appendToStreams([{ streamId, expectedVersion, events: [event(0)] }]).then(
      () => undefined,
      (e: unknown) => e,
    );
    return error;
  }

  describe('expected version', () => {
    it('no_stream: accepts an empty stream, refuses an existing one', async () => {
      const result = await store.appendToStreams([
        { streamId: 'ns-1', expectedVersion: 'no_stream', events: [event(1), event(2)] },
      ]);
      expect(result.streams).toEqual([{ streamId: 'ns-1', version: 2 }]);
      const error = await conflictOf('ns-1', 'no_stream');
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: 'ns-1', expected: 'no_stream', actual: 2 });
    });

    it('stream_exists: refuses an empty stream, accepts an existing one', async () => {
      const error = await conflictOf('se-1', 'stream_exists');
      expect(error).toMatchObject({ name: 'WrongExpectedVersionError', streamId: 'se-1', actual: 0 });
      await store.appendToStreams([{ streamId: 'se-1', expectedVersion: 'any', events: [event(1)] }]);
      const result = await store.appendToStreams([
        { streamId: 'se-1', expectedVersion: 'stream_exists', events: [event(2)] },
      ]);
      expect(result.streams).toEqual([{ streamId: 'se-1', version: 2 }]);
    });

    it('an exact number: must equal the current version', async () => {
      await store.appendToStreams([{ streamId: 'ex-1', expectedVersion: 0, events: [event(1)] }]);
      await store.appendToStreams([{ streamId: 'ex-1', expectedVersion: 1, events: [event(2)] }]);
      expect(await conflictOf('ex-1', 1)).toMatchObject({ streamId: 'ex-1', expected: 1, actual: 2 });
      expect(await conflictOf('ex-1', 3)).toMatchObject({ streamId: 'ex-1', expected: 3, actual: 2 });
      expect(await conflictOf('ex-new', 1)).toMatchObject({ streamId: 'ex-new', expected: 1, actual: 0 });
      const versions = (await store.readStream('ex-1')).map((e) => e.version);
      expect(versions).toEqual([1, 2]);
    });

    it('any: appends whatever the version', async () => {
      await store.appendToStreams([{ streamId: 'any-1', expectedVersion: 'any', events: [event(1)] }]);
      const result = await store.appendToStreams([
        { streamId: 'any-1', expectedVersion: 'any', events: [event(2)] },
      ]);
      expect(result.streams).toEqual([{ streamId: 'any-1', version: 2 }]);
    });

    it('several streams: one conflict writes nothing to the others', async () => {
      await store.appendToStreams([
        { streamId: 'multi-b', expectedVersion: 'no_stream', events: [event(1)] },
      ]);
      const before = await store.headPosition();
      const error = await store
        .appendToStreams([
          { streamId: 'multi-a', expectedVersion: 'no_stream', events: [event(1), event(2)] },
          { streamId: 'multi-b', expectedVersion: 5, events: [event(3)] },
        ])
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toMatchObject({
        name: 'WrongExpectedVersionError',
        streamId: 'multi-b',
        expected: 5,
        actual: 1,
      });
      expect(await store.readStream('multi-a')).toEqual([]);
      expect(await store.readStream('multi-b')).toHaveLength(1);
      expect(await store.headPosition()).toBe(before);
    });

    it('several streams together: all written in one append, positions in the order given', async () => {
      const result = await store.appendToStreams([
        { streamId: 'pair-a', expectedVersion: 'no_stream', events: [event(1)] },
        { streamId: 'pair-b', expectedVersion: 'no_stream', events: [event(2), event(3)] },
      ]);
      expect(result.streams).toEqual([
        { streamId: 'pair-a', version: 1 },
        { streamId: 'pair-b', version: 2 },
      ]);
      const a = await store.readStream('pair-a');
      const b = await store.readStream('pair-b');
      const positions = [...a, ...b].map((e) => e.globalPosition);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      expect(new Set(positions).size).toBe(3);
      expect(positions[2]).toBe(result.lastPosition);
    });

    it('appends made at the same time: a conflicting one does not fail the others', async () => {
      await store.appendToStreams([{ streamId: 'grp-x', expectedVersion: 'no_stream', events: [event(0)] }]);
      const outcomes = await Promise.allSettled([
        store.appendToStreams([{ streamId: 'grp-1', expectedVersion: 'no_stream', events: [event(1)] }]),
        store.appendToStreams([{ streamId: 'grp-x', expectedVersion: 'no_stream', events: [event(2)] }]),
        store.appendToStreams([{ streamId: 'grp-2', expectedVersion: 'no_stream', events: [event(3)] }]),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await store.readStream('grp-1')).toHaveLength(1);
      expect(await store.readStream('grp-2')).toHaveLength(1);
    });
  });

  describe('readStream', () => {
    it('reads forwards from a version, at most maxCount, with the recorded fields', async () => {
      const events = [1, 2, 3, 4, 5].map((n) => ({ ...event(n), metadata: { actor: 'user-1' } }));
      await store.appendToStreams([{ streamId: 'read-1', expectedVersion: 'no_stream', events }]);
      const page = await store.readStream('read-1', { fromVersion: 2, maxCount: 3 });
      expect(page.map((e) => e.version)).toEqual([2, 3, 4]);
      expect(page[0]).toMatchObject({
        id: events[1]!.id,
        streamId: 'read-1',
        type: 'Noted',
        data: { n: 2 },
        metadata: { actor: 'user-1' },
      });
      expect(typeof page[0]!.globalPosition).toBe('number');
      expect(page[0]!.recordedAt).toBeInstanceOf(Date);
      expect(page[1]!.globalPosition).toBeGreaterThan(page[0]!.globalPosition);
    });

    it('an empty or unknown stream reads as no events', async () => {
      expect(await store.readStream('never-written')).toEqual([]);
      expect(await store.readStream('read-1', { fromVersion: 6 })).toEqual([]);
    });
  });
});
