/**
 * Limits on the endpoints that invite guessing or abuse. Counts are per client IP (and per email
 * tried, where given). AUTH_RATE_LIMIT_SCALE multiplies every limit (a load test from one machine
 * sets it high); the default is 1.
 */
import type { Request, RequestHandler } from 'express';
import { createRateLimiter } from '../../http';

const MINUTE = 60_000;

const emailTried = (req: Request): string | undefined => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim() : undefined;
};

interface Limit {
  windowMs: number;
  limit: number;
  message: string;
  perEmail?: boolean;
}

export const authRateLimits = {
  login: [
    {
      windowMs: 15 * MINUTE,
      limit: 10,
      perEmail: true,
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    },
    {
      windowMs: 15 * MINUTE,
      limit: 100,
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    },
  ],
  adminLogin: [
    {
      windowMs: 15 * MINUTE,
      limit: 5,
      perEmail: true,
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    },
    {
      windowMs: 15 * MINUTE,
      limit: 30,
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
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

/** Fresh limiters (counts are per app instance). */
export function rateLimiters(limits: readonly Limit[], scale = rateLimitScale()): RequestHandler[] {
  return limits.map(({ windowMs, limit, message, perEmail }) =>
    createRateLimiter({
      windowMs,
      limit: Math.floor(limit * scale),
      message,
      ...(perEmail ? { keyBy: emailTried } : {}),
    }),
  );
}
