/**
 * Every read of the notifications read model: a person's notification centre, newest first, with
 * whether they read each one, and how many they have not read. Whether a person read one is not a
 * fact of the log: the API keeps it beside this table (`notification_reads`, one row per
 * notification read on its own; `notification_read_marks`, per person the log position up to which
 * they read everything; decision 0042), and these queries join it by the person's id.
 */
import type { Pool } from '@kobo/platform';
import type { NotificationRow } from './projection';

export type NotificationWithRead = Omit<NotificationRow, 'user_id' | 'event_id'> & { read_at: Date | null };

const UNREAD = `
  n.global_position > coalesce(m.read_through, 0)
  AND NOT EXISTS (SELECT 1 FROM notification_reads r
                   WHERE r.user_id = n.user_id AND r.notification_id = n.notification_id)`;

/** One page of a person's notifications, newest first; `before` is the `next` of the page before. */
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

/** Those of `ids` that are the person's own notifications (another person's are left out). */
export async function ownNotificationIds(
  pool: Pool,
  userId: string,
  ids: readonly string[],
): Promise<string[]> {
  const { rows } = await pool.query<{ notification_id: string }>(
    `SELECT n.notification_id FROM notifications n
      WHERE n.user_id = $1 AND n.notification_id = ANY($2::text[])`,
    [userId, ids],
  );
  return rows.map((row) => row.notification_id);
}

/** The log position of the person's newest notification; null when they have none. */
export async function newestNotificationPosition(pool: Pool, userId: string): Promise<number | null> {
  const { rows } = await pool.query<{ position: string | null }>(
    'SELECT max(global_position) AS position FROM notifications WHERE user_id = $1',
    [userId],
  );
  const position = rows[0]?.position;
  return position === null || position === undefined ? null : Number(position);
}

/** Which of `userIds` got a notification at a log position in (from, to]. */
export async function usersNotifiedBetween(
  pool: Pool,
  userIds: readonly string[],
  from: number,
  to: number,
): Promise<string[]> {
  const { rows } = await pool.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM notifications
      WHERE user_id = ANY($1::text[]) AND global_position > $2 AND global_position <= $3`,
    [userIds, from, to],
  );
  return rows.map((row) => row.user_id);
}
