/**
 * The relay: a reactor on the consumer runtime that publishes every ledger event to Kafka, in log
 * order, keyed by stream (docs/kafka-topic.md, decision 0025). Its effect, a batch sent by an
 * idempotent producer and acknowledged by all in-sync replicas, happens before its checkpoint moves;
 * a crash in between publishes that batch again, and consumers drop the repeat by `kobo-position`.
 * One process leads it at a time (the runtime's leadership), so there is one producer of the topic.
 */
import { Partitioners, type Kafka, type PartitionMetadata, type Producer } from 'kafkajs';
import type { EventStore } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import type { Queryable } from '../batch/flush';
import { RetryLaterError, type Reactor } from '../runtime/consumer';
import { Signal } from '../runtime/signal';
import { startConsumers, type ConsumersHandle, type StartConsumersOptions } from '../runtime/start-consumers';
import { ensureTopic, kafkaClient, type KafkaSettings } from './client';
import { hasMarks, marksOf, recordMarks } from './marks';
import { DEFAULT_TOPIC, ledgerMessageOf } from './topic-contract';

export const RELAY_NAME = 'kafka-relay';

export interface RelayOptions extends Pick<
  StartConsumersOptions,
  'pollIntervalMs' | 'leaderRetryMs' | 'retryDelayMs' | 'hooks'
> {
  pool: Pool;
  store: EventStore;
  logger: Logger;
  kafka: KafkaSettings;
  /** The consumer's name: its checkpoint, lock and failures (default "kafka-relay"). */
  name?: string;
  /** Events per send (default 500): a crash publishes at most this many again. */
  batchSize?: number;
}

export interface RelayHandle extends ConsumersHandle {
  topic: string;
}

/** The relay as the runtime and the status screens name it (also where another process runs it). */
export function relayConsumer(
  topic: string,
  name = RELAY_NAME,
): Pick<Reactor, 'kind' | 'name' | 'description'> {
  return {
    kind: 'reactor',
    name,
    description: `Publishes every ledger event to the Kafka topic ${topic}, keyed by stream, in log order`,
  };
}

export function relayReactor(options: {
  producer: Producer;
  topic: string;
  /** The topic's partitions, as the broker describes them. */
  partitions: PartitionMetadata[];
  /** Where the marks go (decision 0028): the database of the log. */
  db: Queryable;
  name?: string;
}): Reactor {
  const { producer, topic, partitions, db, name = RELAY_NAME } = options;
  // The Java client's partitioner (murmur2 of the key), applied here so that the count of messages
  // per partition is known for the marks; it is also what the producer would have chosen.
  const partitionOf = Partitioners.DefaultPartitioner();
  return {
    ...relayConsumer(topic, name),
    async react(events) {
      const sent = new Map<number, number>();
      const messages = events.map((event) => {
        const message = ledgerMessageOf(event);
        const partition = partitionOf({ topic, partitionMetadata: partitions, message });
        sent.set(partition, (sent.get(partition) ?? 0) + 1);
        return { ...message, partition };
      });
      // One send: acknowledged (acks=all) only when every message of the batch is in the log. A
      // broker that cannot be reached is no fault of the events: retried, nothing recorded as poison.
      const answer = await producer.send({ topic, acks: -1, messages }).catch((error: unknown) => {
        if (!isBrokerUnreachable(error)) throw error;
        throw new RetryLaterError(`Kafka broker cannot be reached: ${(error as Error).message}`);
      });
      await recordMarks(
        db,
        topic,
        { firstPosition: events[0]!.globalPosition, lastPosition: events[events.length - 1]!.globalPosition },
        marksOf(answer, sent),
      );
    },
  };
}

/** kafkajs's errors of a broker gone away (retriable, or retries run out on one), not of a message. */
function isBrokerUnreachable(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { name, retriable } = cause as { name?: string; retriable?: boolean };
    if (retriable || name === 'KafkaJSConnectionError' || name === 'KafkaJSConnectionClosedError')
      return true;
  }
  return false;
}

/** The topic's partitions, and a first mark for what it held before the relay marked anything. */
async function preparePartitions(kafka: Kafka, db: Queryable, topic: string): Promise<PartitionMetadata[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [metadata] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
    if (!(await hasMarks(db, topic))) {
      // Messages sent before marks were kept: nothing before them counts as handled until a
      // consumer is past them (first position 1).
      const ends = (await admin.fetchTopicOffsets(topic)).filter((end) => Number(end.high) > 0);
      for (const end of ends)
        await recordMarks(db, topic, { firstPosition: 1, lastPosition: 0 }, [
          { partition: end.partition, nextOffset: Number(end.high) },
        ]);
    }
    return metadata!.partitions;
  } finally {
    await admin.disconnect();
  }
}

