/** A wake-up call that is not lost when it comes while nobody waits. */
export class Signal {
  private pending = false;
  private wake: (() => void) | null = null;

  notify(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  /** Resolves on notify() or after `ms`, whichever comes first. */
  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** At most `limit` tasks at a time (projectors share the pool). */
export function limiter(limit: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}
