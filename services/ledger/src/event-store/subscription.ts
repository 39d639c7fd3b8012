/**
 * A subscription: catch up from a position with gap-safe reads, then follow the log, woken by
 * a backend's commit notifications (PostgreSQL's NOTIFY, KurrentDB's live
 * subscription) and by a periodic poll (notifications are lost while a listener reconnects).
 * Batches are delivered strictly one after another; a failing read or handler is reported and
 * retried from the same position after a pause. When a notification announced events the gap-safe
 * read cannot show yet (an older transaction is still running), it looks again shortly rather
 * than waiting for the next poll.
 */

const HELD_BACK_RETRY_MS = 25;
import type { RecordedEvent, Subscription } from './port';

export interface SubscriptionSource {
  readAll(options: { after: number; limit: number }): Promise<RecordedEvent[]>;
  /** Registers a wake-up callback for new commits (given the last position committed, or 0). */
  onCommit(wake: (position: number) => void): () => void;
}

export function startSubscription(
  source: SubscriptionSource,
  after: number,
  handle: (events: RecordedEvent[]) => Promise<void>,
  options: { batchSize: number; pollIntervalMs: number; onError?: (error: unknown) => void },
): Subscription {
  let position = after;
  let announced = 0;
  let closed = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;

  const wake = (committed: number) => {
    announced = Math.max(announced, committed);
    woken = true;
    wakeUp?.();
  };
  const unregister = source.onCommit(wake);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const loop = (async () => {
    while (!closed) {
      try {
        // A notification that arrives while we read or handle must trigger another read.
        woken = false;
        const events = await source.readAll({ after: position, limit: options.batchSize });
        if (closed) break;
        if (events.length > 0) {
          await handle(events);
          position = events[events.length - 1]!.globalPosition;
          continue;
        }
        if (!woken) await sleep(announced > position ? HELD_BACK_RETRY_MS : options.pollIntervalMs);
      } catch (error) {
        if (closed) break;
        options.onError?.(error);
        await sleep(options.pollIntervalMs);
      }
    }
  })();

  return {
    async close() {
      if (closed) return loop;
      closed = true;
      unregister();
      wakeUp?.();
      await loop;
    },
  };
}

/** A store's open subscriptions: each started on the store's source, all closed with the store. */
export class OpenSubscriptions {
  private readonly open = new Set<Subscription>();

  constructor(
    private readonly source: SubscriptionSource,
    private readonly pollIntervalMs: number,
  ) {}

  start(
    after: number,
    handle: (events: RecordedEvent[]) => Promise<void>,
    options: { batchSize?: number; onError?: (error: unknown) => void },
  ): Subscription {
    const subscription = startSubscription(this.source, after, handle, {
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: this.pollIntervalMs,
      onError: options.onError,
    });
    const tracked: Subscription = {
      close: async () => {
        this.open.delete(tracked);
        await subscription.close();
      },
    };
    this.open.add(tracked);
    return tracked;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open].map((s) => s.close()));
  }
}
