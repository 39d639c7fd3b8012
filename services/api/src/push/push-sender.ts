/**
 * Web Push: follows the ledger and sends each notification of the centre (@kobo/projector's
 * `notificationOf`, the same words) to the browsers where its person turned notifications on. A
 * reactor on the consumer runtime (`push`): one process leads it, and its checkpoint moves once a
 * batch's pushes were tried.
 *
 * A push is a nudge; the notification itself is in the centre. So a push service that keeps
 * failing (after a few tries, backing off) is logged and passed over rather than holding up the
 * log, and a subscription the push service says is gone (404, 410) is forgotten. A repeat after a
 * crash carries the same `Topic` (the notification's id): the push service keeps one. A
 * notification older than a day is not pushed (a reactor catching up after an outage).
 */
import webPush, { type PushSubscription, type RequestOptions } from 'web-push';
import { decodeEvent, type EventStore, type RecordedEvent } from '@kobo/ledger';
import type { Logger, Pool, PushSettings } from '@kobo/platform';
import {
  notificationOf,
  startConsumers,
  type ConsumersHandle,
  type Notification,
  type Reactor,
  type StartConsumersOptions,
} from '@kobo/projector';
import {
  forgetPushEndpoint,
  pushSubscriptionsOf,
  type PushSubscriptionRow,
} from '../features/notifications/push-subscriptions';

export const PUSH_REACTOR = 'push';

/** What the service worker receives (frontend/web/src/push/push-sw.ts reads it). */
export interface PushMessage {
  id: string;
  title: string;
  body: string;
  link: string;
}

export interface PushSenderOptions {
  pool: Pool;
  push: PushSettings;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** Tries per push before it is passed over (default 3). */
  attempts?: number;
  /** The first pause between tries; it doubles (default 500 ms). */
  retryDelayMs?: number;
  /** How old a notification may be and still be pushed (default a day). */
  maxAgeMs?: number;
  /** The push request's own timeout (default 10 s). */
  timeoutMs?: number;
  /** The clock the age is judged by (tests move it). */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pushes in flight at once within a batch. */
const CONCURRENCY = 8;

export function pushMessageOf(notification: Notification): PushMessage {
  const { id, title, body, link } = notification;
  return { id, title, body, link };
}

export function pushReactor(options: PushSenderOptions): Reactor {
  const { pool, push, logger } = options;
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const maxAgeMs = options.maxAgeMs ?? DAY_MS;
  const now = options.now ?? (() => new Date());
  const requestOptions: RequestOptions = {
    vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
    // The push service keeps an undelivered message (a phone off) this long.
    TTL: Math.floor(maxAgeMs / 1000),
    urgency: 'normal',
  };
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function sendOne(notification: Notification, subscription: PushSubscriptionRow): Promise<void> {
    const target: PushSubscription = {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    };
    const payload = JSON.stringify(pushMessageOf(notification));
    // A Topic is at most 32 URL-safe characters: the notification's id without its dashes.
    const topic = notification.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
    // web-push encrypts (aes128gcm) and signs (VAPID); the request itself is ours, so its time
    // limit and its answer are read the same way for every push service.
    const request = webPush.generateRequestDetails(target, payload, { ...requestOptions, topic });
    for (let attempt = 1; ; attempt++) {
      let status: number | undefined;
      let failure: unknown;
      try {
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) return;
        status = res.status;
      } catch (error) {
        failure = error;
      }
      if (status === 404 || status === 410) {
        await forgetPushEndpoint(pool, subscription.endpoint);
        logger.info({ status }, 'push: the push service says a subscription is gone; forgotten');
        return;
      }
      // 429 and 5xx, a timeout or a refused connection may pass; another 4xx will not.
      const passing = status === undefined || status === 429 || status >= 500;
      if (!passing || attempt >= attempts) {
        logger.warn(
          { status, err: failure, attempts: attempt },
          'push: a push could not be delivered; passed over (the notification is in the centre)',
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)));
    }
  }

  return {
    kind: 'reactor',
    name: PUSH_REACTOR,
    description: 'Sends each notification to the browsers where its person turned notifications on',
    async react(events: readonly RecordedEvent[]) {
      const since = now().getTime() - maxAgeMs;
      const notifications = events
        .filter((event) => event.recordedAt.getTime() >= since)
        .map((event) => notificationOf(decodeEvent(event)))
        .filter((notification): notification is Notification => notification !== null);
      if (!notifications.length) return;
      const subscriptions = await pushSubscriptionsOf(pool, [...new Set(notifications.map((n) => n.userId))]);
      const sends = notifications.flatMap((notification) =>
        subscriptions
          .filter((subscription) => subscription.user_id === notification.userId)
          .map((subscription) => () => sendOne(notification, subscription)),
      );
      for (let i = 0; i < sends.length; i += CONCURRENCY)
        await Promise.all(sends.slice(i, i + CONCURRENCY).map((send) => send()));
    },
  };
}

export function startPushSender(
  options: PushSenderOptions & { store: EventStore; logger: Logger } & Pick<
      StartConsumersOptions,
      'pollIntervalMs' | 'leaderRetryMs' | 'kafka'
    >,
): Promise<ConsumersHandle> {
  const { pool, store, logger, pollIntervalMs, leaderRetryMs, kafka } = options;
  return startConsumers({
    pool,
    store,
    logger,
    consumers: [pushReactor(options)],
    // A crash repeats at most one batch of pushes (each kept once by its Topic): keep batches small.
    batchSize: 200,
    maxBatchSize: 200,
    pollIntervalMs,
    leaderRetryMs,
    kafka,
  });
}
