/**
 * One live consumer: while it holds leadership, it reads the log after its checkpoint, hands a
 * batch to its handler and moves the checkpoint: in the same transaction as a projection's
 * effects, or right after a reactor's. A batch that fails is retried one event at a time; the
 * event that keeps failing is recorded and the consumer stays on it (retrying with back-off)
 * rather than skipping it.
 */
import { escapeLiteral, type PoolClient } from 'pg';
import type { EventStore, RecordedEvent } from '@kobo/ledger';
import type { Pool, Logger } from '@kobo/platform';
import { inlineStatements } from '../batch/flush';
import { advanceSql, readCheckpoint } from './checkpoints';
import type { Limited, SendBatch } from './batch-sender';
import { EventFailedError, RetryLaterError, type Consumer, type ConsumerKind } from './consumer';
import { isTransientError } from './errors';
import { describeError, resolveFailuresSql, stopAtPoison } from './failures';
import { CHECKPOINT_CHANNEL, CHECKPOINT_MOVED, liveBatchSql } from './sql';

const QUOTED_CHANNEL = escapeLiteral(CHECKPOINT_CHANNEL);

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
  store: EventStore;
  consumer: Consumer;
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
  /** Position of the last batch this process committed (or read). */
  position: number;
  failure: { globalPosition: number; eventId: string; eventType: string; error: string } | null;
  lastError: string | null;
}

/** A consumer's status before it has done anything (on the log or fed from Kafka). */
export function startingStatus(consumer: Consumer): LocalConsumerStatus {
  return {
    name: consumer.name,
    kind: consumer.kind,
    state: 'starting',
    leader: false,
    position: 0,
    failure: null,
    lastError: null,
  };
}

export class LiveConsumer {
  readonly name: string;
  /** After a failed batch: batches of one event until past `singleStepUntil`. */
  private singleStepUntil = 0;
  /** After a handler named the event it failed on: the next batch ends before it. */
  private endBefore: number | null = null;
  /** Grows while catching up (fewer, bigger transactions), back to batchSize once caught up. */
  private batchLimit: number;
  readonly status: LocalConsumerStatus;

  constructor(private readonly options: LiveConsumerOptions) {
    this.name = options.consumer.name;
    this.batchLimit = options.batchSize;
    this.status = startingStatus(options.consumer);
  }

  /**
   * Handles at most one batch. Never throws: the outcome says what the loop should do next. The
   * batch is read first (the consumers woken together share one read of the log), a reactor acts
   * on it inside `limited`, and its transaction goes to `send` (which takes its share of the pool
   * through the same limit).
   */
  async step(limited: Limited): Promise<StepResult> {
    const { pool, store, batchSize, logger, consumer } = this.options;
    let events: RecordedEvent[] = [];
    try {
      // Our own last commit says where we are; the batch re-checks it under the lock, and a
      // mismatch (a rebuild swapped the tables in, another instance moved it) makes us read it again.
      const position = this.knownPosition ?? (await readCheckpoint(pool, this.name));
      this.knownPosition = position;
      this.status.position = position;
      const limit = position < this.singleStepUntil ? 1 : this.batchLimit;
      events = this.trimmed(await store.readAll({ after: position, limit }));
      if (!events.length) return 'caught-up';
      if (consumer.kind === 'reactor') await limited(() => consumer.react(events));
      const committed = await this.commit(position, events);
      if (!committed) return 'progress'; // another writer moved the checkpoint: re-read
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
      const failed =
        error instanceof EventFailedError ? error.event : events.length === 1 ? events[0]! : null;
      if (failed && failed.id === events[0]!.id) {
        // Isolated: this one event cannot be handled.
        await this.poisoned(failed, error instanceof EventFailedError ? error.reason : error);
        return 'poison';
      }
      if (failed) {
        // The handler named the event: handle the ones before it, then that one alone.
        this.endBefore = failed.globalPosition;
      } else {
        // Somewhere in the batch: find the event by handling one at a time.
        this.singleStepUntil = events[events.length - 1]!.globalPosition;
        logger.warn({ consumer: this.name, err: error }, 'batch failed; isolating the event');
      }
      return 'progress';
    }
  }

  /** The batch read, cut before the event a handler named; that event then goes alone. */
  private trimmed(events: RecordedEvent[]): RecordedEvent[] {
    if (this.endBefore === null) return events;
    const before = events.filter((event) => event.globalPosition < this.endBefore!);
    if (before.length) return before;
    this.endBefore = null;
    return events.slice(0, 1);
  }

  /**
   * Whether a recorded failure may still be open (unknown at start: an earlier process may have
   * recorded one), so that a batch past it marks it resolved; otherwise that query is skipped.
   */
  private failureMayBeOpen = true;

  /** The checkpoint as of our last commit (undefined: read it from the table). */
  private knownPosition: number | undefined;

  /**
   * One round trip: the batch lock, the check that the checkpoint is still where the batch was
   * read from, a projection's effects, any failure it got past and the checkpoint's move, in one
   * transaction with the other consumers' batches of the same turn (batch-sender.ts). Returns
   * false when another writer had moved the checkpoint (a rebuild's swap, another instance):
   * nothing of the batch is kept.
   */
  private async commit(position: number, events: RecordedEvent[]): Promise<boolean> {
    const { hooks, consumer, send } = this.options;
    const quotedName = escapeLiteral(this.name);
    const last = events[events.length - 1]!.globalPosition;
    const writes = consumer.kind === 'projection' ? inlineStatements(consumer.changes(events)) : [];
    if (this.failureMayBeOpen) writes.push(resolveFailuresSql(`ARRAY[${quotedName}]`, String(last)));
    writes.push(
      advanceSql({
        consumer: quotedName,
        position: String(last),
        rebuilt: 'false',
        channel: QUOTED_CHANNEL,
        payload: escapeLiteral(`${this.name}:${last}`),
      }),
    );
    const beforeCommit = hooks?.beforeCommit;
    try {
      await send(
        { consumer: this.name, sql: liveBatchSql(quotedName, position, writes) },
        beforeCommit && ((client) => beforeCommit({ consumer: this.name, client, events })),
      );
    } catch (error) {
      if ((error as { code?: unknown }).code !== CHECKPOINT_MOVED) throw error;
      this.knownPosition = undefined;
      return false;
    }
    this.status.position = last;
    this.knownPosition = last;
    this.failureMayBeOpen = false;
    return true;
  }

  private async poisoned(event: RecordedEvent, error: unknown): Promise<void> {
    this.failureMayBeOpen = true;
    // Retries read this event alone, so events appended behind it do not make a batch to search again.
    this.singleStepUntil = Math.max(this.singleStepUntil, event.globalPosition);
    await stopAtPoison(this.options.pool, this.options.logger, this.status, event, error);
  }
}
