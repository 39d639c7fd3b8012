import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  CommandIdReusedError,
  createPostgresEventStore,
  DuplicateEventIdError,
  KeyTakenError,
  WrongExpectedVersionError,
  type EventStore,
  type KeyClaim,
  type PostgresEventStore,
  type NewEvent,
  type StreamAppend,
} from '../../src/event-store';
import { describeContract, wholeLog, type TestLog } from './backends';

const event = (n: number): NewEvent => ({ id: randomUUID(), type: 'Noted', data: { n } });

describeContract('commands and event ids', (backend) => {
  let log: TestLog;
  let store: EventStore;

  beforeAll(async () => {
    log = await backend.createLog();
    store = log.store;
  });
  afterAll(async () => {
    await log.close();
  });

  /** Every event in the log, through the port. */
  async function eventCount(): Promise<number> {
    return (await wholeLog(store)).length;
  }

  describe('appends that name their command', () => {
    it('a retry of the same command returns the first result, appended false, and writes nothing', async () => {
      const append: StreamAppend[] = [
        { streamId: 'idem-a', expectedVersion: 'no_stream', events: [event(1), event(2)] },
        { streamId: 'idem-b', expectedVersion: 'any', events: [event(3)] },
        { streamId: 'idem-c', expectedVersion: 'any', events: [] },
      ];
      const command = { id: 'cmd-idem-1', type: 'Note' };
      const original = await store.appendToStreams(append, command);
      expect(original.appended).toBe(true);
      // Later appends move the streams on; the retry must still answer with the original result.
      await store.appendToStreams([{ streamId: 'idem-a', expectedVersion: 2, events: [event(4)] }]);
      await store.appendToStreams([{ streamId: 'idem-c', expectedVersion: 'any', events: [event(5)] }]);
      const count = await eventCount();

      // Even with other event ids and a stale expected version: the command id alone decides.
      const retry = await store.appendToStreams(
        [{ streamId: 'idem-a', expectedVersion: 'no_stream', events: [event(1)] }],
        command,
      );
      expect(retry).toEqual({ ...original, appended: false });
      expect(original).toMatchObject({
        streams: [
          { streamId: 'idem-a', version: 2 },
          { streamId: 'idem-b', version: 1 },
          { streamId: 'idem-c', version: 0 },
        ],
      });
      expect(await eventCount()).toBe(count);
      const recorded = await store.readCommand(command.id);
      expect(recorded?.events.map((e) => e.id)).toEqual(append.flatMap((a) => a.events.map((e) => e.id)));
      expect(recorded).toMatchObject({
        id: command.id,
        type: command.type,
        streams: original.streams,
        lastPosition: original.lastPosition,
      });
      expect(recorded?.events.map((e) => [e.streamId, e.version])).toEqual([
        ['idem-a', 1],
        ['idem-a', 2],
        ['idem-b', 1],
      ]);
    });

    it('a command never recorded reads as undefined', async () => {
      expect(await store.readCommand('cmd-never-run')).toBeUndefined();
    });

    it('a command that appended no events is recorded too, and its repeat answered from the record', async () => {
      await store.appendToStreams([{ streamId: 'quiet-a', expectedVersion: 'any', events: [event(1)] }]);
      const command = { id: 'cmd-quiet-1', type: 'Note' };
      const original = await store.appendToStreams(
        [{ streamId: 'quiet-a', expectedVersion: 1, events: [] }],
        command,
      );
      expect(original).toMatchObject({ appended: true, streams: [{ streamId: 'quiet-a', version: 1 }] });
      expect(original.lastPosition).toBe(await store.headPosition());
      const retry = await store.appendToStreams(
        [{ streamId: 'quiet-a', expectedVersion: 1, events: [] }],
        command,
      );
      expect(retry).toEqual({ ...original, appended: false });
      expect(await store.readCommand(command.id)).toMatchObject({
        events: [],
        lastPosition: original.lastPosition,
      });
    });

    it('a retry racing the original in the same process gets the same result, written once', async () => {
      const append: StreamAppend[] = [
        { streamId: 'race-1', expectedVersion: 'no_stream', events: [event(1)] },
      ];
      const command = { id: 'cmd-race-1', type: 'Note' };
      const [first, second] = await Promise.all([
        store.appendToStreams(append, command),
        store.appendToStreams(append, command),
      ]);
      expect(second).toEqual({ ...first, appended: false });
      expect(await store.readStream('race-1')).toHaveLength(1);
    });

    it('a command id recorded for another kind of command is refused', async () => {
      await store.appendToStreams([{ streamId: 'kind-a', expectedVersion: 'any', events: [event(1)] }], {
        id: 'cmd-kind-1',
        type: 'Note',
      });
      const count = await eventCount();
      await expect(
        store.appendToStreams([{ streamId: 'kind-b', expectedVersion: 'any', events: [event(2)] }], {
          id: 'cmd-kind-1',
          type: 'Other',
        }),
      ).rejects.toBeInstanceOf(CommandIdReusedError);
      expect(await eventCount()).toBe(count);
    });

    it('an append without a command is never a retry: resending the same events is refused', async () => {
      const append: StreamAppend[] = [{ streamId: 'no-cmd', expectedVersion: 'any', events: [event(1)] }];
      await store.appendToStreams(append);
      await expect(store.appendToStreams(append)).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream('no-cmd')).toHaveLength(1);
    });

    it('an id reused on another stream is refused', async () => {
      const reused = event(1);
      await store.appendToStreams([{ streamId: 'dup-a', expectedVersion: 'any', events: [reused] }]);
      const count = await eventCount();
      const error = await store
        .appendToStreams([{ streamId: 'dup-b', expectedVersion: 'any', events: [reused] }])
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(DuplicateEventIdError);
      expect(error).toMatchObject({ eventId: reused.id });
      expect(await eventCount()).toBe(count);
    });

    it('an id reused with different data, or alongside new events, is refused and writes nothing', async () => {
      const reused = event(1);
      await store.appendToStreams([{ streamId: 'dup-c', expectedVersion: 'any', events: [reused] }]);
      const count = await eventCount();
      await expect(
        store.appendToStreams([
          { streamId: 'dup-c', expectedVersion: 'any', events: [{ ...reused, data: { n: 2 } }] },
        ]),
      ).rejects.toBeInstanceOf(DuplicateEventIdError);
      await expect(
        store.appendToStreams([{ streamId: 'dup-c', expectedVersion: 'any', events: [reused, event(3)] }]),
      ).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await eventCount()).toBe(count);
    });

    it('the same id twice in one append is refused', async () => {
      const twice = event(1);
      await expect(
        store.appendToStreams([{ streamId: 'dup-d', expectedVersion: 'any', events: [twice, twice] }]),
      ).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream('dup-d')).toEqual([]);
    });
  });
});

