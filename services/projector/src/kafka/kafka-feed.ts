/**
 * The relay's Kafka topic as a consumer's feed (decision 0028): with KAFKA_BROKERS set, projectors
 * and reactors read the topic in consumer groups (one group per consumer, so each keeps its own
 * pace and its own poison event, as on the log) instead of the PostgreSQL log. The group spreads
 * the topic's partitions over the processes that run the consumer; each partition is a lane of the
 * feed, handled in order. Everything else is the runtime's, as on the log (live-consumer.ts): the
 * batch lock, the transaction, poison isolation, status.
 *
 * What the feed adds:
 *
 * - Where a consumer stands is kept per partition in PostgreSQL (kafka_consumer_offsets), written
 *   in the batch's transaction, with its effects, not in Kafka: a message below the stored offset
 *   is skipped (a redelivery after a crash or a rebalance), and so is an event at or below the
 *   partition's highest handled position (the relay's repeat after a crash) or the checkpoint
 *   (handled on the log before, or by a rebuild). The transaction first checks that the stored
 *   offset is still the one the batch was read after, and that the checkpoint is still below its
 *   events (KB409 otherwise: another member or a rebuild got there first; the batch is read again).
 *   Kafka's committed offsets are only where the group starts fetching; stored offsets behind or
 *   ahead of the fetch make the consumer seek.
 * - The checkpoint is computed from the relay's marks (marks.ts): the log position everything up to
 *   which has been handled in every partition. The relay marks a batch after the broker
 *   acknowledged it, so a consumer may have handled its messages before the mark was there: once
 *   the relay's checkpoint moves, the feed hands the runtime a batch with no events that moves the
 *   checkpoint again.
 *
 * kafkajs pushes a partition's batch (eachBatch); the runtime pulls: the batch waits here, its
 * member answering the group's heartbeats, until the runtime has handled every message of it.
 */
import type { Consumer as KafkaConsumer, EachBatchPayload, Kafka } from 'kafkajs';
import { escapeLiteral } from 'pg';
import type { EventStore, RecordedEvent } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import type { Consumer } from '../runtime/consumer';
import { DedicatedClient } from '../runtime/dedicated-client';
import { DEFAULT_RETRY_DELAY_MS } from '../runtime/errors';
import { describeError } from '../runtime/failures';
import type { Feed, FeedBatch, Feeds } from '../runtime/feed';
import type { ConsumerHooks } from '../runtime/live-consumer';
import { Signal, sleep } from '../runtime/signal';
import { CHECKPOINT_CHANNEL, CHECKPOINT_MOVED } from '../runtime/sql';
import { ensureTopic, kafkaClient, type KafkaSettings } from './client';
import { standingSql, type Standing } from './marks';
import { recordedEventOf } from './topic-contract';

export interface KafkaFeedOptions {
  pool: Pool;
  logger: Logger;
  kafka: KafkaSettings;
  hooks?: ConsumerHooks;
  /** The topic's events as stored (personal fields sealed), opened as the event store opens them. */
  open: EventStore['openStored'];
  /** Back-off of a start again after kafkajs gave up on a consumer. */
  retryDelayMs?: { min: number; max: number };
}

/** The group of a consumer of a topic: its name, so two topics never share a group. */
export const groupIdOf = (topic: string, consumer: string) => `kobo.${topic}.${consumer}`;

interface Stored {
  /** The next offset to handle in the partition (0: none handled). */
  nextOffset: number;
  /** The highest log position handled in the partition. */
  position: number;
  checkpoint: number;
}

/** A partition's batch from kafkajs, waiting for the runtime to handle its messages. */
interface Pending {
  payload: EachBatchPayload;
  /** The index of the next message to hand out. */
  next: number;
  /** Where the consumer stands in the partition, read at the batch's first hand-out, then kept. */
  stored?: Stored;
  over: boolean;
  /** What eachBatch throws to kafkajs once over. */
  error?: unknown;
  signal: Signal;
}

interface Entry {
  offset: number;
  event: RecordedEvent;
}

class KafkaFeed implements Feed {
  private member: KafkaConsumer | undefined;
  private pending: Pending | null = null;
  private assigned = 0;
  private stopped = false;
  private troubled: string | null = null;
  /** Per partition: the offset we last sought back to; the topic may no longer hold messages before it. */
  private readonly soughtTo = new Map<number, number>();
  /** The highest log position this member has handled; past the checkpoint, a mark may still come. */
  private handledUpTo = 0;
  /** The checkpoint as last notified. */
  private checkpoint = 0;
  /** The relay's marks moved since the checkpoint was last computed. */
  private marksMoved = false;

