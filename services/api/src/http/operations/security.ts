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
    helmet(),
    cors({
      origin: origins,
      // The client sends a bearer token, not cookies, to the API.
      credentials: false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', REPLAYED_HEADER, 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
      maxAge: 600,
    }),
  ];
}
