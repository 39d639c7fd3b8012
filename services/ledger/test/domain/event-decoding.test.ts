/**
 * Decoding: a stored event of an older shape reads in the current shape, through the type's
 * upcasters, while what is stored (and hashed) stays as written.
 *
 * These tests give PayoutFailed a history of its own (the catalogue's upcasters are tested in
 * actor.test.ts):
 * version 1 called the reason `error` and had no provider (every payout was a manual transfer),
 * version 2 renamed `error` to `reason`, version 3 (current) added `provider` and never leaves the
 * reason empty. Each step reads the shape the step before it wrote, so their order matters.
 */
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  createPostgresEventStore,
  decodeEvent,
  eventSchemas,
  Accounts,
  transfer,
  UnreadableEventError,
  verifyHashChain,
  type Kobo,
  type PostgresEventStore,
  type RecordedEvent,
  type Upcaster,
} from '../../src';

const payoutFailedHistory: Upcaster[] = [
  // Listed out of order on purpose: the chain is ordered by version, not by listing.
  {
    type: 'PayoutFailed',
    fromVersion: 2,
    upcast: (data) => ({ ...data, provider: 'manual', reason: data.reason || 'unknown' }),
  },
  { type: 'PayoutFailed', fromVersion: 1, upcast: ({ error, ...data }) => ({ reason: error, ...data }) },
];
const schemas = eventSchemas(payoutFailedHistory);

const postings = transfer(Accounts.payoutsClearing, Accounts.userAccount('u1'), 5_000 as Kobo);

function stored(type: string, data: unknown, metadata: RecordedEvent['metadata'] = {}): RecordedEvent {
  return {
    id: randomUUID(),
    streamId: 'user-u1',
    version: 1,
    globalPosition: 1,
    type,
    data,
    metadata,
    recordedAt: new Date(),
    hash: '',
    prevHash: '',
  };
}

describe('decoding a stored event', () => {
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

  it('reads an event stored in an old shape as the current shape, and leaves the stored event and its hash alone', async () => {
    const userId = randomUUID();
    const streamId = `user-${userId}`;
    const common = { userId, withdrawalId: randomUUID(), amount: 5_000, postings };
    // Written as version 1 was: no schema version in the metadata, the reason under `error`.
    const old = { ...common, error: 'account closed' };
    // Written by today's deciders: the current version, named in the metadata.
    const current = { ...common, withdrawalId: randomUUID(), provider: 'paystack', reason: 'timeout' };
    await store.appendToStreams([
      {
        streamId,
        expectedVersion: 'no_stream',
        events: [
          { id: randomUUID(), type: 'PayoutFailed', data: old, metadata: { actor: 'system' } },
          {
            id: randomUUID(),
            type: 'PayoutFailed',
            data: current,
            metadata: schemas.withSchemaVersion('PayoutFailed', { actor: 'system' }),
          },
        ],
      },
    ]);

    const events = (await store.readStream(streamId)).map(schemas.decode);
    expect(events.map((e) => e.data)).toEqual([
      { ...common, provider: 'manual', reason: 'account closed' },
      current,
    ]);

    const { rows } = await db.pool.query(
      `SELECT data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [streamId],
    );
    expect(rows).toEqual([
      { data: old, metadata: { actor: 'system' } },
      { data: current, metadata: { actor: 'system', schemaVersion: 3 } },
    ]);
    expect(await verifyHashChain(db.pool)).toMatchObject({ ok: true });
  });

  it('refuses an event written in a version newer than the reader knows, rather than misreading it', async () => {
    const streamId = `user-${randomUUID()}`;
    await store.appendToStreams([
      {
        streamId,
        expectedVersion: 'no_stream',
        events: [
          {
            id: randomUUID(),
            type: 'PayoutFailed',
            data: { reason: 'timeout', provider: 'paystack' },
            metadata: { schemaVersion: 3 },
          },
        ],
      },
    ]);
    const [event] = await store.readStream(streamId);
    // The catalogue's own reader knows PayoutFailed at version 1 only.
    expect(() => decodeEvent(event!)).toThrow(UnreadableEventError);
    expect(() => decodeEvent(event!)).toThrow(/written in version 3, and this reader knows up to version 1/);
    expect(schemas.decode(event!).data).toEqual({ reason: 'timeout', provider: 'paystack' });
  });
});

describe('the upcasters and the schema version', () => {
  it('returns an event already in the current shape as it was read, without copying it', () => {
    const event = stored('PayoutFailed', { reason: 'x', provider: 'manual' }, { schemaVersion: 3 });
    expect(schemas.decode(event)).toBe(event);
    const unchanged = stored('UserDeleted', { userId: 'u1', by: 'a1' });
    expect(schemas.decode(unchanged)).toBe(unchanged);
  });

  it('names the version in the metadata only for a type above version 1', () => {
    const metadata = { actor: 'system' };
    expect(schemas.currentVersion('PayoutFailed')).toBe(3);
    expect(schemas.withSchemaVersion('PayoutFailed', metadata)).toEqual({
      actor: 'system',
      schemaVersion: 3,
    });
    expect(schemas.currentVersion('UserDeleted')).toBe(1);
    expect(schemas.withSchemaVersion('UserDeleted', metadata)).toBe(metadata);
  });

  it('refuses a type outside the catalogue and a schema version that is not a positive integer', () => {
    expect(() => decodeEvent(stored('SomethingNew', {}))).toThrow(/not in the catalogue/);
    for (const schemaVersion of [0, 1.5, '2'])
      expect(() =>
        decodeEvent(stored('UserDeleted', { userId: 'u1', by: 'a1' }, { schemaVersion } as never)),
      ).toThrow(/schema version .* is not valid/);
  });

  it('refuses upcasters that skip or repeat a version', () => {
    const step = (fromVersion: number): Upcaster => ({ type: 'UserDeleted', fromVersion, upcast: (d) => d });
    expect(() => eventSchemas([step(1), step(3)])).toThrow(/must read versions 1 to 2, one each/);
    expect(() => eventSchemas([step(1), step(1)])).toThrow(/must read versions 1 to 2, one each/);
    expect(() => eventSchemas([step(2)])).toThrow(/must read versions 1 to 1, one each/);
  });
});
