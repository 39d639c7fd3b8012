/**
 * What a person has read in their notification centre. The notifications come from the projector's
 * read model (`notifications`, its queries in @kobo/projector); whether a person read one is kept
 * here, beside it: one row per notification read on its own (`notification_reads`) and, per person,
 * the log position up to which they read everything (`notification_read_marks`). A rebuild of the
 * read model swaps its table and leaves both alone (decision 0042).
 */
import type { Pool } from '@kobo/platform';
import { newestNotificationPosition, ownNotificationIds } from '@kobo/projector';

/** Marks the person's own notifications of `ids` read; others' ids are ignored. */
export async function markRead(pool: Pool, userId: string, ids: readonly string[], at: Date): Promise<void> {
  const own = await ownNotificationIds(pool, userId, ids);
  if (own.length === 0) return;
  await pool.query(
    `INSERT INTO notification_reads (user_id, notification_id, read_at)
     SELECT $1, unnest($2::text[]), $3
     ON CONFLICT (user_id, notification_id) DO NOTHING`,
    [userId, own, at],
  );
}

/** Marks every notification the person has now read: the mark moves to their newest one. */
export async function markAllRead(pool: Pool, userId: string, at: Date): Promise<void> {
  const newest = await newestNotificationPosition(pool, userId);
  if (newest === null) return;
  await pool.query(
    `INSERT INTO notification_read_marks (user_id, read_through, read_at)
     VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE
       SET read_through = EXCLUDED.read_through, read_at = EXCLUDED.read_at
       WHERE notification_read_marks.read_through < EXCLUDED.read_through`,
    [userId, newest, at],
  );
}
