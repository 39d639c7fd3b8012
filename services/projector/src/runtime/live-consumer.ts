/**
 * One live consumer: while it leads, it reads a batch from its feed (the log, or the Kafka topic:
 * feed.ts), hands it to its handler and moves where it stands: in the same transaction as a
 * projection's effects, or right after a reactor's. A batch that fails is retried one event at a
 * time; the event that keeps failing is recorded and the consumer stays on it (retrying with
 * back-off) rather than skipping it.
 */
import { escapeLiteral, type PoolClient } from 'pg';
import type { RecordedEvent } from '@kobo/ledger';
import type { Pool, Logger } from '@kobo/platform';
import { inlineStatements } from '../batch/flush';
import type { Limited, SendBatch } from './batch-sender';
import { EventFailedError, RetryLaterError, type Consumer, type ConsumerKind } from './consumer';
import { isTransientError } from './errors';
import { describeError, recordFailure, resolveFailuresAtSql } from './failures';
import type { Feed, FeedBatch } from './feed';
import { CHECKPOINT_MOVED, liveBatchSql } from './sql';

export type ConsumerState =
  'starting' | 'follower' | 'catching-up' | 'idle' | 'failed' | 'retrying' | 'stopped';

export interface ConsumerHooks {
  /** Test seam: runs inside the batch transaction, just before COMMIT. */
  beforeCommit?: (context: {
    consumer: string;
    client: PoolClient;
    events: RecordedEvent[];
  }) => Promise<void>;
  /**
   * Test seam, consumers fed from Kafka only: runs after each batch is stored, outside the
   * consumer's retries; what it throws reaches kafkajs as the batch's error (as a failed heartbeat would).
   */
  afterKafkaBatch?: (context: { consumer: string }) => Promise<void>;
}

export interface LiveConsumerOptions {
  pool: Pool;
  consumer: Consumer;
  /** Where its events come from (feed.ts). */
  feed: Feed;
  logger: Logger;
  batchSize: number;
  /** A consumer that is behind doubles its batch after each full one, up to this (default 10 × batchSize). */
  maxBatchSize?: number;
  hooks?: ConsumerHooks;
  /** Sends a batch's transaction (batch-sender.ts, shared by the consumers of a process). */
  send: SendBatch;
}

export type StepResult = 'progress' | 'caught-up' | 'poison' | 'transient-error';

export interface LocalConsumerStatus {
  name: string;
  kind: ConsumerKind;
  state: ConsumerState;
  leader: boolean;
  failure: { globalPosition: number; eventId: string; eventType: string; error: string } | null;
  lastError: string | null;
}

/** Up to which position of a lane the consumer handles one event at a time, or ends a batch. */
interface InLane {
  lane: number;
  position: number;
}

export class LiveConsumer {
  readonly name: string;
  /** After a failed batch: batches of one event until past this position of its lane. */
  private singleStepUntil: InLane | null = null;
  /** After a handler named the event it failed on: the next batch of its lane ends before it. */
  private endBefore: InLane | null = null;
  /** Grows while catching up (fewer, bigger transactions), back to batchSize once caught up. */
  private batchLimit: number;
  readonly status: LocalConsumerStatus;

  constructor(private readonly options: LiveConsumerOptions) {
    this.name = options.consumer.name;
    this.batchLimit = options.batchSize;
    this.status = {
      name: options.consumer.name,
      kind: options.consumer.kind,
      state: 'starting',
      leader: false,
      failure: null,
      lastError: null,
    };
  }

  /**
   * Handles at most one batch. Never throws: the outcome says what the loop should do next. The
   * batch is read first (the consumers woken together share one read of the log), a reactor acts
   * on it inside `limited`, and its transaction goes to `send` (which takes its share of the pool
   * through the same limit).
   */
  async step(limited: Limited): Promise<StepResult> {
    const { batchSize, logger, consumer, feed } = this.options;
    let events: RecordedEvent[] = [];
    try {
      const limit = this.singleStepUntil ? 1 : this.batchLimit;
      const batch = await feed.read(limit);
      if (!batch) return 'caught-up';
      events = this.trimmed(batch);
      if (events.length && consumer.kind === 'reactor') await limited(() => consumer.react(events));
      const committed = await this.commit(batch, events);
      if (!committed || !events.length) return 'progress'; // moved meanwhile (re-read), or only where it stands
      if (this.status.failure) {
        logger.info({ consumer: this.name }, 'consumer got past its failed event');
        this.status.failure = null;
      }
      this.status.lastError = null;
      if (events.length < limit) {
        this.batchLimit = batchSize;
        return 'caught-up';
      }
      if (limit > 1) this.batchLimit = Math.min(limit * 2, this.options.maxBatchSize ?? batchSize * 10);
      return 'progress';
    } catch (error) {
      this.status.lastError = describeError(error instanceof EventFailedError ? error.reason : error);
      if (isTransientError(error) || error instanceof RetryLaterError || !events.length) {
        logger.warn({ consumer: this.name, err: error }, 'consumer batch failed; will retry');
        return 'transient-error';
      }
      const lane = this.lane;
      const failed =
        error instanceof EventFailedError ? error.event : events.length === 1 ? events[0]! : null;
      if (failed && failed.id === events[0]!.id) {
        // Isolated: this one event cannot be handled.
        await this.poisoned(lane, failed, error instanceof EventFailedError ? error.reason : error);
        return 'poison';
      }
      if (failed) {
        // The handler named the event: handle the ones before it, then that one alone.
        this.endBefore = { lane, position: failed.globalPosition };
      } else {
        // Somewhere in the batch: find the event by handling one at a time.
        this.singleStepUntil = { lane, position: events[events.length - 1]!.globalPosition };
        logger.warn({ consumer: this.name, err: error }, 'batch failed; isolating the event');
      }
      return 'progress';
    }
  }

