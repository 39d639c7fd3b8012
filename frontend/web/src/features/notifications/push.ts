/**
 * This browser's Web Push subscription. The service worker is registered by the app's worker set-up
 * (vite-plugin-pwa); here only `navigator.serviceWorker.ready`'s PushManager is used, and the push
 * handler the worker imports is src/push/push-sw.ts.
 */

/** The browser can show pushes: a service worker registered for this page, Push API and Notification. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (typeof window === 'undefined' || !('PushManager' in window) || !('Notification' in window)) return null;
  // `ready` never settles without a worker: ask first whether there is one.
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return navigator.serviceWorker.ready;
}

/** The key as PushManager.subscribe takes it (base64url text to bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export type PushTurnOn =
  | {
      kind: 'on';
      subscription: PushSubscriptionJSON & { endpoint: string; keys: { p256dh: string; auth: string } };
    }
  | { kind: 'denied' };

/** Asks the person (the browser's own question), then subscribes this browser. */
export async function subscribeThisBrowser(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushTurnOn> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { kind: 'denied' };
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  return {
    kind: 'on',
    subscription: subscription.toJSON() as Extract<PushTurnOn, { kind: 'on' }>['subscription'],
  };
}
