/**
 * Read-your-writes: a command handler returns the global position of its events; the API waits
 * until the projections the user reads back have committed that position. Checkpoints arrive by
 * NOTIFY after every committed batch, with a slow poll as a safety net for a dropped connection.
 */
import type { Pool } from '@kobo/platform';
import { isProjectionName, projectionNames, type ProjectionName } from '../read-models';
import { readCheckpoints } from './checkpoints';
import { DedicatedClient } from './dedicated-client';
import { CHECKPOINT_CHANNEL } from './sql';

export interface CheckpointWaiter {
  /**
   * Resolves once every named projection has applied `position`. Rejects with a
   * ProjectionsBehindError (which of them did not, and where each stands) after `timeoutMs`
   * (default 5000), or once the waiter is closed (its process stopping: it answers from the
   * checkpoints last seen); with an Error at once for a name no projection has.
   */
  waitFor(position: number, projections: readonly ProjectionName[], timeoutMs?: number): Promise<void>;
  /** The checkpoints as last seen. */
  positions(): ReadonlyMap<string, number>;
  close(): Promise<void>;
}

/** Projections that had not reached a position when the wait for it ended. */
export class ProjectionsBehindError extends Error {
  constructor(
    readonly position: number,
    readonly behind: readonly { name: ProjectionName; position: number }[],
    why: string,
  ) {
    super(
      `projections behind position ${position} ${why}: ` +
        behind.map((p) => `${p.name} at ${p.position}`).join(', '),
    );
    this.name = 'ProjectionsBehindError';
  }
}

/** Why a wait ended short because the waiter closed, before or during it. */
const WHILE_CLOSED = 'with the checkpoint waiter closed';

interface Waiter {
  position: number;
  projections: readonly ProjectionName[];
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export async function createCheckpointWaiter(
  pool: Pool,
  options: { pollIntervalMs?: number } = {},
): Promise<CheckpointWaiter> {
  const known = new Map<string, number>();
  const waiters = new Set<Waiter>();
  let closed = false;

  const positionOf = (name: string) => known.get(name) ?? 0;
  const reached = (waiter: Waiter) => waiter.projections.every((name) => positionOf(name) >= waiter.position);
  const behind = (waiter: Waiter, why: string) =>
    new ProjectionsBehindError(
      waiter.position,
      waiter.projections
        .filter((name) => positionOf(name) < waiter.position)
        .map((name) => ({ name, position: positionOf(name) })),
      why,
    );
  const settle = () => {
    for (const waiter of waiters)
      if (reached(waiter)) {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve();
      }
  };
  const learn = (name: string, position: number) => {
    if (position > positionOf(name)) known.set(name, position);
  };
  const refresh = async () => {
    for (const [name, position] of await readCheckpoints(pool)) learn(name, position);
    settle();
  };

  const listener = new DedicatedClient(
    pool,
    [CHECKPOINT_CHANNEL],
    (_channel, payload) => {
      const separator = payload.lastIndexOf(':');
      learn(payload.slice(0, separator), Number(payload.slice(separator + 1)));
      settle();
    },
    () => undefined,
  );
  await listener.get();
  await refresh(); // after LISTEN, so no commit falls between the two

  const poll = setInterval(() => {
    if (!waiters.size) return;
    if (!listener.connected) listener.get().catch(() => undefined);
    refresh().catch(() => undefined);
  }, options.pollIntervalMs ?? 1000);
  poll.unref();

  return {
    waitFor(position, projections, timeoutMs = 5000) {
      const unknown = projections.filter((name) => !isProjectionName(name));
      if (unknown.length)
        return Promise.reject(
          new Error(`unknown projection ${unknown.join(', ')}; known: ${projectionNames.join(', ')}`),
        );
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          position,
          projections,
          resolve,
          reject,
          // Read the stored checkpoints once more, so a lost notification is not reported as lag.
          timer: setTimeout(() => {
            void refresh()
              .catch(() => undefined)
              .then(() => {
                if (!waiters.delete(waiter)) return;
                reject(behind(waiter, `after ${timeoutMs} ms`));
              });
          }, timeoutMs),
        };
        if (reached(waiter)) {
          clearTimeout(waiter.timer);
          resolve();
          return;
        }
        // No checkpoint comes any more (the process is stopping): a read-back still running is
        // told where the projections stood, as a wait that ran out is: late, not failed.
        if (closed) {
          clearTimeout(waiter.timer);
          reject(behind(waiter, WHILE_CLOSED));
          return;
        }
        waiters.add(waiter);
      });
    },
    positions: () => known,
    async close() {
      closed = true;
      clearInterval(poll);
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(behind(waiter, WHILE_CLOSED));
      }
      waiters.clear();
      await listener.close();
    },
  };
}
