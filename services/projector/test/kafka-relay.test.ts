/**
 * The Kafka relay against a real broker (KAFKA_BROKERS; `npm run stack:up` prints it): every event
 * published once, keyed by stream, in log order, with the contract's headers and value; a relay
 * that dies after the broker acknowledged a batch but before its checkpoint moved publishes that
 * batch again on restart, and de-duplication by `kobo-position` leaves every event exactly once.
 * Also prints the relay's throughput (recorded in docs/performance.md).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { KafkaMessage } from 'kafkajs';
import {
  createLedgerCommands,
  createPersonalDataKeys,
  sealPersonalData,
  type PostgresEventStore,
  type RecordedEvent,
} from '@kobo/ledger';
import { registerUser } from '@kobo/ledger/testing';
import { createTestDatabase, eventually, freePort, type TestDatabase } from '@kobo/platform/testing';
import { HEADERS, MESSAGE_SCHEMA_VERSION } from '../src/kafka/topic-contract';
import { kafkaClient } from '../src/kafka/client';
import { RELAY_NAME, startRelay, type RelayHandle, type RelayOptions } from '../src/kafka/relay';
import { appendGroups, createPostgresEventStore, quietLogger, rules, scenario } from './support';
import { topicSchemaValidator } from './topic-schema';

const brokers = process.env.KAFKA_BROKERS?.split(',');
if (!brokers)
  console.log(
    'SKIPPED: the Kafka relay against a real broker (KAFKA_BROKERS not set; npm run stack:up prints it)',
  );
const describeWithKafka = brokers ? describe : describe.skip;

let db: TestDatabase;
let store: PostgresEventStore;
const relays: RelayHandle[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
});

const topics: string[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  await store.close();
  await db.drop();
  // The broker is shared by everything on the machine: leave it as found.
  if (topics.length) {
    const admin = kafkaClient({ brokers: brokers! }).admin();
    await admin.connect();
    await admin.deleteTopics({ topics: topics.splice(0) });
    await admin.disconnect();
  }
});

/** A fresh topic per test, so each reads only what its own relay published. */
function newTopic() {
  const topic = `kobo.test.relay.${randomUUID()}`;
  topics.push(topic);
  return topic;
}

async function relay(topic: string, options: Partial<RelayOptions> = {}) {
  const handle = await startRelay({
    pool: db.pool,
    store,
    logger: quietLogger,
    kafka: { brokers: brokers!, topic, partitions: 6 },
    pollIntervalMs: 50,
    leaderRetryMs: 100,
    retryDelayMs: { min: 20, max: 100 },
    ...options,
  });
  relays.push(handle);
  return handle;
}

async function checkpoint(name = RELAY_NAME): Promise<number> {
  const { rows } = await db.pool.query<{ position: string }>(
    'SELECT position FROM projection_checkpoints WHERE projector = $1',
    [name],
  );
  return Number(rows[0]?.position ?? 0);
}

async function relayedUpTo(position: number, name = RELAY_NAME) {
  await eventually(`the relay's checkpoint at ${position}`, async () =>
    (await checkpoint(name)) >= position ? true : undefined,
  );
}

interface Received {
  partition: number;
  message: KafkaMessage;
}

/** Everything in the topic, partition by partition in offset order: read up to each partition's end. */
async function readTopic(topic: string): Promise<Received[]> {
  const kafka = kafkaClient({ brokers: brokers! });
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map(
    (await admin.fetchTopicOffsets(topic)).map((each) => [each.partition, Number(each.high)]),
  );
  const received: Received[] = [];
  const groupId = `kobo-test-${randomUUID()}`;
  const consumer = kafka.consumer({ groupId });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const next = new Map([...ends.keys()].map((partition) => [partition, 0]));
  await consumer.run({
    eachMessage: async ({ partition, message }) => {
      received.push({ partition, message });
      next.set(partition, Number(message.offset) + 1);
    },
  });
  try {
    await eventually('every partition read to its end', async () =>
      [...ends].every(([partition, end]) => next.get(partition)! >= end) ? true : undefined,
    );
  } finally {
    await consumer.disconnect();
    await admin.deleteGroups([groupId]);
    await admin.disconnect();
  }
  return received;
}

