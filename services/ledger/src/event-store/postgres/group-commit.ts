/**
 * Group commit: concurrent appends from this process share one call to kobo_append_events, so
 * one transaction and one WAL flush serve many requests. Each request is still atomic on its own,
 * and each caller's promise settles only after the commit that holds (or refused) its events.
 *
 * Two batches may be in flight: the second waits on the chain head lock while the first commits,
 * so PostgreSQL goes from one batch to the next without waiting for a round trip to this process.
 * A request touching a stream, event id or command id of an earlier, unsettled request waits for
 * it, so requests on one stream apply in the order they were made.
 */
import type pg from 'pg';
import { prepared } from '@kobo/platform';
import { settle, type AppendOutcome, type AppendRequest } from './append-requests';
import type { AppendResult } from '../port';

interface Pending {
  request: AppendRequest;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export const APPEND = prepared('SELECT kobo_append_events($1::jsonb) AS outcomes');

const MAX_IN_FLIGHT = 2;

function keysOf(request: AppendRequest): string[] {
  const keys = [...request.streamIds.map((s) => `s:${s}`), ...request.eventIds];
  if (request.commandId !== undefined) keys.push(`c:${request.commandId}`);
  return keys;
}

export class GroupCommit {
  private queue: Pending[] = [];
  private inFlight = 0;
  /** Streams, event ids and command ids of the batches in flight. */
  private readonly busy = new Set<string>();
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly maxBatchSize: number,
  ) {}

  append(request: AppendRequest): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when every request submitted so far has settled. */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts batches on the next turn of the event loop, so the callers of this turn join them. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.takeBatch();
      if (batch.length === 0) break;
      const keys = batch.flatMap((p) => keysOf(p.request));
      for (const key of keys) this.busy.add(key);
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        for (const key of keys) this.busy.delete(key);
        this.inFlight -= 1;
        this.pump();
        if (this.queue.length === 0 && this.inFlight === 0) {
          for (const resolve of this.idleWaiters.splice(0)) resolve();
        }
      });
    }
  }

  /**
   * Up to maxBatchSize requests, in arrival order, that touch distinct streams, event ids and
   * commands, and none of a batch in flight. A request that cannot go blocks its streams and ids
   * for the rest of this pass, keeping per-stream order, even when a failed batch is run again
   * request by request.
   */
  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const seen = new Set<string>();
    for (const pending of this.queue) {
      const keys = keysOf(pending.request);
      const blocked = keys.some((key) => seen.has(key) || this.busy.has(key));
      for (const key of keys) seen.add(key);
      if (blocked || batch.length >= this.maxBatchSize) rest.push(pending);
      else batch.push(pending);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes: AppendOutcome[];
    try {
      const { rows } = await this.pool.query<{ outcomes: AppendOutcome[] }>({
        ...APPEND,
        values: [JSON.stringify(batch.map((p) => p.request.json))],
      });
      outcomes = rows[0]!.outcomes;
    } catch (error) {
      // An error the checks did not foresee: run each request alone so it fails only its caller.
      if (batch.length > 1) {
        for (const pending of batch) await this.run([pending]);
      } else batch[0]!.reject(error);
      return;
    }
    batch.forEach((pending, i) => {
      try {
        pending.resolve(settle(outcomes[i]!));
      } catch (error) {
        pending.reject(error);
      }
    });
  }
}
