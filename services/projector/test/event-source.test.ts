/** The rebuild's lean reader of the log keeps what decoding needs: each event's schema version. */
import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type PostgresEventStore } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/src/testing/test-database';
import { postgresEventSource } from '../src/rebuild/event-source';

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

it('reads the schema version of each event, as the store does, and no other metadata', async () => {
  const data = { userId: 'u1', by: 'a1' };
  await store.appendToStreams([
    {
      streamId: `user-${randomUUID()}`,
      expectedVersion: 'no_stream',
      events: [
        { id: randomUUID(), type: 'UserDeleted', data, metadata: { actor: 'admin:a1' } },
        { id: randomUUID(), type: 'UserDeleted', data, metadata: { actor: 'admin:a1', schemaVersion: 2 } },
      ],
    },
  ]);
  const lean = await postgresEventSource(db.pool, store).readAll({ after: 0, limit: 10 });
  expect(lean.map((e) => e.metadata)).toEqual([{}, { schemaVersion: 2 }]);
  const full = await store.readAll({ after: 0, limit: 10 });
  expect(full.map((e) => e.metadata.schemaVersion)).toEqual([undefined, 2]);
});
