/**
 * Read-your-writes without making the write wait (decisions/0017). A command that answers from its
 * own events records the position it wrote for the person who sent it; that person's next
 * signed-in read waits until the projections have reached it. Everyone else reads at once, and
 * the write answers as soon as its events are stored. A command that reads back what it did waits
 * for the projections it reads first (`caughtUpTo`), with the same tolerance for a late one.
 *
 * Positions are kept per process: one API process serves a person's write and their next read
 * (the one-process product). Several API processes behind a load balancer need the position to
 * travel with the person instead (a cookie or header), which is the distributed mode's step.
 */
import type { Logger } from '@kobo/platform';
import {
  projectionNames,
  ProjectionsBehindError,
  type ProjectionName,
  type ProjectorsHandle,
} from '@kobo/projector';

export interface ReadYourWrites {
  /** `userId` wrote events up to `position`: their next read waits for it. */
  wrote(userId: string, position: number): void;
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

/** People remembered at most; the oldest writer is forgotten first (long since projected). */
const REMEMBERED = 100_000;

export function createReadYourWrites(
  projectors: Pick<ProjectorsHandle, 'waitFor'>,
  logger: Pick<Logger, 'warn'>,
  {
    projections = projectionNames,
    timeoutMs = 5000,
  }: { projections?: readonly ProjectionName[]; timeoutMs?: number } = {},
): ReadYourWrites {
  const written = new Map<string, number>();
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
    wrote(userId, position) {
      const known = written.get(userId) ?? 0;
      written.delete(userId);
      written.set(userId, Math.max(known, position));
      if (written.size > REMEMBERED) written.delete(written.keys().next().value!);
    },
    async caughtUp(userId) {
      const position = written.get(userId);
      if (position === undefined) return;
      waiting++;
      try {
        if ((await reached(position, projections)) && written.get(userId) === position)
          written.delete(userId);
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