/** Back-off between attempts to reach the broker at start (default 500 ms doubling to 30 s). */
const CONNECT_RETRY_MS = { min: 500, max: 30_000 };
/** Between sends that failed, and between the producer's own retries of one send. */
const SEND_RETRY_MS = { min: 500, max: 5_000 };

/**
 * Whether a broker answers: one connection without kafkajs's retries (about 12 s of them), so an
 * attempt, and a stop waiting for it, takes at most a connection timeout.
 */
async function reachBroker(settings: KafkaSettings): Promise<void> {
  const admin = kafkaClient(settings, undefined, { retries: 0 }).admin();
  await admin.connect();
  await admin.disconnect();
}

/**
 * Starts the relay without waiting for the broker: the consumer starts at once (a database that
 * cannot be reached still fails the start), and the topic and producer are made ready in the
 * background, trying again with back-off. Until then the relay shows `retrying` with why, and its
 * batches wait; once the broker answers it publishes from its checkpoint.
 */
export async function startRelay(options: RelayOptions): Promise<RelayHandle> {
  const { pool, store, logger, batchSize = 500, ...rest } = options;
  const kafka = kafkaClient(options.kafka, logger);
  const topic = options.kafka.topic ?? DEFAULT_TOPIC;
  // Idempotent: the broker drops a retried send it already has, so a retry inside one send doubles
  // nothing; one request in flight keeps a partition's messages in the order sent. The default
  // partitioner is the Java client's (murmur2 of the key), so other clients can tell a stream's partition.
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
    // Without end, as an idempotent producer does, but at most 5 s apart: a broker back is used soon.
    retry: { retries: Number.MAX_SAFE_INTEGER, maxRetryTime: SEND_RETRY_MS.max },
  });
  // Set while the broker has not yet been reached: why, for the status and for a batch that waits.
  let unreachable: string | null = `Kafka broker cannot be reached yet (${options.kafka.brokers.join(',')})`;
  let stopping = false;
  const wake = new Signal();
  // Made once the broker answered: the marks need the topic's partitions (decision 0028).
  let reactor: Reactor | undefined;
  const connecting = (async () => {
    let backoff = rest.retryDelayMs?.min ?? CONNECT_RETRY_MS.min;
    const maxBackoff = rest.retryDelayMs?.max ?? CONNECT_RETRY_MS.max;
    while (!stopping) {
      try {
        await reachBroker(options.kafka);
        await ensureTopic(kafka, options.kafka);
        const partitions = await preparePartitions(kafka, pool, topic);
        await producer.connect();
        reactor = relayReactor({ producer, topic, partitions, db: pool, name: rest.name });
        unreachable = null;
        logger.info({ topic, brokers: options.kafka.brokers }, 'kafka relay connected');
        return;
      } catch (error) {
        unreachable = `Kafka broker cannot be reached (${options.kafka.brokers.join(',')}): ${(error as Error).message}`;
        logger.warn(
          { err: error, brokers: options.kafka.brokers },
          'kafka broker cannot be reached; will retry',
        );
      }
      await wake.wait(backoff);
      backoff = Math.min(backoff * 2, maxBackoff);
    }
  })();
  const consumers = await startConsumers({
    pool,
    store,
    logger,
    consumers: [
      {
        ...relayConsumer(topic, rest.name),
        async react(events) {
          if (unreachable || !reactor)
            throw new RetryLaterError(unreachable ?? 'kafka relay not connected yet');
          await reactor.react(events);
        },
      },
    ],
    batchSize,
    maxBatchSize: batchSize,
    pollIntervalMs: rest.pollIntervalMs,
    leaderRetryMs: rest.leaderRetryMs,
    // A broker back after an outage is used within seconds: a retry costs one connection attempt.
    retryDelayMs: rest.retryDelayMs ?? SEND_RETRY_MS,
    hooks: rest.hooks,
  }).catch(async (error: unknown) => {
    stopping = true;
    wake.notify();
    await connecting;
    await producer.disconnect();
    throw error;
  });
  logger.info({ topic, brokers: options.kafka.brokers }, 'kafka relay started');
  return {
    topic,
    // Until the broker answers, the relay is shown retrying, with why, even with nothing to publish.
    status: async () =>
      (await consumers.status()).map((status) =>
        unreachable && status.state !== 'stopped' && status.state !== 'failed'
          ? { ...status, state: 'retrying', lastError: unreachable }
          : status,
      ),
    async stop() {
      stopping = true;
      wake.notify();
      await connecting;
      await consumers.stop();
      await producer.disconnect();
    },
  };
}
