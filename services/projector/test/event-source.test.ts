/** The rebuild's lean reader of the log keeps what decoding needs: each event's schema version and actor. */
import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, decodeEvent, type PostgresEventStore } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { balances } from '../src/read-models';
import { postgresEventSource } from '../src/rebuild/event-source';
import { rebuild } from '../src/rebuild/rebuild';

let db: TestDatabase;
let store: PostgresEventStore;
const data = { userId: 'u1', by: 'a1' };
// The log of every test: a UserDeleted as releases before decision 0020 wrote it (version 1: `by` a
// bare id, its role in the metadata actor), then one in version 3, which this release (UserDeleted
// at version 2) cannot read.
const readable = randomUUID();
const unreadable = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
  await store.appendToStreams([
    {
      streamId: `user-${randomUUID()}`,
      expectedVersion: 'no_stream',
      events: [
        { id: readable, type: 'UserDeleted', data, metadata: { actor: 'finance:a1', correlationId: 'c1' } },
        { id: unreadable, type: 'UserDeleted', data, metadata: { actor: 'admin:a1', schemaVersion: 3 } },
      ],
    },
  ]);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

it('reads the schema version and actor of each event, as the store does, and no other metadata', async () => {
  const lean = await postgresEventSource(db.pool, store).readAll({ after: 0, limit: 10 });
  expect(lean.map((e) => [e.id, e.metadata])).toEqual([
    [readable, { actor: 'finance:a1' }],
    [unreadable, { actor: 'admin:a1', schemaVersion: 3 }],
  ]);
  const full = await store.readAll({ after: 0, limit: 10 });
  expect(full.map((e) => e.metadata.schemaVersion)).toEqual([undefined, 3]);
  // An old event reads the same from either: its `by` keeps the role the metadata gave it.
  expect(decodeEvent(lean[0]!).data).toEqual({ userId: 'u1', by: { role: 'finance', id: 'a1' } });
  expect(decodeEvent(full[0]!).data).toEqual(decodeEvent(lean[0]!).data);
});

it('a rebuild stops at an event in a schema version it cannot read, and names it', async () => {
  await expect(rebuild({ pool: db.pool, store, projections: [balances] })).rejects.toThrow(
    `projection balances failed on event ${unreadable} (UserDeleted) at position 2: event ${unreadable} ` +
      '(UserDeleted) cannot be read: it was written in version 3, and this reader knows up to version 2',
  );
});
