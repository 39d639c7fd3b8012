/**
 * Limits on the endpoints that invite guessing or abuse. Counts are per client IP, per IP and
 * email tried, and per account alone (so one account cannot be guessed at from many addresses),
 * kept in PostgreSQL so every API process counts against the same limit. AUTH_RATE_LIMIT_SCALE
 * multiplies every limit (a load test from one machine sets it high); the default is 1.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Pool } from '@kobo/platform';
import { createRateLimiter, postgresRateLimitCounters } from '../../http';

const MINUTE = 60_000;

const emailTried = (req: Request): string | undefined => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim() : undefined;
};

const signedInUser = (_req: Request, res: Response): string | undefined =>
  (res.locals as { principal?: { userId?: string } }).principal?.userId;

interface Limit {
  windowMs: number;
  limit: number;
  message: string;
  /** Counted per IP and email tried. */
  perEmail?: boolean;
  /** Counted per email tried alone, whatever the address. */
  perAccount?: boolean;
  /** Only refused attempts count (a good sign-in costs nothing). */
  failuresOnly?: boolean;
  /** Counted per signed-in user. */
  perUser?: boolean;
}

const signInMessage = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
const passwordCheckMessage = 'Too many attempts. Please wait 15 minutes and try again.';

export const authRateLimits = {
  login: [
    {
      windowMs: 15 * MINUTE,
      limit: 10,
      perEmail: true,
      message: signInMessage,
    },
    // Higher than per IP and email (people retry from home and from the phone), but finite.
    { windowMs: 15 * MINUTE, limit: 20, perAccount: true, failuresOnly: true, message: signInMessage },
    {
      windowMs: 15 * MINUTE,
      limit: 100,
      message: signInMessage,
    },
  ],
  adminLogin: [
    {
      windowMs: 15 * MINUTE,
      limit: 5,
      perEmail: true,
      message: signInMessage,
    },
    { windowMs: 15 * MINUTE, limit: 10, perAccount: true, failuresOnly: true, message: signInMessage },
    {
      windowMs: 15 * MINUTE,
      limit: 30,
      message: signInMessage,
    },
  ],
  // Generous per IP: many people share one address behind mobile carriers' NAT.
  register: [
    {
      windowMs: 60 * MINUTE,
      limit: 30,
      message: 'Too many sign-ups from your network. Please try again later.',
    },
  ],
  forgotPassword: [
    {
      windowMs: 15 * MINUTE,
      limit: 5,
      perEmail: true,
      message: 'Too many password reset requests. Please wait a few minutes and try again.',
    },
    {
      windowMs: 60 * MINUTE,
      limit: 30,
      message: 'Too many password reset requests. Please wait a few minutes and try again.',
    },
    // One inbox cannot be flooded from many addresses.
    {
      windowMs: 60 * MINUTE,
      limit: 10,
      perAccount: true,
      message: 'Too many password reset requests. Please wait a few minutes and try again.',
    },
  ],
  // Each of these checks the password with argon2: per signed-in user.
  changePassword: [{ windowMs: 15 * MINUTE, limit: 10, perUser: true, message: passwordCheckMessage }],
  deleteAccount: [{ windowMs: 15 * MINUTE, limit: 10, perUser: true, message: passwordCheckMessage }],
  setPin: [{ windowMs: 15 * MINUTE, limit: 10, perUser: true, message: passwordCheckMessage }],
  // Each check may ask the payout provider whose account a number is: per signed-in user.
  resolveBankAccount: [
    {
      windowMs: MINUTE,
      limit: 10,
      perUser: true,
      message: 'Too many account checks. Please wait a minute and try again.',
    },
  ],
  resetPassword: [
    {
      windowMs: 15 * MINUTE,
      limit: 20,
      message: 'Too many password reset attempts. Please wait a few minutes and try again.',
    },
  ],
} satisfies Record<string, Limit[]>;

export function rateLimitScale(env: NodeJS.ProcessEnv = process.env): number {
  const scale = Number(env.AUTH_RATE_LIMIT_SCALE ?? 1);
  return Number.isFinite(scale) && scale >= 1 ? scale : 1;
}

/**
 * The limiters of one route, counting in PostgreSQL. `name` keeps each route's counters apart;
 * every app on the same database (every API process) shares them.
 */
export function rateLimiters(
  pool: Pool,
  name: keyof typeof authRateLimits,
  scale = rateLimitScale(),
): RequestHandler[] {
  const counters = postgresRateLimitCounters(pool);
  return (authRateLimits[name] as readonly Limit[]).map(
    ({ windowMs, limit, message, perEmail, perAccount, perUser, failuresOnly }, index) => {
      const scope = perAccount ? 'account' : perEmail ? 'ip+email' : perUser ? 'user' : 'ip';
      return createRateLimiter({
        windowMs,
        limit: Math.floor(limit * scale),
        message,
        failuresOnly,
        store: counters(`${name}:${index}:${scope}`),
        ...(perEmail ? { keyBy: emailTried } : {}),
        ...(perAccount ? { keyBy: emailTried, scope: 'key' as const } : {}),
        ...(perUser ? { keyBy: signedInUser, scope: 'key' as const } : {}),
      });
    },
  );
}
