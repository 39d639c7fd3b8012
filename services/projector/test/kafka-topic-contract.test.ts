/**
 * The ledger topic's documented contract (docs/kafka-topic.md) holds without a broker: the JSON
 * Schema is what the event catalogue's types generate, and a message made of real ledger events
 * (the projection tests' log, every type in the catalogue) has the documented key and headers and
 * a value the schema accepts. The relay test checks the same against messages read back from Kafka.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { isKoboEventType, type PostgresEventStore } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { HEADERS, ledgerMessageOf } from '../src/kafka/topic-contract';
import { appendGroups, createPostgresEventStore, scenario } from './support';
import { topicSchemaValidator } from './topic-schema';

const root = join(__dirname, '../../..');

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

it('docs/kafka-topic.schema.json and the table in docs/kafka-topic.md are what the event catalogue generates', () => {
  // Throws (exit 1, "stale") when an event type changed and the docs were not regenerated.
  execFileSync('npx', ['tsx', 'scripts/kafka-topic-schema.ts', '--check'], { cwd: root, stdio: 'pipe' });
});

it('a message of each recorded event has the stream as key, the headers, and a value the schema accepts', async () => {
  await appendGroups(store, scenario(1500));
  const log = await store.readAll({ after: 0, limit: 100_000 });
  const validate = topicSchemaValidator();
  const types = new Set<string>();
  for (const event of log) {
    const message = ledgerMessageOf(event);
    expect(message.key).toBe(event.streamId);
    expect(message.headers[HEADERS.position]).toBe(String(event.globalPosition));
    expect(message.headers[HEADERS.type]).toBe(event.type);
    expect(validate(JSON.parse(message.value))).toEqual([]);
    types.add(event.type);
  }
  expect([...types].every(isKoboEventType)).toBe(true);
  expect(types.size).toBeGreaterThan(15);
});

it('the schema refuses an event whose data does not match its type', () => {
  const validate = topicSchemaValidator();
  const value = {
    id: '6f1c2d1e-8c1a-4f3e-9a51-0d3f4f2f5b10',
    streamId: 'user-1',
    version: 1,
    type: 'PasswordChanged',
    data: { userId: 1 },
    metadata: {},
    globalPosition: 1,
    recordedAt: '2026-11-23T11:52:54.123Z',
  };
  expect(validate(value)).not.toEqual([]);
  expect(validate({ ...value, data: { userId: '1' } })).toEqual([]);
});
