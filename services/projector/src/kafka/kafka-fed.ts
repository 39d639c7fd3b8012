/**
 * Consumers of the log fed from Kafka (decision 0028): with KAFKA_BROKERS set, the projectors and
 * reactors read the relay's topic in consumer groups (one group per consumer, so each keeps its own
 * pace and its own poison event, as on the log) instead of the PostgreSQL log. The group spreads the
 * topic's partitions over the processes that run the consumer; each partition is handled in order.
 *
 * What stays the same as on the log (start-consumers.ts): a projection's effects and its position
 * commit in one transaction; a reactor's effects happen before; a poison event is isolated, recorded
 * and retried, never skipped; batches of one consumer take the same batch lock (a rebuild's swap
 * never interleaves); the checkpoint is one log position, so read-your-writes, status and metrics
 * work unchanged. What is new:
 *
 * - Where a consumer stands is kept per partition in PostgreSQL (kafka_consumer_offsets), with its
 *   effects, not in Kafka: a message below the stored offset is skipped (a redelivery after a
 *   crash or a rebalance), and so is an event at or below the partition's highest handled position
 *   (the relay's repeat after a crash) or the checkpoint (handled on the log before, or by a rebuild).
 *   Kafka's committed offsets are only where the group starts fetching; stored offsets behind or
 *   ahead of the fetch make the consumer seek.
 * - The checkpoint is computed from the relay's marks (marks.ts): the log position everything up to
 *   which has been handled in every partition.
 */
import type { Consumer as KafkaConsumer, EachBatchPayload, KafkaMessage } from 'kafkajs';
import type { PoolClient } from 'pg';
import type { EventStore, RecordedEvent } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import { flushChanges, type Queryable } from '../batch/flush';
import { ensureCheckpoints, readCheckpoint } from '../runtime/checkpoints';
import { checkout } from '../runtime/checkout';
import { EventFailedError, RetryLaterError, type Consumer } from '../runtime/consumer';
import { DEFAULT_RETRY_DELAY_MS, isTransientError } from '../runtime/errors';
import { describeError, stopAtPoison } from '../runtime/failures';
import { startingStatus, type ConsumerHooks, type LocalConsumerStatus } from '../runtime/live-consumer';
import { limiter, sleep } from '../runtime/signal';
import { DedicatedClient } from '../runtime/dedicated-client';
import { BATCH_LOCK, CHECKPOINT_CHANNEL, openBatchSql } from '../runtime/sql';
import { saveAndMoveCheckpoint } from './marks';
import { ensureTopic, kafkaClient, type KafkaSettings } from './relay';
import { recordedEventOf } from './topic-contract';

export interface KafkaFedOptions {
  pool: Pool;
  store: EventStore;
  logger: Logger;
  consumers: readonly Consumer[];
  kafka: KafkaSettings;
  /** Messages per transaction (default 1000). */
  batchSize?: number;
  /** Transactions of these consumers at the same time (default 4), so they leave the rest of the pool to others. */
  concurrency?: number;
  /** Back-off after a failure: doubles from min to max (default 500 ms .. 60 s). */
  retryDelayMs?: { min: number; max: number };
  hooks?: ConsumerHooks;
}

interface Stored {
  /** The next offset to handle in the partition (0: none handled). */
  nextOffset: number;
  /** The highest log position handled in the partition. */
  position: number;
  checkpoint: number;
}

type Outcome = { kind: 'handled' } | { kind: 'seek'; offset: number } | { kind: 'stopped' };

/** The group of a consumer of a topic: its name, so two topics never share a group. */
export const groupIdOf = (topic: string, consumer: string) => `kobo.${topic}.${consumer}`;

export class KafkaFedConsumer {
  readonly name: string;
  readonly status: LocalConsumerStatus;
  private kafkaConsumer: KafkaConsumer | undefined;
  private stopped = false;
  /** Per partition: handle one message at a time up to this offset (isolating a failed event). */
  private readonly singleStepUntil = new Map<number, number>();
  /** Per partition: the offset we last sought back to; the topic may no longer hold messages before it. */
  private readonly soughtTo = new Map<number, number>();
  private failureMayBeOpen = true;
  /** The highest log position this member has handled; past the checkpoint, a mark may still come. */
  private handledUpTo = 0;
  private settling = false;
  /** Counts the relay's checkpoint moves seen, so a batch or settle that ran meanwhile settles again. */
  private marksNoticed = 0;

