import { randomUUID } from 'node:crypto';
import type { EventStore, LogFilter, NewEvent, RecordedEvent } from '../../src/event-store';
import { describeContract, wholeLog, type TestLog } from './backends';

const posting = (account: string, amount: number) => ({ account, amount });

describeContract('ranged reads of the log and events by id', (backend) => {
  let log: TestLog;
  let store: EventStore;
  let all: RecordedEvent[];

  beforeAll(async () => {
    log = await backend.createLog();
    store = log.store;
    // Three streams, money events and others, one append at a time so their moments differ.
    for (let n = 1; n <= 12; n++) {
      const money = n % 3 === 0;
      const event: NewEvent = {
        id: randomUUID(),
        type: money ? 'Paid' : n % 2 ? 'Noted' : 'Other',
        data: money
          ? { n, postings: [posting('a', n), posting('b', -n)] }
          : { n, ...(n === 4 ? { postings: [] } : {}) },
      };
      await store.appendToStreams([{ streamId: `range-${n % 4}`, expectedVersion: 'any', events: [event] }]);
    }
    all = await wholeLog(store);
  });
  afterAll(async () => {
    await log.close();
  });

  const ids = (events: RecordedEvent[]) => events.map((e) => e.id);
  const newestFirst = () => [...all].reverse();

  it('backwards from the head (newest first) and on from a position, exclusive', async () => {
    const first = await store.readLog({ direction: 'backwards', limit: 5 });
    expect(ids(first)).toEqual(ids(newestFirst().slice(0, 5)));
    const next = await store.readLog({ direction: 'backwards', from: first[4]!.globalPosition, limit: 5 });
    expect(ids(next)).toEqual(ids(newestFirst().slice(5, 10)));
    const rest = await store.readLog({ direction: 'backwards', from: next[4]!.globalPosition, limit: 50 });
    expect(ids(rest)).toEqual(ids(newestFirst().slice(10)));
    expect(await store.readLog({ direction: 'backwards', from: all[0]!.globalPosition, limit: 5 })).toEqual(
      [],
    );
    expect(rest[rest.length - 1]).toEqual(all[0]);
  });

  it('forwards from the start or after a position, exclusive; limit 0 reads nothing', async () => {
    expect(ids(await store.readLog({ direction: 'forwards', limit: 3 }))).toEqual(ids(all.slice(0, 3)));
    expect(ids(await store.readLog({ direction: 'forwards', from: 0, limit: 3 }))).toEqual(
      ids(all.slice(0, 3)),
    );
    const after = await store.readLog({ direction: 'forwards', from: all[6]!.globalPosition, limit: 50 });
    expect(ids(after)).toEqual(ids(all.slice(7)));
    expect(await store.readLog({ direction: 'forwards', from: all[11]!.globalPosition, limit: 5 })).toEqual(
      [],
    );
    expect(await store.readLog({ direction: 'backwards', limit: 0 })).toEqual([]);
  });

  const matching = (filter: LogFilter) =>
    newestFirst().filter(
      (e) =>
        (filter.streams === undefined || filter.streams.includes(e.streamId)) &&
        (filter.types === undefined || filter.types.includes(e.type)) &&
        (filter.recordedFrom === undefined || e.recordedAt >= filter.recordedFrom) &&
        (filter.recordedBefore === undefined || e.recordedAt < filter.recordedBefore) &&
        (!filter.withPostings || ((e.data as { postings?: unknown[] }).postings?.length ?? 0) > 0),
    );

  it.each<[string, () => LogFilter]>([
    ['streams', () => ({ streams: ['range-1', 'range-3'] })],
    ['types', () => ({ types: ['Paid', 'Other'] })],
    ['the events with postings (not an empty list)', () => ({ withPostings: true })],
    ['a range of moments', () => ({ recordedFrom: all[3]!.recordedAt, recordedBefore: all[9]!.recordedAt })],
    ['all of them at once', () => ({ streams: ['range-0', 'range-2'], types: ['Paid'], withPostings: true })],
  ])('filters by %s, either way, paged', async (_what, filterOf) => {
    const filter = filterOf();
    const expected = matching(filter);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const pages: RecordedEvent[] = [];
    // Bounded: a read that does not move past its `from` fails here instead of looping.
    for (let from: number | undefined, pageCount = 0; pageCount <= all.length; pageCount++) {
      const page = await store.readLog({ direction: 'backwards', from, limit: 2, filter });
      if (page.length === 0) break;
      pages.push(...page);
      from = page[page.length - 1]!.globalPosition;
    }
    expect(ids(pages)).toEqual(ids(expected));
    const forwards = await store.readLog({ direction: 'forwards', limit: 100, filter });
    expect(ids(forwards)).toEqual(ids([...expected].reverse()));
  });

  it('a filter nothing can meet reads nothing: no streams, no types', async () => {
    expect(await store.readLog({ direction: 'backwards', limit: 5, filter: { streams: [] } })).toEqual([]);
    expect(await store.readLog({ direction: 'forwards', limit: 5, filter: { types: [] } })).toEqual([]);
    expect(
      await store.readLog({ direction: 'forwards', limit: 5, filter: { streams: ['range-9'] } }),
    ).toEqual([]);
  });

  it('readEvents: the events of these ids in log order, unknown ids and non-ids left out', async () => {
    const wanted = [all[7]!, all[2]!, all[10]!];
    const found = await store.readEvents([
      wanted[0]!.id,
      randomUUID(),
      wanted[1]!.id.toUpperCase(),
      'not-an-id',
      wanted[2]!.id,
    ]);
    expect(found).toEqual([all[2], all[7], all[10]]);
    expect(await store.readEvents([])).toEqual([]);
    expect(await store.readEvents([randomUUID()])).toEqual([]);
  });
});
