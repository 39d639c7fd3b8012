/** Request and response shapes of the notification centre and Web Push (docs/api/user-area.md). */
import { z } from 'zod';

export const notificationMessages = {
  markedRead: 'Notifications marked as read.',
  pushOff: 'Notifications on this device are not available.',
  subscribed: 'Notifications are on for this device.',
  unsubscribed: 'Notifications are off for this device.',
  badSubscription: 'This device’s notification subscription is not valid. Please try again.',
  badCursor: 'This page link is no longer valid; start again from the first page.',
} as const;

export const MAX_NOTIFICATIONS_PAGE = 50;

export const notificationsQuery = z.object({
  pageSize: z.coerce
    .number({ error: `Page size must be a whole number from 1 to ${MAX_NOTIFICATIONS_PAGE}` })
    .int()
    .min(1, `Page size must be a whole number from 1 to ${MAX_NOTIFICATIONS_PAGE}`)
    .max(MAX_NOTIFICATIONS_PAGE, `Page size must be a whole number from 1 to ${MAX_NOTIFICATIONS_PAGE}`)
    .default(20),
  before: z
    .string()
    .regex(/^\d{1,18}$/, notificationMessages.badCursor)
    .optional()
    .describe('The `next` of the page before: the notifications older than it'),
});

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(['proof_approved', 'proof_rejected', 'referral_bonus', 'withdrawal']),
  withdrawalState: z
    .enum(['requested', 'approved', 'sending', 'paid', 'failed', 'declined', 'reversed'])
    .nullable()
    .describe(
      'For a withdrawal: where its money is now (requested: waiting for review again, its approval undone; failed, declined, reversed: back on the balance)',
    ),
  title: z.string(),
  body: z.string().describe('One or two sentences in the product’s words, amounts as ₦1,234.50'),
  link: z.string().describe('The page of the user area that shows more (a path: /dashboard/withdraw)'),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  next: z
    .string()
    .nullable()
    .describe('On a full page: send it back as `before` for older notifications; null on the last page'),
});

export const markReadBody = z.object({
  ids: z
    .array(z.string().min(1).max(100), { error: 'ids is a list of notification ids' })
    .max(200, 'At most 200 ids at a time')
    .optional()
    .describe('The notifications to mark read; left out: every notification up to now'),
});

export const unreadCountSchema = z.object({ message: z.string(), unreadCount: z.number().int() });

export const pushKeySchema = z.object({
  publicKey: z
    .string()
    .nullable()
    .describe("The server's VAPID public key (base64url) for PushManager.subscribe; null: push is off"),
});

/** A browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: notificationMessages.badSubscription })
    .max(2000, notificationMessages.badSubscription)
    .url(notificationMessages.badSubscription)
    .refine((url) => url.startsWith('https://'), notificationMessages.badSubscription),
  keys: z.object(
    {
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, notificationMessages.badSubscription),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, notificationMessages.badSubscription),
    },
    { error: notificationMessages.badSubscription },
  ),
  expirationTime: z.number().nullable().optional(),
});

export const pushUnsubscribeBody = z.object({
  endpoint: z.string({ error: notificationMessages.badSubscription }).max(2000),
});

export const messageSchema = z.object({ message: z.string() });