  /** This process now leads the consumer (again). */
  led(): void {
    this.failuresUnknown = true;
  }

  /** The lane of the last batch read. */
  private lane = 0;

  /**
   * The batch as read, or, while an event of its lane is being isolated, its first event alone or
   * the events before the one a handler named (that event then goes alone). Isolation ends once
   * the batch is past it, or comes from another lane.
   */
  private trimmed(batch: FeedBatch): RecordedEvent[] {
    const { events } = batch;
    if (!events.length) return events;
    if (batch.lane !== this.lane) this.failuresUnknown = true;
    this.lane = batch.lane;
    const first = events[0]!.globalPosition;
    const within = (mark: InLane | null) => mark?.lane === batch.lane && first <= mark.position;
    if (!within(this.singleStepUntil)) this.singleStepUntil = null;
    if (this.endBefore && this.endBefore.lane !== batch.lane) this.endBefore = null;
    if (this.singleStepUntil) return events.slice(0, 1);
    if (this.endBefore === null) return events;
    const before = events.filter((event) => event.globalPosition < this.endBefore!.position);
    if (before.length) return before;
    this.endBefore = null;
    return events.slice(0, 1);
  }

  /**
   * Whether a failure recorded elsewhere may still be open (unknown until the first commit after
   * this process took the consumer or a lane of it: an earlier leader, another member of its Kafka
   * group), and the positions of those recorded here since: a batch holding their events marks
   * them resolved; otherwise that statement is skipped.
   */
  private failuresUnknown = true;
  private readonly failedAt = new Set<number>();

  /**
   * One round trip: the batch lock, the feed's check that the consumer still stands where the
   * batch was read from, a projection's effects, any failure it got past and the feed's move of
   * where it stands (the checkpoint last), in one transaction with the other consumers' batches of
   * the same turn (batch-sender.ts). Returns false when another writer had moved it (a rebuild's
   * swap, another instance): nothing of the batch is kept.
   */
  private async commit(batch: FeedBatch, events: RecordedEvent[]): Promise<boolean> {
    const { hooks, consumer, send } = this.options;
    const quotedName = escapeLiteral(this.name);
    const { expect, advance } = batch.standing(events.length);
    const writes =
      consumer.kind === 'projection' && events.length ? inlineStatements(consumer.changes(events)) : [];
    if (events.length && (this.failuresUnknown || this.failedAt.size))
      writes.push(
        resolveFailuresAtSql(
          quotedName,
          events.map((event) => event.globalPosition),
        ),
      );
    const beforeCommit = hooks?.beforeCommit;
    try {
      await send(
        { consumer: this.name, sql: liveBatchSql(quotedName, [...expect, ...writes, ...advance]) },
        beforeCommit && ((client) => beforeCommit({ consumer: this.name, client, events })),
      );
    } catch (error) {
      if ((error as { code?: unknown }).code !== CHECKPOINT_MOVED) throw error;
      batch.moved();
      return false;
    }
    await batch.committed(events.length);
    if (events.length) this.failuresUnknown = false;
    for (const event of events) this.failedAt.delete(event.globalPosition);
    return true;
  }

  private async poisoned(lane: number, event: RecordedEvent, error: unknown): Promise<void> {
    this.failedAt.add(event.globalPosition);
    // Retries read this event alone, so events appended behind it do not make a batch to search again.
    const until = this.singleStepUntil?.lane === lane ? this.singleStepUntil.position : 0;
    this.singleStepUntil = { lane, position: Math.max(until, event.globalPosition) };
    // Shown in its status, logged, and recorded (a failure to record is logged; it retries either way).
    const { pool, logger } = this.options;
    const failure = {
      globalPosition: event.globalPosition,
      eventId: event.id,
      eventType: event.type,
      error: describeError(error),
    };
    this.status.failure = failure;
    this.status.lastError = failure.error;
    logger.error(
      {
        consumer: this.name,
        position: event.globalPosition,
        eventId: event.id,
        eventType: event.type,
        err: error,
      },
      'consumer stopped at a poison event; it will retry',
    );
    await recordFailure(pool, { consumer: this.name, ...failure, error }).catch((recordError: unknown) =>
      logger.error({ consumer: this.name, err: recordError }, 'could not record the failure'),
    );
  }
}
