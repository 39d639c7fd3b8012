/**
 * One live projector: while it holds leadership, it reads the log after its checkpoint, applies a
 * batch and moves the checkpoint in the same transaction. A poison event is recorded and the
 * projector stays on it (retrying with back-off) rather than skipping it.
 */
import type { PoolClient } from 'pg';
import type { EventStore, RecordedEvent } from '@kobo/ledger';
import type { Pool, Logger } from '@kobo/platform';
import { flushChanges } from '../batch/flush';
import { tableSpecs } from '../batch/change-set';
import type { Projection, TableSpec } from '../projection';
import { advanceCheckpoint, readCheckpoint } from './checkpoints';
import { checkout } from './checkout';
import { isTransientError } from './errors';
import { describeError, recordFailure, resolveFailures } from './failures';
import { handleBatch } from './handle-batch';
import { openBatchSql } from './sql';

export type ProjectorState =
  'starting' | 'follower' | 'catching-up' | 'idle' | 'failed' | 'retrying' | 'stopped';

export interface ProjectorHooks {
  /** Test seam: runs inside the batch transaction, just before COMMIT. */
  beforeCommit?: (context: {
    projector: string;
    client: PoolClient;
    events: RecordedEvent[];
  }) => Promise<void>;
}

export interface ProjectorOptions {
  pool: Pool;
  store: EventStore;
  projection: Projection;
  logger: Logger;
  batchSize: number;
  /** A projector that is behind doubles its batch after each full one, up to this (default 10 × batchSize). */
  maxBatchSize?: number;
  hooks?: ProjectorHooks;
}

export type StepResult = 'progress' | 'caught-up' | 'poison' | 'transient-error';

export interface LocalProjectorStatus {
  name: string;
  state: ProjectorState;
  leader: boolean;
  /** Position of the last batch this process committed (or read). */
  position: number;
  failure: { globalPosition: number; eventId: string; eventType: string; error: string } | null;
  lastError: string | null;
}

export class Projector {
  readonly name: string;
  private readonly specs: ReadonlyMap<string, TableSpec>;
  /** After a write error that is not transient: batches of one event until past `until`. */
  private singleStepUntil = 0;
  /** Grows while catching up (fewer, bigger transactions), back to batchSize once caught up. */
  private batchLimit: number;
  readonly status: LocalProjectorStatus;

  constructor(private readonly options: ProjectorOptions) {
    this.name = options.projection.name;
    this.specs = tableSpecs([options.projection]);
    this.batchLimit = options.batchSize;
    this.status = {
      name: this.name,
      state: 'starting',
      leader: false,
      position: 0,
      failure: null,
      lastError: null,
    };
  }

  /** Applies at most one batch. Never throws: the outcome says what the loop should do next. */
  async step(): Promise<StepResult> {
    const { pool, store, batchSize, logger } = this.options;
    let events: RecordedEvent[] = [];
    try {
      // Our own last commit says where we are; the batch re-checks it under the lock, and a
      // mismatch (a rebuild swapped the tables in) makes us read it again.
      const position = this.knownPosition ?? (await readCheckpoint(pool, this.name));
      this.knownPosition = position;
      this.status.position = position;
      const limit = position < this.singleStepUntil ? 1 : this.batchLimit;
      events = await store.readAll({ after: position, limit });
      if (!events.length) return 'caught-up';
      const handled = handleBatch(this.options.projection, this.specs, events);
      if (handled.applied.length) {
        const committed = await this.commit(position, handled.applied, handled.changes.sets);
        if (!committed) return 'progress'; // another writer moved the checkpoint: re-read
      }
      if (handled.poison) {
        await this.poisoned(handled.poison.event, handled.poison.error);
        return 'poison';
      }
      if (this.status.failure) {
        logger.info({ projector: this.name }, 'projector got past its failed event');
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
      this.status.lastError = describeError(error);
      if (isTransientError(error) || !events.length) {
        logger.warn({ projector: this.name, err: error }, 'projector batch failed; will retry');
        return 'transient-error';
      }
      if (events.length === 1) {
        // Isolated: this one event cannot be written.
        await this.poisoned(events[0]!, error);
        return 'poison';
      }
      // A write error somewhere in the batch: find the event by applying one at a time.
      this.singleStepUntil = events[events.length - 1]!.globalPosition;
      logger.warn({ projector: this.name, err: error }, 'batch write failed; isolating the event');
      return 'progress';
    }
  }

  /**
   * Whether a recorded failure may still be open (unknown at start: an earlier process may have
   * recorded one), so that a batch past it marks it resolved; otherwise that query is skipped.
   */
  private failureMayBeOpen = true;

  /** The checkpoint as of our last commit (undefined: read it from the table). */
  private knownPosition: number | undefined;

  private async commit(
    position: number,
    applied: RecordedEvent[],
    sets: Parameters<typeof flushChanges>[1],
  ): Promise<boolean> {
    const { pool, hooks } = this.options;
    const { client, release } = await checkout(pool);
    let broken: unknown = undefined;
    try {
      // Read models are derived: a crash can lose the last committed batch only together with its
      // checkpoint (same transaction), and the batch is then projected again. So they need not
      // wait for the disk; the ledger's own appends always do.
      const opened = (await client.query(openBatchSql(client.escapeLiteral(this.name)))) as unknown as {
        rows: { position: string | number }[];
      }[];
      const checkpointRows = opened[opened.length - 1]!.rows;
      const current = checkpointRows.length ? Number(checkpointRows[0]!.position) : 0;
      if (current !== position) {
        await client.query('ROLLBACK');
        this.knownPosition = undefined;
        return false;
      }
      await flushChanges(client, sets);
      const last = applied[applied.length - 1]!.globalPosition;
      await advanceCheckpoint(client, this.name, last);
      if (this.failureMayBeOpen) await resolveFailures(client, [this.name], last);
      if (hooks?.beforeCommit) await hooks.beforeCommit({ projector: this.name, client, events: applied });
      await client.query('COMMIT');
      this.status.position = last;
      this.knownPosition = last;
      this.failureMayBeOpen = false;
      return true;
    } catch (error) {
      broken = error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      // A client whose transaction failed may have lost its connection: never reuse it.
      release(Boolean(broken));
    }
  }

  private async poisoned(event: RecordedEvent, error: unknown): Promise<void> {
    const { pool, logger } = this.options;
    this.failureMayBeOpen = true;
    this.status.failure = {
      globalPosition: event.globalPosition,
      eventId: event.id,
      eventType: event.type,
      error: describeError(error),
    };
    this.status.lastError = this.status.failure.error;
    logger.error(
      {
        projector: this.name,
        position: event.globalPosition,
        eventId: event.id,
        eventType: event.type,
        err: error,
      },
      'projector stopped at a poison event; it will retry',
    );
    try {
      await recordFailure(pool, {
        projector: this.name,
        globalPosition: event.globalPosition,
        eventId: event.id,
        eventType: event.type,
        error,
      });
    } catch (recordError) {
      logger.error({ projector: this.name, err: recordError }, 'could not record the projection failure');
    }
  }
}
