/**
 * Short-lived links to stored images: `/api/uploads/<key>?expires=<unix s>&sig=<hmac>`
 * (`&thumb=1` for the thumbnail). The link itself is the permission, so an <img> tag can load it
 * without a bearer token; it is handed out only after the owner or an admin asked for it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const LINK_LIFETIME_SECONDS = 5 * 60;

export interface LinkRequest {
  key: string;
  thumb?: boolean;
}

export interface SignedLink {
  url: string;
  expiresAt: string;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export interface LinkSigner {
  sign(request: LinkRequest, now?: Date): SignedLink;
  check(
    request: LinkRequest & { expires: string | undefined; sig: string | undefined },
    now?: Date,
  ): LinkCheck;
}

export interface LinkSignerOptions {
  /** The JWT secret (or any long secret); a separate key is derived from it for links. */
  secret: string;
  lifetimeSeconds?: number;
  /** Where the uploads route is mounted. Default '/api/uploads'. */
  basePath?: string;
}

/** Keys are paths; each segment is encoded on its own so the slashes stay slashes. */
export function uploadPath(basePath: string, key: string): string {
  return `${basePath}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function createLinkSigner(options: LinkSignerOptions): LinkSigner {
  // Derived, so a link's signature says nothing usable about the session-token secret.
  const linkKey = createHmac('sha256', options.secret).update('kobo upload links v1').digest();
  const lifetime = options.lifetimeSeconds ?? LINK_LIFETIME_SECONDS;
  const basePath = options.basePath ?? '/api/uploads';
  const signature = (key: string, thumb: boolean, expires: string) =>
    createHmac('sha256', linkKey)
      .update(`${thumb ? 'thumb' : 'original'}\n${key}\n${expires}`)
      .digest('base64url');

  return {
    sign({ key, thumb = false }, now = new Date()) {
      const expires = String(Math.floor(now.getTime() / 1000) + lifetime);
      const query = new URLSearchParams({ expires, sig: signature(key, thumb, expires) });
      if (thumb) query.set('thumb', '1');
      return {
        url: `${uploadPath(basePath, key)}?${query.toString()}`,
        expiresAt: new Date(Number(expires) * 1000).toISOString(),
      };
    },
    check({ key, thumb = false, expires, sig }, now = new Date()) {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return 'invalid';
      const expected = Buffer.from(signature(key, thumb, expires));
      const given = Buffer.from(sig);
      // Compare digests of equal length, so the comparison's time says nothing about the signature.
      const same = timingSafeEqual(
        createHash('sha256').update(expected).digest(),
        createHash('sha256').update(given).digest(),
      );
      if (!same) return 'invalid';
      return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
}

/** A secret for links when none is configured: links then die with the process, like sessions. */
export function randomLinkSecret(): string {
  return randomBytes(48).toString('base64url');
}
