/**
 * The service worker (src/sw.ts) is registered once the first page is drawn. When a new version
 * is deployed, the worker that carries it waits, and a toast says so with a Reload button: the
 * new version takes over only when the person chooses (a half-filled form is never lost).
 */
import { Intent } from '@blueprintjs/core';
import { registerSW } from 'virtual:pwa-register';

/** How often an open tab asks whether a new version is out (besides each page load). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export const NEW_VERSION_MESSAGE = 'A new version is available';

async function offerNewVersion(reload: () => void) {
  const [{ createToaster }, { prepareIcons }] = await Promise.all([
    import('../toast/overlay-toaster'),
    import('../ui/icon-paths'),
  ]);
  await prepareIcons();
  const container = document.body.appendChild(document.createElement('div'));
  const toaster = await createToaster(container);
  toaster.show({
    message: NEW_VERSION_MESSAGE,
    icon: 'refresh',
    intent: Intent.NONE,
    timeout: 0,
    action: { text: 'Reload', onClick: reload },
  });
}

export function registerApp(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () => void offerNewVersion(() => void update(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });
}
