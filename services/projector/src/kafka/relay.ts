/**
 * The relay: a reactor on the consumer runtime that publishes every ledger event to Kafka, in log
 * order, keyed by stream (docs/kafka-topic.md, decision 0025). Its effect, a batch sent by an
 * idempotent producer and acknowledged by all in-sync replicas, happens before its checkpoint moves;
 * a crash in between publishes that batch again, and consumers drop the repeat by `kobo-position`.
 * One process leads it at a time (the runtime's leadership), so there is one producer of the topic.
 */
import { Kafka, logLevel, Partitioners, type PartitionMetadata, type Producer } from 'kafkajs';
import type { EventStore } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import type { Queryable } from '../batch/flush';
import type { Reactor } from '../runtime/consumer';
import { startConsumers, type ConsumersHandle, type StartConsumersOptions } from '../runtime/start-consumers';
import { hasMarks, marksOf, recordMarks } from './marks';
import { DEFAULT_TOPIC, ledgerMessageOf } from './topic-contract';

export const RELAY_NAME = 'kafka-relay';

export interface KafkaSettings {
  /** host:port of each bootstrap broker. */
  brokers: string[];
  topic?: string;
  /** Partitions of the topic when the relay creates it (default 6); an existing topic is kept as it is. */
  partitions?: number;
  /** Replication factor when the relay creates the topic (default 1: the one-machine stack). */
  replicationFactor?: number;
  clientId?: string;
}

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
      // One send: acknowledged (acks=all) only when every message of the batch is in the log.
      const answer = await producer.send({ topic, acks: -1, messages });
      await recordMarks(
        db,
        topic,
        { firstPosition: events[0]!.globalPosition, lastPosition: events[events.length - 1]!.globalPosition },
        marksOf(answer, sent),
      );
    },
  };
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

/** A kafkajs client whose warnings and errors go to our logger (kafkajs would print them to the console). */
export function kafkaClient(settings: KafkaSettings, logger?: Logger): Kafka {
  return new Kafka({
    clientId: settings.clientId ?? 'kobo-relay',
    brokers: settings.brokers,
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ namespace, level, log }) => {
        const { message, ...details } = log;
        if (!logger) return;
        if (level === logLevel.ERROR) logger.error({ kafkajs: namespace, ...details }, message);
        else logger.warn({ kafkajs: namespace, ...details }, message);
      },
  });
}

/** Creates the topic unless it exists; waits until its partitions have leaders. */
export async function ensureTopic(kafka: Kafka, settings: KafkaSettings): Promise<string> {
  const topic = settings.topic ?? DEFAULT_TOPIC;
  const admin = kafka.admin();
  await admin.connect();
  try {
    // Asked first so that a topic that exists is not a logged creation error; two relays creating
    // it at once is still fine (createTopics answers false for a topic that exists).
    if ((await admin.listTopics()).includes(topic)) return topic;
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic,
          numPartitions: settings.partitions ?? 6,
          replicationFactor: settings.replicationFactor ?? 1,
          // The whole log: consumers fed from Kafka rebuild from the beginning (decision 0028).
          configEntries: [{ name: 'retention.ms', value: '-1' }],
        },
      ],
    });
  } finally {
    await admin.disconnect();
  }
  return topic;
}

export async function startRelay(options: RelayOptions): Promise<RelayHandle> {
  const { pool, store, logger, batchSize = 500, ...rest } = options;
  const kafka = kafkaClient(options.kafka, logger);
  const topic = await ensureTopic(kafka, options.kafka);
  const partitions = await preparePartitions(kafka, pool, topic);
  // Idempotent: the broker drops a retried send it already has, so a retry inside one send doubles
  // nothing; one request in flight keeps a partition's messages in the order sent. The default
  // partitioner is the Java client's (murmur2 of the key), so other clients can tell a stream's partition.
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  let consumers: ConsumersHandle;
  try {
    consumers = await startConsumers({
      pool,
      store,
      logger,
      consumers: [relayReactor({ producer, topic, partitions, db: pool, name: rest.name })],
      batchSize,
      maxBatchSize: batchSize,
      pollIntervalMs: rest.pollIntervalMs,
      leaderRetryMs: rest.leaderRetryMs,
      retryDelayMs: rest.retryDelayMs,
      hooks: rest.hooks,
    });
  } catch (error) {
    await producer.disconnect();
    throw error;
  }
  logger.info({ topic, brokers: options.kafka.brokers }, 'kafka relay started');
  return {
    topic,
    status: () => consumers.status(),
    async stop() {
      await consumers.stop();
      await producer.disconnect();
    },
  };
}
