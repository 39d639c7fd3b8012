/**
 * Consumers fed from Kafka (decision 0028) against a real broker (KAFKA_BROKERS; `npm run stack:up`
 * prints it): projectors in two processes' worth of consumer-group members build exactly the read
 * models the log builds (every table compared with a rebuild from the log), while the history
 * grows, a member stops and the relay restarts; the partitions are spread over the members; and a
 * position the checkpoint waiter reports reached is in the read models (read-your-writes).
 */
import { randomUUID } from 'node:crypto';
import { KafkaJSNonRetriableError, Partitioners } from 'kafkajs';
import type { PostgresEventStore } from '@kobo/ledger';
import { capturingLogger, createTestDatabase, eventually, type TestDatabase } from '@kobo/platform/testing';
import { groupIdOf } from '../src/kafka/kafka-feed';
import { kafkaClient } from '../src/kafka/client';
import { startRelay, type RelayHandle } from '../src/kafka/relay';
import { ledgerMessageOf } from '../src/kafka/topic-contract';
import { projectionNames, projections } from '../src/read-models';
import type { ProjectionConsumer } from '../src/runtime/consumer';
import { startConsumers } from '../src/runtime/start-consumers';
import { startProjectors, type ProjectorsHandle } from '../src/runtime/start-projectors';
import { rebuild } from '../src/rebuild/rebuild';
import { verify } from '../src/verify/verify';
import { appendAtOnce, appendGroups, createPostgresEventStore, quietLogger, scenario } from './support';

const brokers = process.env.KAFKA_BROKERS?.split(',');
if (!brokers)
  console.log(
    'SKIPPED: consumers fed from Kafka against a real broker (KAFKA_BROKERS not set; npm run stack:up prints it)',
  );
const describeWithKafka = brokers ? describe : describe.skip;

jest.setTimeout(180_000);

let db: TestDatabase;
let store: PostgresEventStore;
let topic: string;
const running: { stop(): Promise<void> }[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
  topic = `kobo.test.fed.${randomUUID()}`;
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((each) => each.stop()));
  await store.close();
  await db.drop();
  if (!brokers) return;
  // The broker is shared by everything on the machine: leave it as found.
  const admin = kafkaClient({ brokers }).admin();
  await admin.connect();
  await Promise.all([
    admin.deleteTopics({ topics: [topic] }).catch(() => undefined),
    admin.deleteGroups(projectionNames.map((name) => groupIdOf(topic, name))).catch(() => undefined),
  ]);
  await admin.disconnect();
});

const kafka = () => ({ brokers: brokers!, topic, partitions: 6 });

async function relay(): Promise<RelayHandle> {
  const handle = await startRelay({
    pool: db.pool,
    store,
    logger: quietLogger,
    kafka: kafka(),
    pollIntervalMs: 50,
    leaderRetryMs: 100,
  });
  running.push(handle);
  return handle;
}

async function member(): Promise<ProjectorsHandle> {
  const handle = await startProjectors({ pool: db.pool, store, logger: quietLogger, kafka: kafka() });
  running.push(handle);
  return handle;
}

async function stop(handle: { stop(): Promise<void> }) {
  running.splice(running.indexOf(handle), 1);
  await handle.stop();
}

