/**
 * A page's code that cannot be downloaded: the phone is offline or on a weak network, or a new
 * version was deployed since the page was opened (its files have new names; the old ones are
 * gone). Online, the page reloads once, which fetches the new version; offline, or if it failed
 * again just after a reload, the error page offers a friendly retry instead of a crash screen.
 */
export const RELOAD_KEY = 'kobo.page-code-reload';
/** A second failure within this time of a reload shows the retry instead of reloading again. */
export const RELOAD_WINDOW_MS = 30_000;

/** Code that could not be downloaded (what the error page tells apart from a bug). */
export class PageCodeError extends Error {
  constructor(cause: unknown) {
    super('This page could not be downloaded.', { cause });
    this.name = 'PageCodeError';
  }
}

/** True for the browsers' and Vite's ways of saying a script or style chunk did not arrive. */
export function isPageCodeError(error: unknown): boolean {
  if (error instanceof PageCodeError) return true;
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed|Failed to load module script/i.test(
    error.message,
  );
}

/** Whether to reload now: only online, and not again right after a reload for the same reason. */
export function shouldReload(online: boolean, lastReloadAt: number | null, now: number): boolean {
  return online && (lastReloadAt === null || !(now - lastReloadAt < RELOAD_WINDOW_MS));
}

function lastReload(): number | null {
  try {
    const value = Number(sessionStorage.getItem(RELOAD_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * What a lazy route does when loading its code failed: rethrows anything that is not a download
 * failure; else reloads the page (and never settles, so nothing flashes before the reload) or
 * throws a PageCodeError for the error page's retry.
 */
export function pageCodeFailed(error: unknown): Promise<never> {
  if (!isPageCodeError(error)) throw error;
  const now = Date.now();
  if (typeof window !== 'undefined' && shouldReload(navigator.onLine, lastReload(), now)) {
    try {
      sessionStorage.setItem(RELOAD_KEY, String(now));
    } catch {
      // No storage: reloading once more is still better than a crash screen.
    }
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
  throw error instanceof PageCodeError ? error : new PageCodeError(error);
}
