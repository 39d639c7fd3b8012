/**
 * Read-your-writes: a command handler returns the global position of its events; the API waits
 * until the projections the user reads back have committed that position. Checkpoints arrive by
 * NOTIFY after every committed batch, with a slow poll as a safety net for a dropped connection.
 */
import type { Pool } from '@kobo/platform';
import { readYourWritesProjections } from '../projections';
import { readCheckpoints } from './checkpoints';
import { DedicatedClient } from './dedicated-client';
import { CHECKPOINT_CHANNEL } from './sql';

export interface CheckpointWaiter {
  /**
   * Resolves true once every named projector (default: balances and transactions) has applied
   * `position`, or false after `timeoutMs` (default 5000).
   */
  waitFor(position: number, projectors?: readonly string[], timeoutMs?: number): Promise<boolean>;
  /** The checkpoints as last seen. */
  positions(): ReadonlyMap<string, number>;
  close(): Promise<void>;
}

interface Waiter {
  position: number;
  projectors: readonly string[];
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

export async function createCheckpointWaiter(
  pool: Pool,
  options: { pollIntervalMs?: number } = {},
): Promise<CheckpointWaiter> {
  const known = new Map<string, number>();
  const waiters = new Set<Waiter>();
  let closed = false;

  const reached = (waiter: Waiter) =>
    waiter.projectors.every((name) => (known.get(name) ?? 0) >= waiter.position);
  const settle = () => {
    for (const waiter of waiters)
      if (reached(waiter)) {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve(true);
      }
  };
  const learn = (name: string, position: number) => {
    if (position > (known.get(name) ?? 0)) known.set(name, position);
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
    waitFor(position, projectors = readYourWritesProjections, timeoutMs = 5000) {
      if (closed) return Promise.reject(new Error('checkpoint waiter is closed'));
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position,
          projectors,
          resolve,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            resolve(false);
          }, timeoutMs),
        };
        if (reached(waiter)) {
          clearTimeout(waiter.timer);
          resolve(true);
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
        waiter.resolve(false);
      }
      waiters.clear();
      await listener.close();
    },
  };
}