describeWithKafka('projectors fed from Kafka', () => {
  it('build exactly the read models the log builds, through member and relay restarts', async () => {
    const history = scenario(2400, 11);
    const third = Math.floor(history.length / 3);
    // Written before anything reads it: one append (what grows while they run is appended group by group).
    await appendAtOnce(store, history.slice(0, third));
    const relayHandle = await relay();
    const first = await member();
    const second = await member();

    // Both members get partitions of every group.
    const admin = kafkaClient({ brokers: brokers! }).admin();
    await admin.connect();
    try {
      await eventually('the partitions spread over both members', async () => {
        const { groups } = await admin.describeGroups([groupIdOf(topic, 'balances')]);
        const members = groups[0]?.members ?? [];
        return members.length === 2 ? members : undefined;
      });
    } finally {
      await admin.disconnect();
    }

    // More history while they run; one member stops and the relay restarts half way.
    await appendGroups(store, history.slice(third, 2 * third));
    await stop(relayHandle);
    await stop(second);
    await relay();
    const last = await appendGroups(store, history.slice(2 * third));
    await first.waitFor(last, projectionNames, 120_000);

    const checks = await verify({ pool: db.pool, store, projections });
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    // Every read model was compared at the head, not at some earlier checkpoint.
    const { rows } = await db.pool.query<{ projector: string; position: string }>(
      `SELECT projector, position FROM projection_checkpoints WHERE projector = ANY($1::text[])`,
      [projectionNames],
    );
    expect(rows.map((row) => Number(row.position))).toEqual(projectionNames.map(() => last));
  });

  it('goes on after a rebuild swapped its tables in, losing and doubling nothing', async () => {
    const history = scenario(2000, 3);
    const half = Math.floor(history.length / 2);
    await relay();
    const projectors = await member();
    const before = await appendGroups(store, history.slice(0, half));
    await projectors.waitFor(before, projectionNames, 60_000);
    // Rebuilt while the history grows: the swap takes each consumer's batch lock and reads the log
    // to its head, so the consumers' batches neither interleave with it nor hold anything past it.
    const [, last] = await Promise.all([
      rebuild({ pool: db.pool, store, projections }),
      appendGroups(store, history.slice(half)),
    ]);
    await projectors.waitFor(last, projectionNames, 60_000);
    expect((await verify({ pool: db.pool, store, projections })).filter((check) => !check.ok)).toEqual([]);
  });

  it('isolates a poison event, records it, stays on it and goes on once it can be handled', async () => {
    const last = await appendAtOnce(store, scenario(300, 9));
    const poison = Math.floor(last / 2);
    let broken = true;
    const handled: number[] = [];
    const consumer: ProjectionConsumer = {
      kind: 'projection',
      name: 'poison-test',
      description: 'fails on one event until mended',
      changes(events) {
        if (broken && events.some((event) => event.globalPosition === poison))
          throw new Error(`cannot handle ${poison}`);
        handled.push(...events.map((event) => event.globalPosition));
        return [];
      },
    };
    await relay();
    const handle = await startConsumers({
      pool: db.pool,
      store,
      logger: quietLogger,
      consumers: [consumer],
      kafka: kafka(),
      retryDelayMs: { min: 50, max: 200 },
    });
    running.push(handle);
    const failure = await eventually('the poison event recorded', async () => {
      const [status] = await handle.status();
      return status?.failure ?? undefined;
    });
    expect(failure.globalPosition).toBe(poison);
    const [stuck] = await handle.status();
    expect(stuck!.position).toBeLessThan(poison);
    expect(stuck!.state).toBe('failed');

    broken = false;
    await eventually('past the mended event, to the head', async () => {
      const [status] = await handle.status();
      return status!.position === last && !status!.failure ? status : undefined;
    });
    // Every event handled, none twice (the failed batches wrote nothing).
    expect([...handled].sort((a, b) => a - b)).toEqual(
      (await store.readAll({ after: 0, limit: 10_000 })).map((event) => event.globalPosition),
    );
  });

  it('handles once an event the relay published twice, when both copies come in one fetch', async () => {
    const last = await appendAtOnce(store, scenario(120, 4));
    const relayHandle = await relay();
    await eventually('the relay at the head', async () =>
      (await relayHandle.status())[0]!.position === last ? true : undefined,
    );
    // A relay that died after the broker acknowledged a batch, before its checkpoint moved, sends
    // it again (decision 0025): here every event, again, in the partitions of their first copies.
    const events = await store.readAll({ after: 0, limit: 10_000 });
    const producer = kafkaClient({ brokers: brokers! }).producer({
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    await producer.send({ topic, acks: -1, messages: events.map(ledgerMessageOf) });
    await producer.disconnect();

    const handled: number[] = [];
    const consumer: ProjectionConsumer = {
      kind: 'projection',
      name: 'repeat-test',
      description: 'records what it handles',
      changes(batch) {
        handled.push(...batch.map((event) => event.globalPosition));
        return [];
      },
    };
    const handle = await startConsumers({
      pool: db.pool,
      store,
      logger: quietLogger,
      consumers: [consumer],
      kafka: kafka(),
    });
    running.push(handle);
    await eventually('the consumer at the head', async () =>
      (await handle.status())[0]!.position === last ? true : undefined,
    );
    expect([...handled].sort((a, b) => a - b)).toEqual(events.map((event) => event.globalPosition));
  });

  it('starts a consumer again after a crash kafkajs gives up on (an error it counts as not retriable)', async () => {
    const history = scenario(240, 3);
    const half = Math.floor(history.length / 2);
    const first = await appendAtOnce(store, history.slice(0, half));
    const handled: number[] = [];
    const consumer: ProjectionConsumer = {
      kind: 'projection',
      name: 'crash-test',
      description: 'records what it handles',
      changes(events) {
        handled.push(...events.map((event) => event.globalPosition));
        return [];
      },
    };
    let crashes = 0;
    const { logger, lines } = capturingLogger('error');
    await relay();
    const handle = await startConsumers({
      pool: db.pool,
      store,
      logger,
      consumers: [consumer],
      kafka: { ...kafka(), partitions: 1 },
      retryDelayMs: { min: 50, max: 200 },
      hooks: {
        // The first batch stored, kafkajs is told what it does not retry (as KafkaJSGroupCoordinatorNotFound
        // after a broker restart): it stops the consumer and leaves it stopped.
        async afterKafkaBatch() {
          if (crashes++ === 0) throw new KafkaJSNonRetriableError('the group coordinator is gone (test)');
        },
      },
    });
    running.push(handle);
    await eventually('the crash said', async () => (crashes > 0 ? true : undefined));
    const last = await appendGroups(store, history.slice(half));
    expect(last).toBeGreaterThan(first);
    await eventually(
      'the consumer at the head after the crash',
      async () => ((await handle.status())[0]!.position === last ? true : undefined),
      60_000,
    );
    expect(lines.map((line) => line.msg)).toContain(
      'kafka-fed consumer crashed and kafkajs gave up on it; starting it again',
    );
    // Every event handled once: what was stored before the crash is not handled again.
    expect([...handled].sort((a, b) => a - b)).toEqual(
      (await store.readAll({ after: 0, limit: 10_000 })).map((event) => event.globalPosition),
    );
  });

  it('reports a position reached only once the read models hold it (read-your-writes)', async () => {
    const history = scenario(400, 5);
    await relay();
    const projectors = await member();
    for (const group of history.slice(0, 60)) {
      const position = await appendGroups(store, [group]);
      await projectors.waitFor(position, ['ledger_entries', 'balances'], 30_000);
      const { rows } = await db.pool.query<{ applied: string; entries: string }>(
        `SELECT (SELECT coalesce(max(last_position), 0) FROM account_balances) AS applied,
                (SELECT count(*) FROM ledger_entries WHERE global_position <= $1) AS entries`,
        [position],
      );
      const expected = await db.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM events e, jsonb_array_elements(coalesce(e.data->'postings', '[]'::jsonb))
         WHERE e.global_position <= $1`,
        [position],
      );
      expect(Number(rows[0]!.entries)).toBe(Number(expected.rows[0]!.n));
      if (Number(expected.rows[0]!.n) > 0) expect(Number(rows[0]!.applied)).toBeGreaterThan(0);
    }
  });
});
