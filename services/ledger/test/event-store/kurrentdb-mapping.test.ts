/**
 * The KurrentDB adapter's mapping, checked without a server (none can be obtained here): names,
 * positions and metadata. What the server does with them is the contract suite's, run with
 * KURRENTDB_URL (backends.ts).
 */
import type { AllStreamRecordedEvent } from '@kurrent/kurrentdb-client';
import {
  METADATA_KEY,
  positionOf,
  StreamNames,
  toEventData,
  toRecordedEvent,
  typesFilter,
} from '../../src/event-store/kurrentdb/streams';
import { matchesLogFilter } from '../../src/event-store/log-filter';
import type { RecordedEvent } from '../../src/event-store';

describe('the KurrentDB mapping', () => {
  it('streams map 1:1, or behind a namespace; the adapter’s own streams are system streams', () => {
    const plain = new StreamNames(undefined);
    expect(plain.stream('user-42')).toBe('user-42');
    expect(plain.streamIdOf('user-42')).toBe('user-42');
    expect(plain.command('cmd-1')).toBe('$kobo-command-cmd-1');
    expect(plain.eventClaim('ABCDEF00-0000-4000-8000-000000000000')).toBe(
      '$kobo-event-abcdef00-0000-4000-8000-000000000000',
    );
    expect(plain.snapshot('user-42', 'user@2')).toBe('$kobo-snapshot-user@2/user-42');
    expect(() => plain.snapshot('user-42', 'a/b')).toThrow(/kind/);

    const spaced = new StreamNames('test-1');
    expect(spaced.stream('user-42')).toBe('test-1/user-42');
    expect(spaced.streamIdOf('test-1/user-42')).toBe('user-42');
    expect(spaced.command('cmd-1')).toBe('$kobo-command-test-1/cmd-1');
    for (const bad of ['', '$system', 'a/b']) expect(() => new StreamNames(bad)).toThrow(/namespace/);
  });

  it('the log filter: every non-system stream, or the namespace’s streams only', () => {
    const plain = new RegExp(new StreamNames(undefined).logFilter().regex);
    expect(plain.test('user-42')).toBe(true);
    for (const system of ['$kobo-command-x', '$kobo-event-x', '$kobo-snapshot-k/s', '$$user-42', '$stats-1'])
      expect(plain.test(system)).toBe(false);
    const spaced = new RegExp(new StreamNames('t.1').logFilter().regex);
    expect(spaced.test('t.1/user-42')).toBe(true);
    expect(spaced.test('tx1/user-42')).toBe(false);
    expect(spaced.test('$kobo-command-t.1/c')).toBe(false);
  });

  it("the commands a purge reads: those under the id prefix, in the store's namespace", () => {
    const keyed = new RegExp(new StreamNames(undefined).commandFilter('idempotency:').regex);
    expect(keyed.test('$kobo-command-idempotency:u1:k1')).toBe(true);
    for (const other of ['$kobo-command-seed:1', 'idempotency:x', '$kobo-event-idempotency:x'])
      expect(keyed.test(other)).toBe(false);
    const spaced = new RegExp(new StreamNames('t.1').commandFilter('a.b').regex);
    expect(spaced.test('$kobo-command-t.1/a.b-1')).toBe(true);
    expect(spaced.test('$kobo-command-tx1/a.b-1')).toBe(false);
    expect(spaced.test('$kobo-command-t.1/axb-1')).toBe(false);
  });

  it('a position is one number only where commit = prepare, below 2^53', () => {
    expect(positionOf({ commit: 1234n, prepare: 1234n }, 'e')).toBe(1234);
    expect(() => positionOf({ commit: 1234n, prepare: 1200n }, 'e')).toThrow(/explicit transaction/);
    expect(() => positionOf(undefined, 'e')).toThrow(/without a log position/);
    const far = BigInt(Number.MAX_SAFE_INTEGER) + 1n;
    expect(() => positionOf({ commit: far, prepare: far }, 'e')).toThrow(/2\^53/);
  });

  it('metadata travels as one JSON string and comes back as the port’s object', () => {
    const metadata = { actor: 'user-1', schemaVersion: 2, correlationId: 'c' };
    const data = toEventData({
      id: 'ABCDEF00-0000-4000-8000-000000000000',
      type: 'Noted',
      data: { n: 1 },
      metadata,
    });
    expect(data).toMatchObject({ id: 'abcdef00-0000-4000-8000-000000000000', type: 'Noted', data: { n: 1 } });
    const stored = data.metadata as Record<string, string>;
    expect(Object.values(stored).every((v) => typeof v === 'string')).toBe(true);
    const recorded = toRecordedEvent(new StreamNames('ns'), {
      streamId: 'ns/user-1',
      id: data.id,
      isJson: true,
      revision: 4n,
      type: 'Noted',
      created: new Date(0),
      data: { n: 1 },
      metadata: { ...stored, '$schema.name': 'Noted' },
      position: { commit: 99n, prepare: 99n },
    } as AllStreamRecordedEvent);
    expect(recorded).toEqual({
      id: data.id,
      streamId: 'user-1',
      version: 5,
      globalPosition: 99,
      type: 'Noted',
      data: { n: 1 },
      metadata,
      recordedAt: new Date(0),
      hash: '',
      prevHash: '',
    });
    expect(METADATA_KEY in stored).toBe(true);
  });

  it('a ranged read asks the server for exactly the streams or types given, in the namespace', () => {
    const streams = new RegExp(new StreamNames('t.1').streamsFilter(['user-1', 'a+b']).regex);
    for (const name of ['t.1/user-1', 't.1/a+b']) expect(streams.test(name)).toBe(true);
    for (const name of [
      't.1/user-10',
      't.1/user-',
      'user-1',
      'tx1/user-1',
      't.1/aab',
      '$kobo-event-t.1/user-1',
    ])
      expect(streams.test(name)).toBe(false);
    const types = new RegExp(typesFilter(['Paid', 'Noted']).regex);
    expect(types.test('Paid')).toBe(true);
    expect(types.test('Noted')).toBe(true);
    for (const type of ['PaidOut', 'XPaid', '$metadata']) expect(types.test(type)).toBe(false);
    const plain = new StreamNames(undefined);
    expect(plain.inLog('user-1')).toBe(true);
    expect(plain.inLog('$kobo-event-x')).toBe(false);
    expect(new StreamNames('ns').inLog('other/user-1')).toBe(false);
  });

  it('what the server did not filter is checked on each event read: every condition must hold', () => {
    const event = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
      id: 'e',
      streamId: 'user-1',
      version: 1,
      globalPosition: 10,
      type: 'Paid',
      data: { postings: [{ account: 'a', amount: 1 }] },
      metadata: {},
      recordedAt: new Date('2026-01-02T00:00:00Z'),
      hash: '',
      prevHash: '',
      ...over,
    });
    expect(matchesLogFilter(event(), {})).toBe(true);
    expect(matchesLogFilter(event(), { streams: ['user-1'], types: ['Paid'], withPostings: true })).toBe(
      true,
    );
    expect(matchesLogFilter(event(), { streams: ['user-2'] })).toBe(false);
    expect(matchesLogFilter(event(), { types: ['Noted'] })).toBe(false);
    expect(matchesLogFilter(event({ data: { postings: [] } }), { withPostings: true })).toBe(false);
    expect(matchesLogFilter(event({ data: null }), { withPostings: true })).toBe(false);
    const at = new Date('2026-01-02T00:00:00Z');
    expect(matchesLogFilter(event(), { recordedFrom: at })).toBe(true);
    expect(matchesLogFilter(event(), { recordedBefore: at })).toBe(false);
    expect(matchesLogFilter(event(), { recordedFrom: new Date(at.getTime() + 1) })).toBe(false);
  });
});