  constructor(
    private readonly options: KafkaFeedOptions & { kafkaClient: Kafka; topic: string; partitions: number },
    private readonly consumer: Consumer,
    private readonly wake: () => void,
  ) {}

  private get name(): string {
    return this.consumer.name;
  }

  private get standing(): Standing {
    return { consumer: this.name, topic: this.options.topic, partitions: this.options.partitions };
  }

  lead(): Promise<boolean> {
    return Promise.resolve(this.assigned > 0);
  }

  trouble(): string | null {
    return this.troubled;
  }

  async start(): Promise<void> {
    const { topic, logger } = this.options;
    const kafka = this.options.kafkaClient;
    const member = kafka.consumer({
      groupId: groupIdOf(topic, this.name),
      // A process that dies leaves its partitions to the others after this long.
      sessionTimeout: 10_000,
      rebalanceTimeout: 20_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: 500,
      allowAutoTopicCreation: false,
    });
    this.member = member;
    member.on(member.events.GROUP_JOIN, ({ payload }) => {
      const partitions = payload.memberAssignment[topic] ?? [];
      this.assigned = partitions.length;
      this.troubled = null;
      logger.info({ consumer: this.name, partitions }, 'kafka-fed consumer joined its group');
      this.wake();
    });
    member.on(member.events.CRASH, ({ payload }) => {
      this.assigned = 0;
      if (payload.restart) {
        logger.warn(
          { consumer: this.name, err: payload.error },
          'kafka-fed consumer crashed; kafkajs restarts it',
        );
        return;
      }
      // kafkajs leaves a consumer stopped after an error it counts as not retriable, such as
      // KafkaJSGroupCoordinatorNotFound after a broker restart (kafkajs#1445): its read model would
      // stand still for good. Start it again here, a fresh member of its group.
      this.troubled = describeError(payload.error);
      logger.error(
        { consumer: this.name, err: payload.error },
        'kafka-fed consumer crashed and kafkajs gave up on it; starting it again',
      );
      void this.startAgain(member);
    });
    await member.connect();
    await member.subscribe({ topics: [topic], fromBeginning: true });
    await member.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.eachBatch(payload),
    });
    // Stopped while it started (a start after a crash): stop() disconnected it, or this does.
    if (this.stopped) await member.disconnect();
  }

  /** After a crash kafkajs does not restart from: a new member, with back-off until one starts. */
  private async startAgain(crashed: KafkaConsumer): Promise<void> {
    const retry = this.options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    let backoff = retry.min;
    await crashed.disconnect().catch(() => undefined);
    while (!this.stopped) {
      await sleep(backoff);
      if (this.stopped) return;
      try {
        await this.start();
        this.options.logger.info({ consumer: this.name }, 'kafka-fed consumer started again');
        return;
      } catch (error) {
        this.troubled = describeError(error);
        this.options.logger.warn(
          { consumer: this.name, err: error },
          'kafka-fed consumer could not start again',
        );
        await this.member?.disconnect().catch(() => undefined);
        backoff = Math.min(backoff * 2, retry.max);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pending) this.finish(this.pending);
    await this.member?.disconnect();
    this.assigned = 0;
  }

  /** Hands the batch to the runtime (read) and answers the group's heartbeats until it is handled. */
  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    if (this.stopped || payload.batch.isEmpty()) return;
    const pending: Pending = { payload, next: 0, over: false, signal: new Signal() };
    this.pending = pending;
    this.wake();
    try {
      while (!pending.over && this.running(pending)) {
        await pending.signal.wait(1000);
        if (!pending.over) await payload.heartbeat();
      }
    } finally {
      this.finish(pending);
    }
    if (pending.error) throw pending.error;
  }

  private running(pending: Pending): boolean {
    return !this.stopped && pending.payload.isRunning() && !pending.payload.isStale();
  }

  private finish(pending: Pending): void {
    pending.over = true;
    pending.signal.notify();
    if (this.pending === pending) this.pending = null;
  }

  async read(limit: number): Promise<FeedBatch | null> {
    const pending = this.pending;
    if (pending && !this.running(pending)) this.finish(pending);
    else if (pending) {
      const { batch } = pending.payload;
      pending.stored ??= await this.readStored(batch.partition);
      const messages = batch.messages.slice(pending.next, pending.next + limit);
      const seekTo = this.misplaced(
        batch.partition,
        pending.stored,
        Number(messages[0]!.offset),
        Number(messages[messages.length - 1]!.offset),
      );
      if (seekTo === null) {
        const events = await this.options.open(messages.map(recordedEventOf));
        return this.batchOf(
          pending,
          messages.map((message, index) => ({ offset: Number(message.offset), event: events[index]! })),
        );
      }
      this.member!.seek({ topic: batch.topic, partition: batch.partition, offset: String(seekTo) });
      this.finish(pending);
    }
    return this.checkpointMove();
  }

  /** Where the fetch should be instead, when it is not where the stored offset says. */
  private misplaced(
    partition: number,
    stored: Stored,
    firstOffset: number,
    lastOffset: number,
  ): number | null {
    if (stored.nextOffset > lastOffset) return stored.nextOffset;
    if (stored.nextOffset < firstOffset && this.soughtTo.get(partition) !== stored.nextOffset) {
      // Behind what was fetched (the stored offsets were reset to replay the consumer): go back,
      // once; if the topic no longer holds those messages, Kafka answers from its first one, which we accept.
      this.soughtTo.set(partition, stored.nextOffset);
      return stored.nextOffset;
    }
    return null;
  }

  /**
   * The messages as a batch of the events not handled yet: at or past the stored offset, and past
   * every position handled (the partition's, the checkpoint, and each other's: a relay's repeat
   * may follow its first copy within the batch).
   */
  private batchOf(pending: Pending, entries: Entry[]): FeedBatch {
    const stored = pending.stored!;
    const { partition } = pending.payload.batch;
    let handled = Math.max(stored.position, stored.checkpoint);
    const fresh = entries.filter(({ offset, event }) => {
      if (offset < stored.nextOffset || event.globalPosition <= handled) return false;
      handled = event.globalPosition;
      return true;
    });
    /** The last message of the first `count` events' batch: the chunk's last when all are taken. */
    const through = (count: number) =>
      count === fresh.length ? entries[entries.length - 1]! : fresh[count - 1]!;
    const upTo = (count: number) => {
      const last = through(count).offset;
      const taken = entries.filter(({ offset }) => offset <= last);
      return {
        nextOffset: last + 1,
        position: Math.max(stored.position, ...taken.map(({ event }) => event.globalPosition)),
        messages: pending.payload.batch.messages.findIndex((message) => Number(message.offset) === last) + 1,
      };
    };
    return {
      lane: partition,
      events: fresh.map(({ event }) => event),
      standing: (count) => {
        const next = upTo(count);
        return {
          expect: [this.expectSql(partition, stored.nextOffset, fresh[0]?.event.globalPosition)],
          advance: [standingSql(this.standing, { partition, ...next })],
        };
      },
      committed: async (count) => {
        const next = upTo(count);
        pending.stored = { ...stored, nextOffset: next.nextOffset, position: next.position };
        pending.next = next.messages;
        this.handledUpTo = Math.max(this.handledUpTo, next.position);
        const { payload } = pending;
        if (!this.running(pending)) return this.finish(pending); // revoked or stopping meanwhile
        payload.resolveOffset(String(next.nextOffset - 1));
        // Only where the group starts fetching: the offsets that count are stored with the effects.
        await this.member!.commitOffsets([
          { topic: payload.batch.topic, partition, offset: String(next.nextOffset) },
        ]).catch((error: unknown) =>
          this.options.logger.warn({ consumer: this.name, err: error }, 'could not commit kafka offsets'),
        );
        try {
          await this.options.hooks?.afterKafkaBatch?.({ consumer: this.name });
        } catch (error) {
          pending.error = error;
          this.finish(pending);
        }
        if (pending.next >= payload.batch.messages.length) this.finish(pending);
        else this.wake(); // more of it waits, though the runtime may count this batch short
      },
      moved: () => (pending.stored = undefined),
    };
  }

  /**
   * The check opening the batch's transaction: the partition's stored offset is still the one the
   * batch was read after, and the checkpoint still below its first event (`first`).
   */
  private expectSql(partition: number, nextOffset: number, first: number | undefined): string {
    const name = escapeLiteral(this.name);
    const stale = [
      `coalesce((SELECT next_offset FROM kafka_consumer_offsets
         WHERE consumer = ${name} AND topic = ${escapeLiteral(this.options.topic)} AND partition = ${partition}), 0)
         <> ${nextOffset}`,
      ...(first === undefined
        ? []
        : [
            `coalesce((SELECT position FROM projection_checkpoints WHERE projector = ${name}), 0) >= ${first}`,
          ]),
    ].join(' OR ');
    return `DO $kobo$ BEGIN IF ${stale} THEN
      RAISE EXCEPTION 'where % stands in partition % moved', ${name}, ${partition} USING ERRCODE = '${CHECKPOINT_MOVED}';
    END IF; END $kobo$`;
  }

  private async readStored(partition: number): Promise<Stored> {
    const result = await this.options.pool.query<{
      next_offset: string | null;
      position: string | null;
      checkpoint: string;
    }>(
      `SELECT o.next_offset, o.position, coalesce(c.position, 0) AS checkpoint
       FROM (SELECT 1) one
       LEFT JOIN kafka_consumer_offsets o ON o.consumer = $1 AND o.topic = $2 AND o.partition = $3
       LEFT JOIN projection_checkpoints c ON c.projector = $1`,
      [this.name, this.options.topic, partition],
    );
    const row = result.rows[0]!;
    this.noticeCheckpoint(Number(row.checkpoint));
    return {
      nextOffset: Number(row.next_offset ?? 0),
      position: Number(row.position ?? 0),
      checkpoint: Number(row.checkpoint),
    };
  }

  /** With no messages waiting: a batch that moves the checkpoint, when new marks may let it. */
  private checkpointMove(): FeedBatch | null {
    if (!this.marksMoved || this.handledUpTo <= this.checkpoint) return null;
    this.marksMoved = false;
    return {
      lane: -1,
      events: [],
      standing: () => ({ expect: [], advance: [standingSql(this.standing)] }),
      committed: async () => undefined,
      moved: () => undefined,
    };
  }

  /** The relay stored new marks (its checkpoint moved), or the poll's safety net. */
  noticeMarks(): void {
    this.marksMoved = true;
    if (this.handledUpTo > this.checkpoint) this.wake();
  }

  /** Our checkpoint moved (this member's batch or another's). */
  noticeCheckpoint(position: number): void {
    this.checkpoint = Math.max(this.checkpoint, position);
  }
}