describe('an Idempotency-Key claimed by the append (PostgreSQL)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const claimOf = (key: string, requestHash: string): KeyClaim => ({
    userId: 'user-1',
    key,
    requestHash,
    method: 'POST',
    path: '/api/x',
    retentionMs: 86_400_000,
  });
  const append = (streamId: string) => [{ streamId, expectedVersion: 'any' as const, events: [event(1)] }];
  const keyRows = async (key: string) =>
    (await db.pool.query('SELECT request_hash, response_status FROM idempotency_keys WHERE key = $1', [key]))
      .rows;

  it('writes the key in flight with the events, and refuses another command on the key, writing nothing', async () => {
    const key = randomUUID();
    const first = await store.appendToStreams(append('claim-a'), {
      id: 'cmd-claim-1',
      type: 'Note',
      claim: claimOf(key, 'hash-1'),
    });
    expect(first.appended).toBe(true);
    expect(await keyRows(key)).toEqual([{ request_hash: 'hash-1', response_status: null }]);

    await expect(
      store.appendToStreams(append('claim-b'), {
        id: 'cmd-claim-2',
        type: 'Note',
        claim: claimOf(key, 'hash-2'),
      }),
    ).rejects.toBeInstanceOf(KeyTakenError);
    expect(await store.readStream('claim-b')).toEqual([]);
    expect(await store.readCommand('cmd-claim-2')).toBeUndefined();

    // The same command again answers as its first run.
    const again = await store.appendToStreams(append('claim-a'), {
      id: 'cmd-claim-1',
      type: 'Note',
      claim: claimOf(key, 'hash-1'),
    });
    expect(again).toEqual({ ...first, appended: false });
  });

  it('of two commands on one key in one batch, appends the first only', async () => {
    const key = randomUUID();
    const results = await Promise.allSettled([
      store.appendToStreams(append('claim-c'), {
        id: 'cmd-claim-3',
        type: 'Note',
        claim: claimOf(key, 'h3'),
      }),
      store.appendToStreams(append('claim-d'), {
        id: 'cmd-claim-4',
        type: 'Note',
        claim: claimOf(key, 'h4'),
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(await store.readStream('claim-d')).toEqual([]);
  });

  it('writes no claim for a request refused by another check', async () => {
    const key = randomUUID();
    await expect(
      store.appendToStreams([{ streamId: 'claim-e', expectedVersion: 3, events: [event(1)] }], {
        id: 'cmd-claim-5',
        type: 'Note',
        claim: claimOf(key, 'h5'),
      }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await keyRows(key)).toEqual([]);
  });
});