function header(message: KafkaMessage, name: string): string | undefined {
  return message.headers?.[name]?.toString();
}

const positionOf = (each: Received) => Number(header(each.message, HEADERS.position));

async function wholeLog(): Promise<RecordedEvent[]> {
  return store.readAll({ after: 0, limit: 100_000 });
}

/** Each stream's positions in the order its partition holds them, and the partitions it is in. */
function byStream(received: Received[]) {
  const streams = new Map<string, { partitions: Set<number>; positions: number[] }>();
  for (const each of received) {
    const stream = header(each.message, HEADERS.stream)!;
    const entry = streams.get(stream) ?? { partitions: new Set(), positions: [] };
    entry.partitions.add(each.partition);
    entry.positions.push(positionOf(each));
    streams.set(stream, entry);
  }
  return streams;
}

const increasing = (positions: number[]) => positions.every((p, i) => i === 0 || p > positions[i - 1]!);

describeWithKafka('the Kafka relay (real broker at KAFKA_BROKERS)', () => {
  it('publishes every event once, keyed by its stream, in log order, with the headers and the event as JSON', async () => {
    const head = await appendGroups(store, scenario(600));
    const topic = newTopic();
    await relay(topic, { batchSize: 100 });
    await relayedUpTo(head);

    const received = await readTopic(topic);
    const log = await wholeLog();
    expect(log).toHaveLength(head);
    // Exactly once: as many messages as events, one per position (no de-duplication needed here).
    expect(received.map(positionOf).sort((a, b) => a - b)).toEqual(log.map((e) => e.globalPosition));
    // A stream's events are in one partition, in log order; each partition is in log order.
    const streams = byStream(received);
    expect(streams.size).toBeGreaterThan(20);
    expect(new Set([...streams.values()].map((each) => each.partitions.size))).toEqual(new Set([1]));
    expect(new Set(received.map((each) => each.partition)).size).toBeGreaterThan(1);
    for (const { positions } of streams.values()) expect(increasing(positions)).toBe(true);
    for (let partition = 0; partition < 6; partition++)
      expect(increasing(received.filter((e) => e.partition === partition).map(positionOf))).toBe(true);
    // Headers and value: what the log recorded, and a value the documented schema accepts.
    const validate = topicSchemaValidator();
    const byPosition = new Map(received.map((each) => [positionOf(each), each.message]));
    for (const event of log) {
      const message = byPosition.get(event.globalPosition)!;
      expect(message.key!.toString()).toBe(event.streamId);
      expect({
        position: header(message, HEADERS.position),
        eventId: header(message, HEADERS.eventId),
        type: header(message, HEADERS.type),
        stream: header(message, HEADERS.stream),
        hash: header(message, HEADERS.hash),
        recordedAt: header(message, HEADERS.recordedAt),
        schemaVersion: header(message, HEADERS.schemaVersion),
      }).toEqual({
        position: String(event.globalPosition),
        eventId: event.id,
        type: event.type,
        stream: event.streamId,
        hash: event.hash,
        recordedAt: event.recordedAt.toISOString(),
        schemaVersion: MESSAGE_SCHEMA_VERSION,
      });
      expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
      const value = JSON.parse(message.value!.toString());
      expect(validate(value)).toEqual([]);
      expect(value).toEqual({
        id: event.id,
        streamId: event.streamId,
        version: event.version,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        globalPosition: event.globalPosition,
        recordedAt: event.recordedAt.toISOString(),
      });
    }
  });

  it('publishes personal fields sealed, as the log stores them; opened through the key service, and empty once the person is erased', async () => {
    const topic = newTopic();
    const keys = createPersonalDataKeys({ pool: db.pool, masterKeys: { current: randomBytes(32) } });
    const sealed = sealPersonalData(store, keys);
    const tag = randomUUID().slice(0, 8);
    const person = { firstName: `Folake${tag}`, email: `folake.${tag}@example.ng`, phone: '08031234567' };
    const user = await registerUser(createLedgerCommands(sealed, { rules }), person);
    await relay(topic);
    await relayedUpTo(user.lastPosition);
    const values = (await readTopic(topic)).map((each) => each.message.value!.toString());
    const text = values.join('\n');
    for (const value of [person.firstName, person.email, person.phone, user.username])
      expect(text).not.toContain(value);
    // A consumer of Kobo's own opens them as the log's readers do.
    const registered = values
      .map((value) => JSON.parse(value))
      .find((event) => event.type === 'UserRegistered');
    const [opened] = await sealed.openStored([registered]);
    expect(opened.data).toMatchObject({ firstName: person.firstName, email: person.email });
    await keys.destroy(user.userId, 'account deleted');
    const [erased] = await sealed.openStored([registered]);
    expect(erased.data).toMatchObject({ firstName: '', email: '', phone: '' });
  });

  it('a relay that dies after the broker acknowledged a batch, before its checkpoint moved, publishes it again on restart: nothing lost, nothing twice after de-duplication by position', async () => {
    const head = await appendGroups(store, scenario(400));
    const topic = newTopic();
    let batches = 0;
    let died: Promise<void> | undefined;
    const first = await relay(topic, {
      batchSize: 50,
      hooks: {
        // The third batch is acknowledged by the broker; the process dies before its checkpoint commits.
        async beforeCommit() {
          if (++batches < 3) return;
          died = first.stop();
          throw new Error('the process dies here');
        },
      },
    });
    await eventually('the relay to die', async () => (died ? true : undefined));
    await died;
    expect(await checkpoint()).toBe(100);

    await relay(topic, { batchSize: 50 });
    await relayedUpTo(head);
    const received = await readTopic(topic);

    // The batch in flight at the crash was published twice...
    expect(received.length).toBe(head + 50);
    // ...and de-duplicated by kobo-position, every event is there exactly once, each stream in order.
    const seen = new Set<number>();
    const deduplicated = received.filter((each) => !seen.has(positionOf(each)) && seen.add(positionOf(each)));
    expect(deduplicated.map(positionOf).sort((a, b) => a - b)).toEqual(
      (await wholeLog()).map((e) => e.globalPosition),
    );
    for (const { positions, partitions } of byStream(deduplicated).values()) {
      expect(partitions.size).toBe(1);
      expect(increasing(positions)).toBe(true);
    }
  });

  it('throughput: events per second from append to publish acknowledged (printed)', async () => {
    const topic = newTopic();
    await relay(topic);
    // 32 writers, one stream each, single-event appends (the ledger benchmark's shape).
    const writers = 32;
    const perWriter = 150;
    const started = performance.now();
    let head = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let i = 0; i < perWriter; i++) {
          const result = await store.appendToStreams([
            {
              streamId: `bench-${writer}`,
              expectedVersion: i,
              events: [{ id: randomUUID(), type: 'BenchEvent', data: { writer, i, note: 'x'.repeat(200) } }],
            },
          ]);
          head = Math.max(head, result.lastPosition);
        }
      }),
    );
    const appended = performance.now();
    await relayedUpTo(writers * perWriter);
    const acknowledged = performance.now();
    const events = writers * perWriter;
    const line =
      `kafka relay: ${events} events appended by ${writers} writers in ${Math.round(appended - started)} ms ` +
      `and published (acks=all) ${Math.round(acknowledged - appended)} ms after the last append: ` +
      `${Math.round(events / ((acknowledged - started) / 1000))} events/s from append to acknowledged`;
    // Catching up: a second relay (its own name and topic) publishes the same log from the start.
    const catchUpTopic = newTopic();
    const catchUpStarted = performance.now();
    await relay(catchUpTopic, { name: 'kafka-relay-catch-up' });
    await relayedUpTo(events, 'kafka-relay-catch-up');
    const catchUp = performance.now() - catchUpStarted;
    console.log(
      `${line}; catching up from position 0: ${events} events in ${Math.round(catchUp)} ms, ` +
        `${Math.round(events / (catchUp / 1000))} events/s (batches of 500, acks=all)`,
    );
    expect((await readTopic(topic)).length).toBe(events);
    expect((await readTopic(catchUpTopic)).length).toBe(events);
  });
});

