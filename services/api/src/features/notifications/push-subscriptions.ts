/** The browsers a person turned notifications on in: one row per push endpoint (decision 0042). */
import type { Pool } from '@kobo/platform';

export interface PushSubscriptionRow {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
}

/** Saves the browser's subscription for the person; a browser that subscribed for another person moves to this one. */
export async function savePushSubscription(
  pool: Pool,
  userId: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await pool.query(
    `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
    [subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth],
  );
}

/** Removes the person's own subscription at `endpoint` (another person's is left alone). */
export async function deletePushSubscription(pool: Pool, userId: string, endpoint: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    'DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2',
    [endpoint, userId],
  );
  return (rowCount ?? 0) > 0;
}

export async function pushSubscriptionsOf(
  pool: Pool,
  userIds: readonly string[],
): Promise<PushSubscriptionRow[]> {
  const { rows } = await pool.query<PushSubscriptionRow>(
    'SELECT endpoint, user_id, p256dh, auth FROM push_subscriptions WHERE user_id = ANY($1::text[])',
    [userIds],
  );
  return rows;
}

/** The push service says the subscription is gone (404, 410): forget it. */
export async function forgetPushEndpoint(pool: Pool, endpoint: string): Promise<void> {
  await pool.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
}
