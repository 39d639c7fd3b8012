/**
 * Who acted is said once, as an Actor (decision 0020): a staff decision's `by` in its data, other
 * events' metadata actor. Events stored before, with `by` a bare id and the role in a metadata
 * string ('finance:<id>'), read in the new shape, and the deciders fold them as they fold new ones.
 */
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { actorOf, actorText, type Actor } from '../../src/domain/actor';
import { decodeEvent, withSchemaVersion } from '../../src/domain/event-decoding';
import { streams } from '../../src/domain/events';
import { createLedgerCommands, type LedgerCommands } from '../../src/domain/handlers/ledger-commands';
import { createPostgresEventStore, verifyHashChain, type PostgresEventStore } from '../../src/event-store';
import { kobo } from '../../src/money';
import { registerUser } from '../../src/testing';
import { rules } from './support/fixtures';

const admin: Actor = { role: 'admin', id: 'a1' };
const finance: Actor = { role: 'finance', id: 'f1' };

let db: TestDatabase;
let store: PostgresEventStore;
let ledger: LedgerCommands;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
  ledger = createLedgerCommands(store, { rules });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/** Appends events to a user's stream as a release before decision 0020 stored them. */
async function storeAsBefore(userId: string, events: { type: string; data: object; actor?: string }[]) {
  const head = (await store.readStream(streams.user(userId))).at(-1);
  await store.appendToStreams([
    {
      streamId: streams.user(userId),
      expectedVersion: head!.version,
      events: events.map(({ type, data, actor }) => ({
        id: randomUUID(),
        type,
        data,
        metadata: actor === undefined ? {} : { actor },
      })),
    },
  ]);
}

describe('a staff decision stored before decision 0020', () => {
  it('reads with `by` as an actor whose role the stored metadata gave, and the stored row is unchanged', async () => {
    const { userId } = await registerUser(ledger, { account: 100_000 });
    await storeAsBefore(userId, [
      { type: 'UserStatusSet', data: { userId, status: 'suspended', by: 'f1' }, actor: 'finance:f1' },
      { type: 'UserStatusSet', data: { userId, status: 'active', by: 'a1' }, actor: 'system:seed' },
      { type: 'UserDeleted', data: { userId, by: userId }, actor: userId },
    ]);
    const stored = (await store.readStream(streams.user(userId))).slice(-3);
    expect(stored.map((e) => decodeEvent(e).data)).toEqual([
      { userId, status: 'suspended', by: finance },
      // The demo seed decided as its admin: a `by` the metadata does not name was an admin's.
      { userId, status: 'active', by: admin },
      // Users deleting their own account.
      { userId, by: { role: 'user', id: userId } },
    ]);
    expect(stored.map((e) => e.data)).toEqual([
      { userId, status: 'suspended', by: 'f1' },
      { userId, status: 'active', by: 'a1' },
      { userId, by: userId },
    ]);
    expect((await verifyHashChain(db.pool)).ok).toBe(true);
  });

  it('keeps separation of duties across the change: the asker of an old request cannot approve it', async () => {
    const { userId } = await registerUser(ledger, { account: 100_000 });
    await storeAsBefore(userId, [
      {
        type: 'BalanceAdjustmentRequested',
        data: {
          userId,
          adjustmentId: 'adj-1',
          balance: 'account',
          amount: 5_000_000,
          reason: 'refund',
          by: 'a1',
        },
        actor: 'admin:a1',
      },
    ]);
    // The same person, now signed in as finance.
    await expect(
      ledger.approveBalanceAdjustment({ userId, adjustmentId: 'adj-1', by: { role: 'finance', id: 'a1' } }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const approved = await ledger.approveBalanceAdjustment({ userId, adjustmentId: 'adj-1', by: finance });
    expect(approved.events.map((e) => [e.type, e.data, e.metadata])).toEqual([
      [
        'BalanceAdjusted',
        expect.objectContaining({ amount: kobo(5_000_000), by: finance, requestedBy: admin }),
        { schemaVersion: 3 },
      ],
    ]);
  });

  it('reads an old approved adjustment with `by` the approver and `requestedBy` the asker', () => {
    const data = { userId: 'u1', adjustmentId: 'adj-1', balance: 'account', amount: 5_000, reason: 'r' };
    const recordedAt = new Date('2026-11-20T10:00:00.000Z');
    const old = (more: object, actor: string) =>
      decodeEvent({
        id: randomUUID(),
        streamId: 'user-u1',
        version: 2,
        globalPosition: 2,
        type: 'BalanceAdjusted',
        data: { ...data, postings: [], ...more },
        metadata: { actor },
        recordedAt,
        hash: '',
        prevHash: '',
      }).data;
    expect(old({ by: 'a1', requestedBy: 'a1', approvedBy: 'f1' }, 'finance:f1')).toEqual({
      ...data,
      postings: [],
      by: finance,
      requestedBy: admin,
    });
    // Posted without approval: when, from the recorded time (version 3 says it in `at`).
    expect(old({ by: 'a1' }, 'admin:a1')).toEqual({
      ...data,
      postings: [],
      by: admin,
      at: '2026-11-20T10:00:00.000Z',
    });
  });
});

describe('saying who acted once', () => {
  it('stores a staff decision at version 2 with `by` an actor and no metadata actor', async () => {
    const { userId } = await registerUser(ledger);
    const result = await ledger.setUserStatus({ userId, status: 'suspended', by: admin });
    const [event] = (await store.readStream(streams.user(userId))).slice(-1);
    expect(event!.data).toEqual({ userId, status: 'suspended', by: admin });
    expect(event!.metadata).toEqual({ schemaVersion: 2 });
    expect(result.events[0]!.metadata).toEqual(withSchemaVersion('UserStatusSet', {}));
  });

  it('refuses a metadata actor for an event whose data says who acted', async () => {
    const { userId } = await registerUser(ledger);
    await expect(
      ledger.setUserStatus({ userId, status: 'suspended', by: admin }, { actor: admin }),
    ).rejects.toThrow('UserStatusSet say who acted in their data (by): pass no actor');
    expect((await store.readStream(streams.user(userId))).map((e) => e.type)).not.toContain('UserStatusSet');
  });

  it('reads who acted in one form from either home and either age', () => {
    const asStored = (data: object, actor?: unknown) => ({
      data,
      metadata: actor === undefined ? {} : { actor },
    });
    const read = (event: ReturnType<typeof asStored>) => {
      const who = actorOf(event as never);
      return who && actorText(who);
    };
    expect(read(asStored({ by: finance }))).toBe('finance:f1');
    expect(read(asStored({ by: 'f1' }, 'finance:f1'))).toBe('finance:f1');
    expect(read(asStored({}, { role: 'user', id: 'u1' }))).toBe('user:u1');
    expect(read(asStored({}, 'u1'))).toBe('user:u1');
    expect(read(asStored({}, 'system'))).toBe('system:system');
    expect(read(asStored({}, 'system:seed'))).toBe('system:seed');
    expect(read(asStored({}))).toBeUndefined();
  });
});
