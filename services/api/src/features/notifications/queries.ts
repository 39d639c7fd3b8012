/**
 * The notification centre's reads and the read marks. The notifications come from the projector's
 * read model (`notifications`); whether a person read one is kept here, beside it: one row per
 * notification read on its own (`notification_reads`) and, per person, the log position up to
 * which they read everything (`notification_read_marks`). A rebuild of the read model swaps its
 * table and leaves both alone (decision 0042).
 */
import type { Pool } from '@kobo/platform';
import type { NotificationRow } from '@kobo/projector';

export type NotificationWithRead = Omit<NotificationRow, 'user_id' | 'event_id'> & { read_at: Date | null };

const UNREAD = `
  n.global_position > coalesce(m.read_through, 0)
  AND NOT EXISTS (SELECT 1 FROM notification_reads r
                   WHERE r.user_id = n.user_id AND r.notification_id = n.notification_id)`;

export async function listNotifications(
  pool: Pool,
  userId: string,
  { pageSize, before }: { pageSize: number; before?: string },
): Promise<{ rows: NotificationWithRead[]; next: string | null }> {
  const { rows } = await pool.query<NotificationWithRead>(
    `SELECT n.notification_id, n.kind, n.withdrawal_state, n.title, n.body, n.link, n.global_position,
            n.created_at,
            coalesce(r.read_at, CASE WHEN n.global_position <= m.read_through THEN m.read_at END) AS read_at
       FROM notifications n
       LEFT JOIN notification_read_marks m ON m.user_id = n.user_id
       LEFT JOIN notification_reads r ON r.user_id = n.user_id AND r.notification_id = n.notification_id
      WHERE n.user_id = $1 AND ($2::bigint IS NULL OR n.global_position < $2::bigint)
      ORDER BY n.global_position DESC
      LIMIT $3`,
    [userId, before ?? null, pageSize + 1],
  );
  const page = rows.slice(0, pageSize);
  const next = rows.length > pageSize ? String(page[page.length - 1]!.global_position) : null;
  return { rows: page, next };
}

export async function unreadCount(pool: Pool, userId: string): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    `SELECT count(*) AS count
       FROM notifications n
       LEFT JOIN notification_read_marks m ON m.user_id = n.user_id
      WHERE n.user_id = $1 AND ${UNREAD}`,
    [userId],
  );
  return Number(rows[0]!.count);
}

/** Marks the person's own notifications of `ids` read; others' ids are ignored. */
export async function markRead(pool: Pool, userId: string, ids: readonly string[], at: Date): Promise<void> {
  await pool.query(
    `INSERT INTO notification_reads (user_id, notification_id, read_at)
     SELECT n.user_id, n.notification_id, $3
       FROM notifications n
      WHERE n.user_id = $1 AND n.notification_id = ANY($2::text[])
     ON CONFLICT (user_id, notification_id) DO NOTHING`,
    [userId, ids, at],
  );
}

/** Marks every notification the person has now read: the mark moves to their newest one. */
export async function markAllRead(pool: Pool, userId: string, at: Date): Promise<void> {
  await pool.query(
    `INSERT INTO notification_read_marks (user_id, read_through, read_at)
     SELECT $1, max(global_position), $2 FROM notifications WHERE user_id = $1 HAVING count(*) > 0
     ON CONFLICT (user_id) DO UPDATE
       SET read_through = EXCLUDED.read_through, read_at = EXCLUDED.read_at
       WHERE notification_read_marks.read_through < EXCLUDED.read_through`,
    [userId, at],
  );
}
