/**
 * Read-your-writes without making the write wait (decisions/0017). A command that answers from its
 * own events records the position it wrote for the person who sent it; that person's next
 * signed-in read waits until the projections have reached it. Everyone else reads at once, and
 * the write answers as soon as its events are stored. A command that reads back what it did waits
 * for the projections it reads first (`caughtUpTo`), with the same tolerance for a late one.
 *
 * Where the positions are kept depends on how many API processes there are (decisions/0026):
 * with several behind a load balancer, the next read may reach another process than the write, so
 * they are kept in PostgreSQL (`written_positions`, one row per person: an upsert per write, a
 * primary-key read per signed-in read). The one-process product (every role in one process, `npm
 * start`) is the only API process there is, so it keeps them in memory: the two statements cost
 * its dashboard and withdrawals about 17% of their rate (measured with `npm run bench:api`).
 */
import type { Logger, Pool } from '@kobo/platform';
import {
  projectionNames,
  ProjectionsBehindError,
  type ProjectionName,
  type ProjectorsHandle,
} from '@kobo/projector';

export interface ReadYourWrites {
  /** `userId` wrote events up to `position`: their next read, on any API process, waits for it. */
  wrote(userId: string, position: number): Promise<void>;
  /**
   * Resolves once the projections have reached the last position `userId` wrote (at once when
   * they have, or when nothing is recorded). After `timeoutMs` it logs which projections are
   * behind and resolves anyway: a late read model is shown rather than no answer.
   */
  caughtUp(userId: string): Promise<void>;
  /**
   * A command's own wait before it reads back what it did: resolves once `projections` have
   * reached `position`. Late ones (after the timeout, or as the process stops) are logged with
   * where they stand, and it resolves anyway, as `caughtUp` does.
   */
  caughtUpTo(position: number, projections: readonly ProjectionName[]): Promise<void>;
  /** Reads waiting for their reader's writes right now (a gauge for /metrics). */
  waiting(): number;
}

/** The last position each person wrote, wherever it is kept. */
export interface WrittenPositions {
  record(userId: string, position: number): Promise<void>;
  lastOf(userId: string): Promise<number | undefined>;
  /** The person's reads have reached `position`: a store may forget it if nothing newer came. */
  reached(userId: string, position: number): void;
}

/** Across API processes: one row per person in PostgreSQL. */
export function writtenPositionsIn(pool: Pool): WrittenPositions {
  return {
    async record(userId, position) {
      await pool.query(
        `INSERT INTO written_positions (user_id, position) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET position = GREATEST(written_positions.position, EXCLUDED.position)`,
        [userId, position],
      );
    },
    async lastOf(userId) {
      const { rows } = await pool.query<{ position: string }>(
        'SELECT position FROM written_positions WHERE user_id = $1',
        [userId],
      );
      return rows[0] ? Number(rows[0].position) : undefined;
    },
    reached() {},
  };
}

/** People remembered at most in memory; the oldest writer is forgotten first (long since projected). */
const REMEMBERED = 100_000;

/** In the one API process there is: a map, forgotten once read back. */
export function writtenPositionsInMemory(): WrittenPositions {
  const written = new Map<string, number>();
  return {
    async record(userId, position) {
      const known = written.get(userId) ?? 0;
      written.delete(userId);
      written.set(userId, Math.max(known, position));
      if (written.size > REMEMBERED) written.delete(written.keys().next().value!);
    },
    async lastOf(userId) {
      return written.get(userId);
    },
    reached(userId, position) {
      if (written.get(userId) === position) written.delete(userId);
    },
  };
}

export function createReadYourWrites(
  projectors: Pick<ProjectorsHandle, 'waitFor'>,
  positions: WrittenPositions,
  logger: Pick<Logger, 'warn'>,
  {
    projections = projectionNames,
    timeoutMs = 5000,
  }: { projections?: readonly ProjectionName[]; timeoutMs?: number } = {},
): ReadYourWrites {
  let waiting = 0;

  /** True once reached; false when late (logged with why), so the read goes on with what is there. */
  async function reached(position: number, names: readonly ProjectionName[]): Promise<boolean> {
    try {
      await projectors.waitFor(position, names, timeoutMs);
      return true;
    } catch (error) {
      if (!(error instanceof ProjectionsBehindError)) throw error;
      logger.warn({ position, behind: error.behind }, `reading a late read model: ${error.message}`);
      return false;
    }
  }

  return {
    async wrote(userId, position) {
      await positions.record(userId, position);
    },
    async caughtUp(userId) {
      const position = await positions.lastOf(userId);
      if (position === undefined) return;
      // Already projected: the waiter answers at once from the checkpoints it knows.
      waiting++;
      try {
        if (await reached(position, projections)) positions.reached(userId, position);
      } finally {
        waiting--;
      }
    },
    async caughtUpTo(position, names) {
      await reached(position, names);
    },
    waiting: () => waiting,
  };
}
