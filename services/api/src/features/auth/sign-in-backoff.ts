/**
 * The account's slow backoff: failed sign-ins on one account from devices it does not know, from
 * any address. The first `freeFailures` cost nothing; past them each further try must wait, twice
 * as long each time (up to `maxDelayMs`), so guessing stays slow without ever shutting the door on
 * the owner: a device the account knows skips this (known-devices.ts), and anyone else waits at
 * most `maxDelayMs`. The count is forgotten `forgetAfterMs` after the last failure.
 *
 * One row per account and door in PostgreSQL (migration 0040): a try is reserved by one
 * conditional upsert, so every API process counts against the same row, and of many tries at once
 * only one passes when a wait ends. The reservation counts as a failure; a try that did not fail
 * gives it back.
 */
import type { Pool } from '@kobo/platform';

export interface Backoff {
  /** Failures allowed without any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** The count is forgotten this long after the account's last failure. */
  forgetAfterMs: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const PURGE_EVERY_MS = 60_000;
let lastPurge = 0;

/**
 * The wait set after the n-th failure (SQL on `n`): none while free, then first × 2^(n - free - 1),
 * at most max.
 */
const delayAfter = (n: string) =>
  `CASE WHEN ${n} <= $3 THEN 0
        ELSE least($4 * power(2::float8, least(${n} - $3 - 1, 40)), $5) END * interval '1 millisecond'`;

/**
 * Reserves one try on `key`, now (`now`: the context's clock, else the database's). Refused while
 * the account's wait lasts, with the seconds left.
 */
export async function reserveTry(
  pool: Pool,
  key: string,
  { freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs }: Backoff,
  now?: Date,
): Promise<Reservation> {
  purgeNowAndThen(pool);
  const at = 'coalesce($2::timestamptz, now())';
  const failures = `CASE WHEN b.forgotten_at <= ${at} THEN 1 ELSE b.failures + 1 END`;
  const { rowCount } = await pool.query(
    `INSERT INTO sign_in_backoff AS b (key, failures, forgotten_at, next_try_at)
     VALUES ($1, 1, ${at} + $6 * interval '1 millisecond', ${at} + ${delayAfter('1')})
     ON CONFLICT (key) DO UPDATE SET
       failures = ${failures},
       forgotten_at = excluded.forgotten_at,
       next_try_at = ${at} + ${delayAfter(failures)}
     WHERE b.forgotten_at <= ${at} OR b.next_try_at <= ${at}
     RETURNING failures`,
    [key, now ?? null, freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs],
  );
  if (rowCount) return { allowed: true };
  const { rows } = await pool.query<{ wait: number }>(
    `SELECT extract(epoch FROM next_try_at - ${at})::float8 AS wait FROM sign_in_backoff WHERE key = $1`,
    [key, now ?? null],
  );
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rows[0]?.wait ?? 1)) };
}

/** The reserved try did not fail (a right password): it no longer counts. */
export async function giveBackTry(pool: Pool, key: string): Promise<void> {
  await pool.query('UPDATE sign_in_backoff SET failures = greatest(failures - 1, 0) WHERE key = $1', [key]);
}

function purgeNowAndThen(pool: Pool): void {
  const now = Date.now();
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  // Not awaited: housekeeping (forgotten counts, devices not seen for a year) never delays a sign-in.
  pool
    .query(
      `WITH gone AS (DELETE FROM sign_in_backoff WHERE forgotten_at < now() AND next_try_at < now())
       DELETE FROM known_devices WHERE expires_at < now()`,
    )
    .catch(() => undefined);
}
