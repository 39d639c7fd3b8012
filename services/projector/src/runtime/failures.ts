/**
 * Poison events: recorded per consumer and event until a retry (or a rebuild) gets past them. The
 * table and its `projector` column keep the names from when only projectors followed the log.
 */
import type { Queryable } from '../batch/flush';

export interface ConsumerFailure {
  consumer: string;
  globalPosition: number;
  eventId: string;
  eventType: string;
  error: string;
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

export async function recordFailure(
  db: Queryable,
  failure: { consumer: string; globalPosition: number; eventId: string; eventType: string; error: unknown },
): Promise<void> {
  await db.query(
    `INSERT INTO projection_failures (projector, global_position, event_id, event_type, error)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (projector, global_position) WHERE resolved_at IS NULL
     DO UPDATE SET attempts = projection_failures.attempts + 1, last_failed_at = now(), error = EXCLUDED.error`,
    [
      failure.consumer,
      failure.globalPosition,
      failure.eventId,
      failure.eventType,
      describeError(failure.error),
    ],
  );
}

/** Marks the failures of `consumer` (a quoted literal) at these positions resolved: their events are handled. */
export function resolveFailuresAtSql(consumer: string, positions: readonly number[]): string {
  return `UPDATE projection_failures SET resolved_at = now()
     WHERE projector = ${consumer} AND resolved_at IS NULL
       AND global_position = ANY('{${positions.map(Number).join(',')}}'::bigint[])`;
}

/** Marks failures at or before `position` resolved: the consumers have handled those events now. */
export async function resolveFailures(
  db: Queryable,
  consumers: readonly string[],
  position: number,
): Promise<void> {
  await db.query(
    `UPDATE projection_failures SET resolved_at = now()
     WHERE projector = ANY($1::text[]) AND resolved_at IS NULL AND global_position <= $2`,
    [consumers, position],
  );
}

export async function openFailures(db: Queryable): Promise<ConsumerFailure[]> {
  const result = (await db.query(
    `SELECT projector, global_position, event_id, event_type, error, attempts, first_failed_at, last_failed_at
     FROM projection_failures WHERE resolved_at IS NULL ORDER BY projector, global_position`,
  )) as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    consumer: row.projector as string,
    globalPosition: Number(row.global_position),
    eventId: row.event_id as string,
    eventType: row.event_type as string,
    error: row.error as string,
    attempts: Number(row.attempts),
    firstFailedAt: row.first_failed_at as Date,
    lastFailedAt: row.last_failed_at as Date,
  }));
}