  constructor(
    private readonly options: Omit<KafkaFedOptions, 'consumers'> & {
      consumer: Consumer;
      topic: string;
      partitions: number;
      /** Shared by the consumers of one start: a transaction waits here, not holding a connection. */
      runLimited: ReturnType<typeof limiter>;
    },
  ) {
    this.name = options.consumer.name;
    this.status = startingStatus(options.consumer);
  }

  async start(kafka: ReturnType<typeof kafkaClient>): Promise<void> {
    const { topic, logger } = this.options;
    const consumer = kafka.consumer({
      groupId: groupIdOf(topic, this.name),
      // A process that dies leaves its partitions to the others after this long.
      sessionTimeout: 10_000,
      rebalanceTimeout: 20_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: 500,
      allowAutoTopicCreation: false,
    });
    this.kafkaConsumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      const assigned = payload.memberAssignment[topic] ?? [];
      this.status.leader = assigned.length > 0;
      this.status.state = assigned.length ? 'catching-up' : 'follower';
      logger.info({ consumer: this.name, partitions: assigned }, 'kafka-fed consumer joined its group');
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.status.lastError = describeError(payload.error);
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
      this.status.state = 'retrying';
      logger.error(
        { consumer: this.name, err: payload.error },
        'kafka-fed consumer crashed and kafkajs gave up on it; starting it again',
      );
      void this.startAgain(kafka, consumer);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.eachBatch(payload),
    });
    // Stopped while it started (a start after a crash): stop() disconnected it, or this does.
    if (this.stopped) await consumer.disconnect();
  }

  /** After a crash kafkajs does not restart from: a new consumer, with back-off until one starts. */
  private async startAgain(kafka: ReturnType<typeof kafkaClient>, crashed: KafkaConsumer): Promise<void> {
    const retry = this.options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    let backoff = retry.min;
    await crashed.disconnect().catch(() => undefined);
    while (!this.stopped) {
      await sleep(backoff);
      if (this.stopped) return;
      try {
        await this.start(kafka);
        this.options.logger.info({ consumer: this.name }, 'kafka-fed consumer started again');
        return;
      } catch (error) {
        this.status.lastError = describeError(error);
        this.options.logger.warn(
          { consumer: this.name, err: error },
          'kafka-fed consumer could not start again',
        );
        await this.kafkaConsumer?.disconnect().catch(() => undefined);
        backoff = Math.min(backoff * 2, retry.max);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.kafkaConsumer?.disconnect();
    this.status.state = 'stopped';
    this.status.leader = false;
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, isRunning, isStale, heartbeat } = payload;
    const { partition, messages } = batch;
    const batchSize = this.options.batchSize ?? 1000;
    const running = () => !this.stopped && isRunning() && !isStale();
    let start = 0;
    while (start < messages.length && running()) {
      const first = Number(messages[start]!.offset);
      const single = first <= (this.singleStepUntil.get(partition) ?? -1);
      const chunk = messages.slice(start, start + (single ? 1 : batchSize));
      this.status.state = this.status.failure ? 'failed' : 'catching-up';
      const outcome = await this.handleWithRetries(partition, chunk, running, heartbeat);
      if (outcome.kind === 'stopped') return;
      if (outcome.kind === 'seek') {
        this.kafkaConsumer!.seek({ topic: batch.topic, partition, offset: String(outcome.offset) });
        return;
      }
      start += chunk.length;
      const next = String(Number(chunk[chunk.length - 1]!.offset) + 1);
      payload.resolveOffset(chunk[chunk.length - 1]!.offset);
      // Only where the group starts fetching: the offsets that count are stored with the effects.
      await this.kafkaConsumer!.commitOffsets([{ topic: batch.topic, partition, offset: next }]).catch(
        (error: unknown) =>
          this.options.logger.warn({ consumer: this.name, err: error }, 'could not commit kafka offsets'),
      );
      await this.options.hooks?.afterKafkaBatch?.({ consumer: this.name });
      await heartbeat();
    }
    if (running() && batch.offsetLag() === '0') this.status.state = this.status.failure ? 'failed' : 'idle';
  }

  /** Handles a chunk of one partition, retrying with back-off; a poison event is isolated and recorded. */
  private async handleWithRetries(
    partition: number,
    chunk: KafkaMessage[],
    running: () => boolean,
    heartbeat: () => Promise<void>,
  ): Promise<Outcome> {
    const retry = this.options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    let backoff = retry.min;
    let messages = chunk;
    while (running()) {
      let events: { offset: number; event: RecordedEvent }[] = [];
      try {
        events = messages.map((message) => ({
          offset: Number(message.offset),
          event: recordedEventOf(message),
        }));
        const outcome = await this.handle(partition, events);
        if (this.status.failure && outcome.kind === 'handled') {
          this.options.logger.info({ consumer: this.name }, 'consumer got past its failed event');
          this.status.failure = null;
        }
        this.status.lastError = null;
        if (outcome.kind !== 'handled' || messages.length === chunk.length) return outcome;
        // Handled the events before a named failure: the rest of the chunk next, one at a time.
        messages = chunk.slice(messages.length);
        continue;
      } catch (error) {
        const reason = error instanceof EventFailedError ? error.reason : error;
        this.status.lastError = describeError(reason);
        const transient = isTransientError(error) || error instanceof RetryLaterError || !events.length;
        if (!transient && events.length > 1) {
          // Isolate: the events before a named one as a batch, or one at a time through the chunk.
          const named =
            error instanceof EventFailedError ? events.findIndex((e) => e.event === error.event) : -1;
          if (named > 0) messages = messages.slice(0, named);
          else {
            this.singleStepUntil.set(partition, events[events.length - 1]!.offset);
            messages = messages.slice(0, 1);
          }
          this.options.logger.warn({ consumer: this.name, err: error }, 'batch failed; isolating the event');
          continue;
        }
        if (transient) {
          this.status.state = 'retrying';
          this.options.logger.warn({ consumer: this.name, err: error }, 'consumer batch failed; will retry');
        } else await this.poisoned(events[0]!.event, reason);
        await this.pause(backoff, running, heartbeat);
        backoff = Math.min(backoff * 2, retry.max);
      }
    }
    return { kind: 'stopped' };
  }

  /** Waits `ms`, still answering the group's heartbeats, unless stopped. */
  private async pause(ms: number, running: () => boolean, heartbeat: () => Promise<void>): Promise<void> {
    const until = Date.now() + ms;
    while (running() && Date.now() < until) {
      await sleep(Math.min(1000, until - Date.now()));
      await heartbeat().catch(() => undefined);
    }
  }

  private async poisoned(event: RecordedEvent, error: unknown): Promise<void> {
    this.failureMayBeOpen = true;
    this.status.state = 'failed';
    await stopAtPoison(this.options.pool, this.options.logger, this.status, event, error);
  }

  /** The events not handled yet: at or past the stored offset, and past every position handled. */
  private fresh(stored: Stored, events: { offset: number; event: RecordedEvent }[]): RecordedEvent[] {
    const handled = Math.max(stored.position, stored.checkpoint);
    return events
      .filter(({ offset, event }) => offset >= stored.nextOffset && event.globalPosition > handled)
      .map(({ event }) => event);
  }

  /** Whether the fetch is not where the stored offset says: then seek there instead. */
  private misplaced(
    partition: number,
    stored: Stored,
    firstOffset: number,
    lastOffset: number,
  ): Outcome | null {
    if (stored.nextOffset > lastOffset) return { kind: 'seek', offset: stored.nextOffset };
    if (stored.nextOffset < firstOffset && this.soughtTo.get(partition) !== stored.nextOffset) {
      // Behind what was fetched (the stored offsets were reset by a rebuild): go back, once; if the
      // topic no longer holds those messages, Kafka answers from its first one, which we accept.
      this.soughtTo.set(partition, stored.nextOffset);
      return { kind: 'seek', offset: stored.nextOffset };
    }
    return null;
  }

  private async handle(
    partition: number,
    events: { offset: number; event: RecordedEvent }[],
  ): Promise<Outcome> {
    const { pool, consumer } = this.options;
    const firstOffset = events[0]!.offset;
    const lastOffset = events[events.length - 1]!.offset;
    if (consumer.kind === 'reactor') {
      // Effects first, then the offsets: a crash in between repeats them (absorbed by their ids).
      const stored = await readStored(pool, this.name, this.options.topic, partition);
      const misplaced = this.misplaced(partition, stored, firstOffset, lastOffset);
      if (misplaced) return misplaced;
      const fresh = this.fresh(stored, events);
      if (fresh.length) await consumer.react(fresh);
      await this.options.runLimited(() => this.commit(partition, events, null));
      return { kind: 'handled' };
    }
    return this.options.runLimited(() =>
      this.commit(partition, events, (stored) => {
        const misplaced = this.misplaced(partition, stored, firstOffset, lastOffset);
        if (misplaced) return { misplaced };
        return { fresh: this.fresh(stored, events) };
      }),
    );
  }

  /**
   * One transaction under the consumer's batch lock: a projection's effects (when `select` is
   * given), the partition's stored offset and position, and the checkpoint computed from the marks.
   */
  private async commit(
    partition: number,
    events: { offset: number; event: RecordedEvent }[],
    select: ((stored: Stored) => { misplaced: Outcome } | { fresh: RecordedEvent[] }) | null,
  ): Promise<Outcome> {
    const { pool, consumer, topic, hooks } = this.options;
    const seen = this.marksNoticed;
    const { client, release } = await checkout(pool);
    let broken: unknown;
    try {
      // One round trip: begin, the batch lock, the checkpoint locked (as on the log: nothing else
      // moves it while this batch runs) and where this consumer stands in the partition.
      const opened = (await client.query(
        openKafkaBatchSql(client.escapeLiteral(this.name), client.escapeLiteral(topic), partition),
      )) as unknown as { rows: Record<string, string>[] }[];
      const checkpoint = Number(opened[3]!.rows[0]?.position ?? 0);
      const offsets = opened[4]!.rows[0];
      const stored: Stored = {
        nextOffset: Number(offsets?.next_offset ?? 0),
        position: Number(offsets?.position ?? 0),
        checkpoint,
      };
      let fresh: RecordedEvent[] = [];
      if (select) {
        const selected = select(stored);
        if ('misplaced' in selected) {
          await client.query('ROLLBACK');
          return selected.misplaced;
        }
        fresh = selected.fresh;
        if (fresh.length && consumer.kind === 'projection')
          await flushChanges(client as Queryable, consumer.changes(fresh));
      }
      const lastOffset = events[events.length - 1]!.offset;
      const highest = Math.max(stored.position, ...events.map(({ event }) => event.globalPosition));
      const through = Math.max(
        checkpoint,
        (await saveAndMoveCheckpoint(client as Queryable, this.standing, {
          partition,
          nextOffset: lastOffset + 1,
          position: highest,
        })) ?? 0,
      );
      if (this.failureMayBeOpen)
        await client.query(
          `UPDATE projection_failures SET resolved_at = now()
           WHERE projector = $1 AND resolved_at IS NULL AND global_position = ANY($2::bigint[])`,
          [
            this.name,
            fresh.length
              ? fresh.map((event) => event.globalPosition)
              : events.map(({ event }) => event.globalPosition),
          ],
        );
      if (hooks?.beforeCommit)
        await hooks.beforeCommit({ consumer: this.name, client, events: fresh.length ? fresh : [] });
      await client.query('COMMIT');
      this.status.position = through;
      this.handledUpTo = Math.max(this.handledUpTo, highest);
      if (!this.status.failure) this.failureMayBeOpen = false;
      if (this.marksNoticed !== seen) this.afterMarks();
      return { kind: 'handled' };
    } catch (error) {
      broken = error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      release(Boolean(broken) && !(broken instanceof EventFailedError));
    }
  }

  private get standing() {
    return { consumer: this.name, topic: this.options.topic, partitions: this.options.partitions };
  }

  /**
   * The relay marks a batch after the broker acknowledged it, so this member may have handled its
   * messages before the mark was there: once the relay's checkpoint moves (its marks are then
   * stored), the checkpoint is computed again, without waiting for another message.
   */
  async settle(): Promise<void> {
    if (this.settling || this.stopped || this.handledUpTo <= this.status.position) return;
    this.settling = true;
    try {
      const seen = this.marksNoticed;
      await this.options.runLimited(() => this.settleNow());
      // Marks that came while it ran may be past what it read.
      if (this.marksNoticed !== seen) this.afterMarks();
    } finally {
      this.settling = false;
    }
  }

  /** The relay stored new marks (its checkpoint moved): the checkpoint may move now. */
  noticeMarks(): void {
    this.marksNoticed++;
    void this.settle();
  }

  private afterMarks(): void {
    setImmediate(() => void this.settle());
  }

  private async settleNow(): Promise<void> {
    const { client, release } = await checkout(this.options.pool);
    let broken: unknown;
    try {
      await client.query('BEGIN');
      await client.query(BATCH_LOCK, [this.name]);
      const checkpoint = await readCheckpoint(client as Queryable, this.name, true);
      const through = Math.max(
        checkpoint,
        (await saveAndMoveCheckpoint(client as Queryable, this.standing)) ?? 0,
      );
      await client.query('COMMIT');
      this.status.position = through;
    } catch (error) {
      broken = error;
      await client.query('ROLLBACK').catch(() => undefined);
      this.options.logger.warn({ consumer: this.name, err: error }, 'could not move the checkpoint');
    } finally {
      release(Boolean(broken));
    }
  }
}

