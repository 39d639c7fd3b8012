/**
 * Limits on the endpoints that invite guessing or abuse. Counts are per client IP, per IP and
 * email tried, and per account alone (so one account cannot be guessed at from many addresses),
 * kept in PostgreSQL so every API process counts against the same limit. AUTH_RATE_LIMIT_SCALE
 * multiplies every limit (a load test from one machine sets it high); the default is 1.
 *
 * The two sign-in doors (signInLimiters) never lock an account: wrong tries are limited per
 * device-or-address and email, and per account by a slow backoff that a device the account knows
 * skips (docs/decisions/0037-sign-in-limits-and-live-streams.md).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Pool } from '@kobo/platform';
import { createRateLimiter, HttpProblem, postgresRateLimitCounters } from '../../http';
import { deviceCookieOf, deviceIsKnown } from './known-devices';
import { credentialsByEmail } from './queries';
import { giveBackTry, reserveTry, type Backoff } from './sign-in-backoff';

const MINUTE = 60_000;

const emailTried = (req: Request): string | undefined => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  // A key PostgreSQL can store (text holds no NUL); the body's own check refuses such an email.
  return typeof email === 'string' ? email.trim().replace(/\0/g, '') : undefined;
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
const backoffMessage =
  'Too many failed sign-ins on this account. Please wait a few minutes and try again, ' +
  'or sign in from a device you have signed in with before.';

interface SignInDoor {
  /** Tries per device-or-address and email: a known device counts apart from its address. */
  perDeviceAndEmail: { windowMs: number; limit: number };
  /** Tries per address, over every email; a device known to the account tried is not counted. */
  perAddress: { windowMs: number; limit: number };
  /** Failures on the account from unknown devices, from any address. */
  backoff: Backoff;
}

/** The users' door (/auth/login) and the staff door (/auth/admin-login), the only one staff use. */
export const signInDoors = {
  login: {
    perDeviceAndEmail: { windowMs: 15 * MINUTE, limit: 10 },
    perAddress: { windowMs: 15 * MINUTE, limit: 100 },
    backoff: { freeFailures: 10, firstDelayMs: 1000, maxDelayMs: 5 * MINUTE, forgetAfterMs: 60 * MINUTE },
  },
  adminLogin: {
    perDeviceAndEmail: { windowMs: 15 * MINUTE, limit: 5 },
    perAddress: { windowMs: 15 * MINUTE, limit: 30 },
    backoff: { freeFailures: 5, firstDelayMs: 2000, maxDelayMs: 10 * MINUTE, forgetAfterMs: 60 * MINUTE },
  },
} satisfies Record<string, SignInDoor>;
const passwordCheckMessage = 'Too many attempts. Please wait 15 minutes and try again.';

export const authRateLimits = {
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

/** The device the request comes from, when the account it names has signed in from it. */
const knownDevice = (res: Response): string | undefined =>
  (res.locals as { knownDevice?: string }).knownDevice;

const addressOf = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/**
 * The limits of a sign-in door, in order: whether the device is known to the account tried, then
 * per device-or-address and email, per address, and the account's backoff. `now` is the
 * context's clock (tests move it); without it the database's.
 */
export function signInLimiters(
  pool: Pool,
  door: keyof typeof signInDoors,
  { scale = rateLimitScale(), now }: { scale?: number; now?: () => Date | undefined } = {},
): RequestHandler[] {
  const { perDeviceAndEmail, perAddress, backoff } = signInDoors[door];
  const counters = postgresRateLimitCounters(pool);
  const recognizeDevice: RequestHandler = async (req, res, next) => {
    const email = emailTried(req);
    const deviceId = deviceCookieOf(req);
    if (email && deviceId) {
      const credentials = await credentialsByEmail(pool, email);
      if (credentials && (await deviceIsKnown(pool, credentials.user_id, deviceId)))
        (res.locals as { knownDevice?: string }).knownDevice = deviceId;
    }
    next();
  };
  const accountBackoff = async (req: Request, res: Response, next: NextFunction) => {
    const email = emailTried(req);
    if (!email || knownDevice(res)) return next();
    const key = `${door}:${email.toLowerCase().slice(0, 320)}`;
    const scaled = { ...backoff, freeFailures: Math.floor(backoff.freeFailures * scale) };
    const reservation = await reserveTry(pool, key, scaled, now?.());
    if (!reservation.allowed)
      throw new HttpProblem('rate_limited', backoffMessage, undefined, {
        'Retry-After': String(reservation.retryAfterSeconds),
      });
    // Only a wrong email or password (401) stays counted against the account.
    res.on('finish', () => {
      if (res.statusCode !== 401) giveBackTry(pool, key).catch(() => undefined);
    });
    next();
  };
  return [
    recognizeDevice,
    createRateLimiter({
      ...perDeviceAndEmail,
      limit: Math.floor(perDeviceAndEmail.limit * scale),
      message: signInMessage,
      failuresOnly: true,
      store: counters(`${door}:device+email`),
      scope: 'key',
      keyBy: (req, res) => {
        const email = emailTried(req);
        if (!email) return undefined;
        const device = knownDevice(res);
        return `${device ? `device:${device}` : `ip:${addressOf(req)}`}|${email}`;
      },
    }),
    createRateLimiter({
      ...perAddress,
      limit: Math.floor(perAddress.limit * scale),
      message: signInMessage,
      store: counters(`${door}:ip`),
      scope: 'key',
      keyBy: (req, res) => (knownDevice(res) ? undefined : addressOf(req)),
    }),
    accountBackoff,
  ];
}
