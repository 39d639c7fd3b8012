/**
 * Projects a stretch of the log into (shadow) tables as fast as the machine allows: big batches,
 * one change set per batch for all projections, the next batch read while the last one is
 * written, and no fsync wait at commit (shadow tables are thrown away if the run dies).
 */
import { decodeEvent, type RecordedKoboEvent, type RecordedEvent } from '@kobo/ledger';
import type { PoolClient } from 'pg';
import { BatchChanges, tableSpecs } from '../batch/change-set';
import { flushChanges, type TableNamer } from '../batch/flush';
import type { Projection } from '../projection';
import type { EventSource } from './event-source';

export class ProjectionError extends Error {
  override readonly name = 'ProjectionError';
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(
      `projection ${projection} failed on event ${event.id} (${event.type}) at position ${event.globalPosition}: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
    );
  }
}

export interface RangeTarget {
  projection: Projection;
  /** Apply events after this position ... */
  after: number;
  /** ... up to and including this one (Infinity: to the end of the log). */
  upTo: number;
}

export interface RangeProgress {
  position: number;
  events: number;
}

export interface ProjectRangeOptions {
  source: EventSource;
  client: PoolClient;
  /** More autocommit clients to write tables in parallel (outside a transaction only). */
  writers?: readonly PoolClient[];
  targets: readonly RangeTarget[];
  tableName: TableNamer;
  batchSize?: number;
  /** Keep reading (for onBatch) up to this position even past every target. */
  readUpTo?: number;
  onBatch?: (progress: RangeProgress, batch: readonly RecordedEvent[]) => void;
}

/** Returns the position of the last event read (the start position if none). */
export async function projectRange(options: ProjectRangeOptions): Promise<RangeProgress> {
  const { source, client, targets, tableName, onBatch } = options;
  const batchSize = options.batchSize ?? 20_000;
  const specs = tableSpecs(targets.map((target) => target.projection));
  const start = targets.length ? Math.min(...targets.map((target) => target.after)) : 0;
  const end = Math.max(options.readUpTo ?? 0, ...targets.map((target) => target.upTo));
  const progress: RangeProgress = { position: start, events: 0 };
  if (!(end > start)) return progress;

  const read = (after: number) => {
    const promise = source.readAll({ after, limit: batchSize });
    promise.catch(() => undefined); // awaited below; do not report it unhandled meanwhile
    return promise;
  };
  let next: Promise<RecordedEvent[]> | null = read(start);
  let writing: Promise<void> = Promise.resolve();
  while (next) {
    const events: RecordedEvent[] = await next;
    if (!events.length) break;
    const last = events[events.length - 1]!.globalPosition;
    next = last < end && events.length === batchSize ? read(last) : null;

    const changes = new BatchChanges(specs);
    let counted = 0;
    for (const event of events) {
      if (event.globalPosition > end) break;
      counted++;
      progress.position = event.globalPosition;
      // Decoded once for all the targets, by the first one that needs it.
      let decoded: RecordedKoboEvent | undefined;
      for (const target of targets) {
        if (event.globalPosition <= target.after || event.globalPosition > target.upTo) continue;
        let rowOps;
        try {
          decoded ??= decodeEvent(event);
          rowOps = target.projection.handle(decoded);
        } catch (error) {
          await writing.catch(() => undefined);
          throw new ProjectionError(target.projection.name, event, error);
        }
        for (const op of rowOps) changes.add(op);
      }
    }
    await writing;
    const write = flushChanges([client, ...(options.writers ?? [])], changes.sets, tableName);
    write.catch(() => undefined);
    writing = write;
    progress.events += counted;
    onBatch?.({ ...progress }, counted === events.length ? events : events.slice(0, counted));
  }
  await writing;
  return progress;
}