/** The log's batch opening (runtime/sql.ts), then where the consumer stands in the partition. */
function openKafkaBatchSql(quotedName: string, quotedTopic: string, partition: number): string {
  return `${openBatchSql(quotedName)}; SELECT next_offset, position FROM kafka_consumer_offsets
    WHERE consumer = ${quotedName} AND topic = ${quotedTopic} AND partition = ${Number(partition)}`;
}

async function readStored(
  db: Queryable | PoolClient | Pool,
  consumer: string,
  topic: string,
  partition: number,
): Promise<Stored> {
  const result = (await (db as Queryable).query(
    `SELECT o.next_offset, o.position, coalesce(c.position, 0) AS checkpoint
     FROM (SELECT 1) one
     LEFT JOIN kafka_consumer_offsets o ON o.consumer = $1 AND o.topic = $2 AND o.partition = $3
     LEFT JOIN projection_checkpoints c ON c.projector = $1`,
    [consumer, topic, partition],
  )) as { rows: { next_offset: string | null; position: string | null; checkpoint: string }[] };
  const row = result.rows[0]!;
  return {
    nextOffset: Number(row.next_offset ?? 0),
    position: Number(row.position ?? 0),
    checkpoint: Number(row.checkpoint),
  };
}

/** Starts every consumer on the topic (created here if the relay has not yet); see the file's comment. */
export async function startKafkaFed(options: KafkaFedOptions): Promise<{
  consumers: KafkaFedConsumer[];
  stop(): Promise<void>;
}> {
  const { pool, logger, consumers } = options;
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
  await ensureCheckpoints(
    pool,
    consumers.map((consumer) => consumer.name),
  );
  const runLimited = limiter(options.concurrency ?? 4);
  const fed = consumers.map(
    (consumer) => new KafkaFedConsumer({ ...options, consumer, topic, partitions, runLimited }),
  );
  try {
    await Promise.all(fed.map((each) => each.start(kafka)));
  } catch (error) {
    await Promise.all(fed.map((each) => each.stop().catch(() => undefined)));
    throw error;
  }
  // A checkpoint of something else moved (the relay's: its marks are stored): settle ours.
  const ours = new Set(fed.map((each) => each.name));
  const settleAll = () => fed.forEach((each) => each.noticeMarks());
  const listener = new DedicatedClient(
    pool,
    [CHECKPOINT_CHANNEL],
    (_channel, payload) => {
      if (!ours.has(payload.slice(0, payload.lastIndexOf(':')))) settleAll();
    },
    () => undefined,
  );
  await listener.get();
  const poll = setInterval(() => {
    if (!listener.connected) listener.get().catch(() => undefined);
    settleAll();
  }, 1000);
  poll.unref();
  logger.info({ topic, consumers: fed.map((each) => each.name) }, 'consumers fed from kafka started');
  return {
    consumers: fed,
    async stop() {
      clearInterval(poll);
      await Promise.all(fed.map((each) => each.stop()));
      await listener.close();
    },
  };
}
