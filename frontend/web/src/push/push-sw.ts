/**
 * The service worker's Web Push handlers: shows each push the server sends (services/api/src/push,
 * `PushMessage`: id, title, body, link) as a notification, and opens its page when tapped. This file
 * is imported by the service worker (`import './push/push-sw'` at the top of the injectManifest
 * worker, src/sw.ts), never by the app; importing it registers the handlers on the worker's scope.
 *
 * The app's TypeScript sees the DOM library, not the worker's: the few worker types used here are
 * declared below as they are in the WebWorker library.
 */

interface PushMessage {
  id: string;
  title: string;
  body: string;
  link: string;
}

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  readonly notification: Notification;
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface ServiceWorkerScopeLike {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

/** Android shows a PNG; the badge is drawn from its alpha. */
const ICON = '/icons/icon-192.png';
const HOME = '/dashboard';

/** The push's message, or a plain one when it cannot be read (the server always sends JSON). */
export function pushMessageOf(data: PushEventLike['data']): PushMessage {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined;
    if (message?.title)
      return {
        id: String(message.id ?? ''),
        title: message.title,
        body: String(message.body ?? ''),
        link: typeof message.link === 'string' && message.link.startsWith('/') ? message.link : HOME,
      };
  } catch {
    // Not JSON: shown as a plain notification below.
  }
  return { id: '', title: 'Kobo', body: data?.text() ?? 'You have a new notification.', link: HOME };
}

/** Registers the handlers on a service worker's scope. */
export function registerPushHandlers(scope: ServiceWorkerScopeLike): void {
  scope.addEventListener('push', (event) => {
    const message = pushMessageOf(event.data);
    event.waitUntil(
      scope.registration.showNotification(message.title, {
        body: message.body,
        icon: ICON,
        badge: ICON,
        // The same notification pushed again replaces itself instead of stacking.
        tag: message.id || undefined,
        data: { link: message.link },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = (event.notification.data as { link?: string } | null)?.link ?? HOME;
    const url = new URL(link, scope.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
        if (open) {
          await open.focus();
          await open.navigate(url);
        } else await scope.clients.openWindow(url);
      })(),
    );
  });
}

// Imported by the service worker: its global scope is `self`.
const worker = globalThis as unknown as Partial<ServiceWorkerScopeLike> & { registration?: unknown };
if (typeof worker.registration === 'object' && typeof worker.clients === 'object')
  registerPushHandlers(worker as ServiceWorkerScopeLike);
