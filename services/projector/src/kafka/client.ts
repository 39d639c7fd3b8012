/**
 * The kafkajs client of the relay and of the consumers fed from the topic, and the topic itself
 * (docs/kafka-topic.md): created with the partitions and retention the consumers rely on.
 */
import { Kafka, logLevel, type RetryOptions } from 'kafkajs';
import type { Logger } from '@kobo/platform';
import { DEFAULT_TOPIC } from './topic-contract';

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

/** A kafkajs client whose warnings and errors go to our logger (kafkajs would print them to the console). */
export function kafkaClient(settings: KafkaSettings, logger?: Logger, retry?: RetryOptions): Kafka {
  return new Kafka({
    clientId: settings.clientId ?? 'kobo-relay',
    brokers: settings.brokers,
    retry,
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
