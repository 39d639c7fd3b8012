/**
 * Rate-limit counters in PostgreSQL, so every API process counts against the same limit (a count
 * in one process's memory multiplies the limit by the number of processes). A fixed window per
 * key: one upsert per request, on the database's clock. Ended windows are purged now and then by
 * whichever process counts next.
 */
import type { Store, Options, IncrementResponse } from 'express-rate-limit';
import type { Pool } from '@kobo/platform';

const PURGE_EVERY_MS = 60_000;
/** When this process last purged ended windows (one process-wide clock: every store shares the table). */
let lastPurge = 0;

export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly pool: Pool,
    /** Names the limiter, so two limiters never share a counter. */
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    this.purgeNowAndThen();
    const { rows } = await this.pool.query<{ hits: number; resets_at: Date }>(
      `INSERT INTO rate_limit_hits AS r (key, hits, resets_at)
       VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.resets_at <= now() THEN 1 ELSE r.hits + 1 END,
         resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
       RETURNING hits, resets_at`,
      [storable(this.prefix + key), this.windowMs],
    );
    return { totalHits: rows[0]!.hits, resetTime: rows[0]!.resets_at };
  }

  async decrement(key: string): Promise<void> {
    await this.pool.query(
      `UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = $1 AND resets_at > now()`,
      [storable(this.prefix + key)],
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.pool.query(`DELETE FROM rate_limit_hits WHERE key = $1`, [storable(this.prefix + key)]);
  }

  private purgeNowAndThen(): void {
    const now = Date.now();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    // Not awaited: the request does not wait for housekeeping, and a failure only delays it.
    this.pool.query(`DELETE FROM rate_limit_hits WHERE resets_at < now()`).catch(() => undefined);
  }
}

/** PostgreSQL text cannot hold NUL, and the key may be anything a caller sent (an email tried). */
const storable = (key: string) =>
  // eslint-disable-next-line no-control-regex -- the control characters are what is escaped
  key.replace(/[\u0000-\u001f%]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** Makes the counters of one named limiter. */
export type RateLimitCounters = (name: string) => Store;

export const postgresRateLimitCounters =
  (pool: Pool): RateLimitCounters =>
  (name) =>
    new PostgresRateLimitStore(pool, `${name}:`);
