/**
 * The browser session: the signed session JWT in an httpOnly cookie, set at sign-in beside the
 * JSON answer (bearer clients keep using the token in the body). See
 * docs/decisions/0008-browser-sessions.md.
 */
import type { CookieOptions, Express, Request, Response } from 'express';

export const SESSION_COOKIE = 'kobo_session';

export interface SessionCookieSettings {
  /** Sent only over HTTPS: on in production and when HOST is set, unless PLAIN_HTTP=1 (secureSessions). */
  secure: boolean;
}

function attributes({ secure }: SessionCookieSettings): CookieOptions {
  // Lax: sent when the person follows a link to the site, never on another site's POST.
  return { httpOnly: true, sameSite: 'lax', path: '/', secure };
}

/** Sets the session cookie; it lives as long as the token (Max-Age = the token's lifetime). */
export function setSessionCookie(
  res: Response,
  token: string,
  settings: SessionCookieSettings & { maxAgeSeconds: number },
): void {
  res.cookie(SESSION_COOKIE, token, { ...attributes(settings), maxAge: settings.maxAgeSeconds * 1000 });
}

/** Clears it: same attributes, empty value, Max-Age=0. */
export function clearSessionCookie(res: Response, settings: SessionCookieSettings): void {
  res.cookie(SESSION_COOKIE, '', { ...attributes(settings), maxAge: 0 });
}

/** The session cookie's value, read from the Cookie header (no other cookie is looked at). */
export function sessionCookieOf(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    if (!value) return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

// ---- same-origin check for cookie-authenticated changes (CSRF) -----------------------------------

const TRUSTED_ORIGINS = 'koboTrustedOrigins';

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Records the web app's origin(s) (the ones CORS allows) for the same-origin check. */
export function trustOrigins(app: Express, webOrigin: string | string[]): void {
  app.locals[TRUSTED_ORIGINS] = (Array.isArray(webOrigin) ? webOrigin : [webOrigin])
    .map(originOf)
    .filter((origin): origin is string => origin !== undefined);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(req: Request): boolean {
  return !SAFE_METHODS.has(req.method);
}

/**
 * Whether the request comes from our own site: the browser says it is same-origin
 * (`Sec-Fetch-Site`), or its Origin (or, without one, its Referer) is one of the web app's origins
 * or this host. None of these (a non-browser client, or an old browser told to hide them) counts
 * as not ours: a cookie-authenticated change must show where it came from.
 */
export function fromOwnSite(req: Request): boolean {
  // Set by the browser, never by a page's script. Needed because a page served with
  // `Referrer-Policy: no-referrer` gets neither Origin nor Referer on its same-origin fetches
  // (Chromium, checked).
  if (req.get('sec-fetch-site') === 'same-origin') return true;
  const stated = req.get('origin') ?? req.get('referer');
  if (!stated || stated === 'null') return false;
  const origin = originOf(stated);
  if (!origin) return false;
  const trusted = (req.app?.locals[TRUSTED_ORIGINS] as string[] | undefined) ?? [];
  if (trusted.includes(origin)) return true;
  // The host the browser addressed (behind a proxy that keeps Host, e.g. Vite's dev proxy, the
  // web app's own); the scheme is left out as a TLS-terminating proxy hides it.
  const host = req.get('host')?.toLowerCase();
  return host !== undefined && new URL(origin).host === host;
}