/** The milliseconds `action` took. */
async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await action();
  return Date.now() - started;
}

/** Forwards connections on `port` to the broker at `target`: a broker address that can be brought up later. */
/**
 * A proxy to the broker on a port of its own (port 0: no other process can hold it), down until
 * `up()`: a connection before then is closed at once, as a broker that is not running yet.
 */
async function brokerProxy(target: string): Promise<{ port: number; up(): void; close(): Promise<void> }> {
  const [host, targetPort] = target.split(':');
  const sockets = new Set<Socket>();
  let isUp = false;
  const server: Server = createServer((client) => {
    if (!isUp) return void client.destroy();
    const upstream = connect(Number(targetPort), host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    up: () => void (isUp = true),
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

describe('the Kafka relay with no broker listening', () => {
  it('starts at once, shows retrying with why, and stops at once', async () => {
    await appendGroups(store, scenario(5));
    const deadBroker = `127.0.0.1:${await freePort()}`;
    let handle!: RelayHandle;
    const startMs = await timed(async () => {
      handle = await startRelay({
        pool: db.pool,
        store,
        logger: quietLogger,
        kafka: { brokers: [deadBroker], topic: `kobo.test.relay.${randomUUID()}` },
        pollIntervalMs: 50,
        retryDelayMs: { min: 20, max: 100 },
      });
    });
    expect(startMs).toBeLessThan(2_000);
    await eventually('the relay shown retrying after a failed attempt', async () => {
      const [status] = await handle.status();
      return status?.lastError?.includes(': ') ? status : undefined;
    });
    const [status] = await handle.status();
    expect(status).toMatchObject({ name: RELAY_NAME, state: 'retrying', position: 0 });
    expect(status!.lag).toBeGreaterThan(0);
    expect(status!.lastError).toMatch(new RegExp(`^Kafka broker cannot be reached \\(${deadBroker}\\): `));
    expect(await checkpoint()).toBe(0);
    expect(await timed(() => handle.stop())).toBeLessThan(3_000);
  });
});

describeWithKafka(
  'the Kafka relay when the broker comes up after it started (real broker at KAFKA_BROKERS)',
  () => {
    it('publishes from its checkpoint once the broker answers', async () => {
      const head = await appendGroups(store, scenario(30));
      const proxy = await brokerProxy(brokers![0]!);
      const topic = newTopic();
      try {
        // Bootstraps through the proxy; the broker's metadata then names its own address.
        const handle = await relay(topic, {
          kafka: { brokers: [`127.0.0.1:${proxy.port}`], topic, partitions: 6 },
        });
        await eventually('the relay shown retrying', async () =>
          (await handle.status())[0]?.lastError?.includes(': ') ? true : undefined,
        );
        expect(await checkpoint()).toBe(0);
        proxy.up();
        await relayedUpTo(head);
        expect((await readTopic(topic)).map(positionOf).sort((a, b) => a - b)).toEqual(
          (await wholeLog()).map((event) => event.globalPosition),
        );
        const [status] = await handle.status();
        expect(status).toMatchObject({ state: 'idle', lag: 0, lastError: null });
      } finally {
        await proxy.close();
      }
    });
  },
);
