/**
 * Rate limits for the endpoints that invite guessing (login, register, password reset).
 * Without a `store` the counts live in the process's memory: with several API processes each
 * counts alone, so the effective limit is the limit times the number of processes. Give it
 * `postgresRateLimitCounters(pool)(name)` (rate-limit-store.ts) to share the count.
 */
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { Request, RequestHandler, Response } from 'express';
import { problemFor } from '../problem';

export interface RateLimiterOptions {
  /** The window, in milliseconds. */
  windowMs: number;
  /** Requests allowed per key in a window. */
  limit: number;
  /** What the person sees when refused. */
  message?: string;
  /** Extra key material, e.g. the email being tried, so one address cannot be hammered from many IPs. */
  keyBy?: (req: Request, res: Response) => string | undefined;
  /**
   * 'ip' (default without keyBy): the client address; 'ip+key' (default with keyBy): the address
   * and keyBy's value together; 'key': keyBy's value alone, from any address (a request without
   * one is not counted).
   */
  scope?: 'ip' | 'ip+key' | 'key';
  /** Count only refused attempts (status 400 and above), e.g. failed sign-ins. */
  failuresOnly?: boolean;
  /** Where the counts live: PostgreSQL (postgresRateLimitCounters) wherever several API processes run. */
  store: Store;
}

export const defaultRateLimitMessage = 'Too many attempts. Please wait a moment and try again.';

export function createRateLimiter({
  windowMs,
  limit,
  message,
  keyBy,
  scope = keyBy ? 'ip+key' : 'ip',
  failuresOnly = false,
  store,
}: RateLimiterOptions): RequestHandler {
  // The limiter runs before validation: the extra key may be anything the caller sent.
  const extraKey = (req: Request, res: Response): string | undefined => {
    const extra: unknown = keyBy?.(req, res);
    return typeof extra === 'string' && extra ? extra.toLowerCase().slice(0, 320) : undefined;
  };
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipFailedRequests: false,
    skipSuccessfulRequests: failuresOnly,
    store,
    // X-Forwarded-For counts only when TRUST_PROXY says so; a client sending it is no misconfiguration.
    validate: { xForwardedForHeader: false },
    skip: (req, res) => scope === 'key' && !extraKey(req, res),
    keyGenerator: (req, res) => {
      const extra = extraKey(req, res);
      if (scope === 'key') return `key|${extra ?? ''}`;
      const ip = ipKeyGenerator(req.ip ?? 'unknown');
      return scope === 'ip+key' && extra ? `${ip}|${extra}` : ip;
    },
    handler: (req, res, _next, options) => {
      // Until the window ends (a shared store knows when), else a whole window.
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfter = Math.max(
        1,
        Math.ceil(resetTime ? (resetTime.getTime() - Date.now()) / 1000 : options.windowMs / 1000),
      );
      if (!res.getHeader('Retry-After')) res.setHeader('Retry-After', String(retryAfter));
      problemFor(res, 'rate_limited', message ?? defaultRateLimitMessage);
    },
  });
}