/** The feeds of consumers on the topic (created here if the relay has not yet); see the file's comment. */
export async function kafkaFeeds(options: KafkaFeedOptions): Promise<Feeds> {
  const { pool, logger } = options;
  const kafka = kafkaClient(
    { ...options.kafka, clientId: options.kafka.clientId ?? 'kobo-consumers' },
    logger,
  );
  const topic = await ensureTopic(kafka, options.kafka);
  const admin = kafka.admin();
  await admin.connect();
  const partitions = await admin
    .fetchTopicMetadata({ topics: [topic] })
    .then(({ topics }) => topics[0]!.partitions.length)
    .finally(() => admin.disconnect());
  const feeds = new Map<string, KafkaFeed>();
  // A checkpoint moved: ours is noted; another's (the relay's: its marks are stored) lets ours move.
  const listener = new DedicatedClient(
    pool,
    [CHECKPOINT_CHANNEL],
    (_channel, payload) => {
      const separator = payload.lastIndexOf(':');
      const ours = feeds.get(payload.slice(0, separator));
      if (ours) ours.noticeCheckpoint(Number(payload.slice(separator + 1)));
      else feeds.forEach((feed) => feed.noticeMarks());
    },
    () => undefined,
  );
  let poll: NodeJS.Timeout | undefined;
  const stopAll = async () => {
    clearInterval(poll);
    await Promise.all([...feeds.values()].map((feed) => feed.stop().catch(() => undefined)));
    await listener.close();
  };
  return {
    feed(consumer, wake) {
      const feed = new KafkaFeed({ ...options, kafkaClient: kafka, topic, partitions }, consumer, wake);
      feeds.set(consumer.name, feed);
      return feed;
    },
    async start() {
      try {
        await listener.get();
        await Promise.all([...feeds.values()].map((feed) => feed.start()));
      } catch (error) {
        await stopAll();
        throw error;
      }
      poll = setInterval(() => {
        if (!listener.connected) listener.get().catch(() => undefined);
        feeds.forEach((feed) => feed.noticeMarks());
      }, 1000);
      poll.unref();
      logger.info({ topic, consumers: [...feeds.keys()] }, 'consumers fed from kafka started');
    },
    stop: stopAll,
  };
}
