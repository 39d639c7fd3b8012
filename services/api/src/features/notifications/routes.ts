/**
 * The notification centre (GET /users/notifications, POST /users/notifications/read) and Web Push
 * (GET /users/push/key, POST and DELETE /users/push/subscriptions). Every route reads and writes
 * the signed-in person's own rows only. Contract: docs/api/user-area.md ("Notifications").
 */
import { type ApiContext, type FeatureRoutes, nowOf } from '../../context';
import { defineRoute, HttpProblem } from '../../http';
import {
  listNotifications,
  unreadCount,
  type NotificationKind,
  type NotificationWithdrawalState,
  type NotificationWithRead,
} from '@kobo/projector';
import { markAllRead, markRead } from './read-marks';
import { deletePushSubscription, savePushSubscription } from './push-subscriptions';
import {
  markReadBody,
  messageSchema,
  notificationMessages,
  notificationsPageSchema,
  notificationsQuery,
  pushKeySchema,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  unreadCountSchema,
} from './schemas';

const tags = ['notifications'];

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  withdrawalState: NotificationWithdrawalState | null;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  readAt: string | null;
}

export function notificationView(row: NotificationWithRead): NotificationView {
  return {
    id: row.notification_id,
    kind: row.kind,
    withdrawalState: row.withdrawal_state,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at ? row.read_at.toISOString() : null,
  };
}

function pushKeyOf(ctx: ApiContext): string {
  if (!ctx.config.push) throw new HttpProblem('not_found', notificationMessages.pushOff);
  return ctx.config.push.publicKey;
}

export const notificationRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/users/notifications',
    summary: "The signed-in user's notifications, newest first, with how many are unread",
    description:
      'Proofs approved or not, referral bonuses, and each step of a withdrawal after its request ' +
      '(approved, sending, paid, failed, declined, reversed). Pages of `pageSize` (default 20, at ' +
      'most 50); `next`, on a full page, sent back as `before`, gives the older ones. ' +
      '`unreadCount` counts every unread notification, not only this page’s.',
    tags,
    access: ['user'],
    query: notificationsQuery,
    responses: {
      200: { description: 'A page of notifications', schema: notificationsPageSchema },
      400: { description: 'A bad page size or cursor', problem: true },
    },
    handler: async ({ principal, query }) => {
      const [{ rows, next }, unread] = await Promise.all([
        listNotifications(ctx.pool, principal.userId, query),
        unreadCount(ctx.pool, principal.userId),
      ]);
      return { notifications: rows.map(notificationView), unreadCount: unread, next };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/users/notifications/read',
    summary: 'Mark notifications read: the ones named, or all of them',
    description:
      'With `ids`, those of the signed-in user’s notifications (another person’s ids are ignored); ' +
      'without, every notification they have now. Marking again changes nothing. Answers the ' +
      'unread count left.',
    tags,
    access: ['user'],
    body: markReadBody,
    responses: {
      200: { description: 'Marked read', schema: unreadCountSchema },
      400: { description: 'ids is not a list of at most 200 ids', problem: true },
    },
    handler: async ({ principal, body }) => {
      const at = nowOf(ctx);
      if (body.ids) await markRead(ctx.pool, principal.userId, body.ids, at);
      else await markAllRead(ctx.pool, principal.userId, at);
      return {
        message: notificationMessages.markedRead,
        unreadCount: await unreadCount(ctx.pool, principal.userId),
      };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/users/push/key',
    summary: "The server's Web Push (VAPID) public key, or null when push is off",
    description:
      'The `applicationServerKey` for `PushManager.subscribe`. Null when the server has no VAPID ' +
      'keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT): the app then does not offer push.',
    tags,
    access: ['user'],
    responses: { 200: { description: 'The key', schema: pushKeySchema } },
    handler: () => ({ publicKey: ctx.config.push?.publicKey ?? null }),
  }),

  defineRoute({
    method: 'post',
    path: '/users/push/subscriptions',
    summary: 'Turn on notifications for this browser (its PushSubscription)',
    description:
      'The body is `PushSubscription.toJSON()`: `endpoint` (https) and `keys` (`p256dh`, `auth`). ' +
      'Saved for the signed-in user; the same endpoint saved again replaces its keys (and moves to ' +
      'this user if another person had it on this browser). 404 when push is off.',
    tags,
    access: ['user'],
    body: pushSubscriptionBody,
    responses: {
      201: { description: 'Saved', schema: messageSchema },
      400: { description: 'Not a valid subscription', problem: true },
      404: { description: 'Push is off on this server', problem: true },
    },
    handler: async ({ principal, body }) => {
      pushKeyOf(ctx);
      await savePushSubscription(ctx.pool, principal.userId, body);
      return { message: notificationMessages.subscribed };
    },
  }),

  defineRoute({
    method: 'delete',
    path: '/users/push/subscriptions',
    summary: 'Turn off notifications for this browser',
    description:
      'Removes the signed-in user’s subscription at `endpoint`; answers the same when there was ' +
      'none (another person’s subscription is left alone).',
    tags,
    access: ['user'],
    body: pushUnsubscribeBody,
    responses: {
      200: { description: 'Removed, or there was none', schema: messageSchema },
      400: { description: 'No endpoint', problem: true },
    },
    handler: async ({ principal, body }) => {
      await deletePushSubscription(ctx.pool, principal.userId, body.endpoint);
      return { message: notificationMessages.unsubscribed };
    },
  }),
];
