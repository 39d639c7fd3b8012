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

export async function readCheckpoint(db: Queryable, consumer: string): Promise<number> {
  const result = (await db.query(`SELECT position FROM projection_checkpoints WHERE projector = $1`, [
    consumer,
  ])) as Rows<{ position: string | number }>;
  return result.rows.length ? Number(result.rows[0]!.position) : 0;
}

export async function readCheckpoints(db: Queryable): Promise<Map<string, number>> {
  const result = (await db.query(`SELECT projector, position FROM projection_checkpoints`)) as Rows<{
    projector: string;
    position: string | number;
  }>;
  return new Map(result.rows.map((row) => [row.projector, Number(row.position)]));
}

/**
 * Moves a checkpoint and notifies on commit, in one statement. The arguments are SQL expressions:
 * parameters, or literals when it travels with other statements (a live batch checks beforehand,
 * under the row's lock, that nobody else moved it: kobo_expect_checkpoint).
 */
export function advanceSql(args: {
  consumer: string;
  position: string;
  rebuilt: string;
  channel: string;
  payload: string;
}): string {
  return `WITH advanced AS (
     INSERT INTO projection_checkpoints (projector, position, updated_at, rebuilt_at)
     VALUES (${args.consumer}, ${args.position}, now(), CASE WHEN ${args.rebuilt} THEN now() END)
     ON CONFLICT (projector) DO UPDATE SET position = EXCLUDED.position, updated_at = now(),
       rebuilt_at = coalesce(EXCLUDED.rebuilt_at, projection_checkpoints.rebuilt_at)
     RETURNING 1)
   SELECT pg_notify(${args.channel}, ${args.payload}) FROM advanced`;
}

// Every rebuild's swap runs it: prepared once per connection.
const ADVANCE = prepared(
  advanceSql({ consumer: '$1', position: '$2', rebuilt: '$3', channel: '$4', payload: '$5' }),
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
