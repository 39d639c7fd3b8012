/**
 * How many live streams one user may hold open, counted across every API process: each open
 * stream holds a seat, a row in `live_streams` (migration 0040). A seat is taken under a lock on
 * the user, so streams opened at once on several processes never pass the cap together. Each
 * process keeps its seats fresh while it holds any; a process that died leaves seats that stop
 * counting once they are stale.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction, type Logger, type Pool } from '@kobo/platform';

/** LIVE_STREAMS_PER_USER, default 5. */
export function liveStreamsPerUser(env: NodeJS.ProcessEnv = process.env): number {
  const cap = Number(env.LIVE_STREAMS_PER_USER ?? 5);
  return Number.isInteger(cap) && cap >= 1 ? cap : 5;
}

export interface LiveSeatsOptions {
  perUser?: number;
  /** How often this process marks its seats as still held. Default 30 s. */
  refreshMs?: number;
  /** A seat not marked for this long belongs to a process that is gone. Default 90 s. */
  staleAfterMs?: number;
}

export class LiveSeats {
  private readonly held = new Set<string>();
  private readonly process = randomUUID();
  private refresh: NodeJS.Timeout | undefined;
  readonly perUser: number;
  private readonly refreshMs: number;
  private readonly staleAfterMs: number;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Pick<Logger, 'warn'>,
    { perUser = liveStreamsPerUser(), refreshMs = 30_000, staleAfterMs = 90_000 }: LiveSeatsOptions = {},
  ) {
    this.perUser = perUser;
    this.refreshMs = refreshMs;
    this.staleAfterMs = staleAfterMs;
  }

  /** A seat for one more stream of the user, or undefined when they hold `perUser` already. */
  async take(userId: string): Promise<string | undefined> {
    const seat = randomUUID();
    const taken = await inTransaction(this.pool, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('live_streams'), hashtext($1))`, [userId]);
      await client.query(
        `DELETE FROM live_streams WHERE user_id = $1 AND seen_at < now() - $2 * interval '1 millisecond'`,
        [userId, this.staleAfterMs],
      );
      const { rowCount } = await client.query(
        `INSERT INTO live_streams (seat, user_id, process, seen_at)
         SELECT $1, $2, $3, now() WHERE (SELECT count(*) FROM live_streams WHERE user_id = $2) < $4`,
        [seat, userId, this.process, this.perUser],
      );
      return (rowCount ?? 0) > 0;
    });
    if (!taken) return undefined;
    this.held.add(seat);
    this.refresh ??= setInterval(() => this.markHeld(), this.refreshMs);
    this.refresh.unref();
    return seat;
  }

  /** The stream ended: its seat is free (not awaited; a seat left behind goes stale). */
  give(seat: string): void {
    if (!this.held.delete(seat)) return;
    if (!this.held.size) {
      clearInterval(this.refresh);
      this.refresh = undefined;
    }
    this.pool
      .query('DELETE FROM live_streams WHERE seat = $1', [seat])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'live streams: a seat was not given back'));
  }

  private markHeld(): void {
    this.pool
      .query('UPDATE live_streams SET seen_at = now() WHERE process = $1', [this.process])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'live streams: seats not marked held'));
  }
}
