/**
 * Known devices: a browser that has signed in to an account carries a long-lived `kobo_device`
 * cookie (a random id; the server keeps its hash per account, migration 0040). Signing in again
 * from it is exempt from the account's backoff (sign-in-backoff.ts), so strangers guessing at an
 * account cannot lock its owner out; its wrong tries are still limited per device. API clients
 * may send the same cookie.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Pool, PoolClient } from '@kobo/platform';

type Db = Pool | PoolClient;

export const DEVICE_COOKIE = 'kobo_device';
/** How long a device stays known after its last sign-in. */
export const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('base64url');

/** The device id the request's cookie holds, if it is well formed. */
export function deviceCookieOf(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return DEVICE_ID.test(value) ? value : undefined;
  }
  return undefined;
}

/** Whether the device has signed in to the account (and was not forgotten since). */
export async function deviceIsKnown(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM known_devices WHERE user_id = $1 AND device_hash = $2 AND expires_at > now()',
    [userId, hashOf(deviceId)],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * After a successful sign-in: the request's device (or a new one) becomes known to the account,
 * for another year, and the cookie is (re)set.
 */
export async function rememberDevice(
  pool: Pool,
  req: Request,
  res: Response,
  userId: string,
  { secure }: { secure: boolean },
): Promise<void> {
  const deviceId = deviceCookieOf(req) ?? randomBytes(32).toString('base64url');
  await pool.query(
    `INSERT INTO known_devices (device_hash, user_id, expires_at)
     VALUES ($1, $2, now() + $3 * interval '1 second')
     ON CONFLICT (user_id, device_hash) DO UPDATE SET expires_at = excluded.expires_at`,
    [hashOf(deviceId), userId, DEVICE_LIFETIME_SECONDS],
  );
  res.cookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: DEVICE_LIFETIME_SECONDS * 1000,
  });
}

/** Every device of the account is forgotten (its password changed or was reset). */
export async function forgetDevices(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM known_devices WHERE user_id = $1', [userId]);
}
