/**
 * Checkpoints: the last handled position per consumer of the log (projectors and reactors, one
 * table; it keeps the name `projection_checkpoints` and the column `projector` from when only
 * projectors followed the log). A projector's moves with its read models, in one transaction.
 */
import { prepared } from '@kobo/platform';
import type { Queryable } from '../batch/flush';
import { CHECKPOINT_CHANNEL } from './sql';

interface Rows<T> {
  rows: T[];
}

export async function ensureCheckpoints(db: Queryable, consumers: readonly string[]): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (projector) SELECT unnest($1::text[]) ON CONFLICT (projector) DO NOTHING`,
    [consumers],
  );
}

export async function readCheckpoint(db: Queryable, consumer: string, forUpdate = false): Promise<number> {
  const result = (await db.query(
    `SELECT position FROM projection_checkpoints WHERE projector = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [consumer],
  )) as Rows<{ position: string | number }>;
  return result.rows.length ? Number(result.rows[0]!.position) : 0;
}

export async function readCheckpoints(db: Queryable): Promise<Map<string, number>> {
  const result = (await db.query(`SELECT projector, position FROM projection_checkpoints`)) as Rows<{
    projector: string;
    position: string | number;
  }>;
  return new Map(result.rows.map((row) => [row.projector, Number(row.position)]));
}

// Every batch of every consumer runs it: prepared once per connection.
const ADVANCE = prepared(
  `WITH advanced AS (
     INSERT INTO projection_checkpoints (projector, position, updated_at, rebuilt_at)
     VALUES ($1, $2, now(), CASE WHEN $3 THEN now() END)
     ON CONFLICT (projector) DO UPDATE SET position = EXCLUDED.position, updated_at = now(),
       rebuilt_at = coalesce(EXCLUDED.rebuilt_at, projection_checkpoints.rebuilt_at)
     RETURNING 1)
   SELECT pg_notify($4, $5) FROM advanced`,
);

/** Inside the batch's transaction: the checkpoint commits with the changes; NOTIFY fires on commit. */
export async function advanceCheckpoint(
  db: Queryable,
  consumer: string,
  position: number,
  rebuilt = false,
): Promise<void> {
  // One statement (one round trip): the upsert, and the notification that fires on commit.
  await db.query({
    ...ADVANCE,
    values: [consumer, position, rebuilt, CHECKPOINT_CHANNEL, `${consumer}:${position}`],
  });
}
