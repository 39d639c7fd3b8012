/**
 * Rate limits for the endpoints that invite guessing (login, register, password reset).
 * The counts live in the process's memory: with several API processes each counts alone, so
 * the effective limit is the limit times the number of processes.
 */
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';
import { problemFor } from '../problem';

export interface RateLimiterOptions {
  /** The window, in milliseconds. */
  windowMs: number;
  /** Requests allowed per key in a window. */
  limit: number;
  /** What the person sees when refused. */
  message?: string;
  /** Extra key material, e.g. the email being tried, so one address cannot be hammered from many IPs. */
  keyBy?: (req: Request) => string | undefined;
}

export const defaultRateLimitMessage = 'Too many attempts. Please wait a moment and try again.';

export function createRateLimiter({ windowMs, limit, message, keyBy }: RateLimiterOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => {
      const ip = ipKeyGenerator(req.ip ?? 'unknown');
      // The limiter runs before validation: the extra key may be anything the caller sent.
      const extra: unknown = keyBy?.(req);
      return typeof extra === 'string' && extra ? `${ip}|${extra.toLowerCase().slice(0, 320)}` : ip;
    },
    handler: (_req, res, _next, options) => {
      const retryAfter = Math.ceil(options.windowMs / 1000);
      if (!res.getHeader('Retry-After')) res.setHeader('Retry-After', String(retryAfter));
      problemFor(res, 'rate_limited', message ?? defaultRateLimitMessage);
    },
  });
}
