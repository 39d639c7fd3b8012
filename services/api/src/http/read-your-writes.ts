/**
 * Read-your-writes without making the write wait (decisions/0017). A command that answers from its
 * own events records the position it wrote for the person who sent it; that person's next
 * signed-in read waits until the projections have reached it. Everyone else reads at once, and
 * the write answers as soon as its events are stored. A command that reads back what it did waits
 * for the projections it reads first (`caughtUpTo`), with the same tolerance for a late one.
 *
 * The position is kept in PostgreSQL (`written_positions`, one row per person), not in the
 * process: with several API processes behind a load balancer (decisions/0026) the next read may
 * reach another process than the write, and it must wait all the same. The write records it
 * before answering; each signed-in read asks for it (one primary-key read) before waiting.
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
   * reached `position`. Late ones are logged with where they stand, and it resolves anyway, as
   * `caughtUp` does.
   */
  caughtUpTo(position: number, projections: readonly ProjectionName[]): Promise<void>;
  /** Reads waiting for their reader's writes right now (a gauge for /metrics). */
  waiting(): number;
}

export function createReadYourWrites(
  projectors: Pick<ProjectorsHandle, 'waitFor'>,
  pool: Pool,
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
      await pool.query(
        `INSERT INTO written_positions (user_id, position) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET position = GREATEST(written_positions.position, EXCLUDED.position)`,
        [userId, position],
      );
    },
    async caughtUp(userId) {
      const { rows } = await pool.query<{ position: string }>(
        'SELECT position FROM written_positions WHERE user_id = $1',
        [userId],
      );
      if (!rows[0]) return;
      // Already projected: the waiter answers at once from the checkpoints it knows.
      waiting++;
      try {
        await reached(Number(rows[0].position), projections);
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
