/** Security headers (helmet) and CORS limited to the web app's origin(s). */
import cors from 'cors';
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../idempotency/middleware';

export interface SecurityOptions {
  /** The web app's origin(s), e.g. 'https://kobo.example'; other origins get no CORS headers. */
  webOrigin: string | string[];
}

export function securityMiddleware({ webOrigin }: SecurityOptions): RequestHandler[] {
  const origins = (Array.isArray(webOrigin) ? webOrigin : [webOrigin]).map((origin) =>
    origin.replace(/\/+$/, ''),
  );
  return [
    // same-origin: the browser still sends a Referer to us (older browsers' only same-origin
    // signal for the cookie session's CSRF check) and none to other sites.
    helmet({ referrerPolicy: { policy: 'same-origin' } }),
    cors({
      origin: origins,
      // The web app is served from the API's own origin, so its cookie needs no CORS; other
      // origins may call with a bearer token only.
      credentials: false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, 'X-Request-Id'],
      exposedHeaders: [
        'X-Request-Id',
        REPLAYED_HEADER,
        'Retry-After',
        'RateLimit',
        'RateLimit-Policy',
        // Paged lists (features/admin/paging.ts).
        'X-Total-Count',
        'X-Next-Cursor',
      ],
      maxAge: 600,
    }),
  ];
}
