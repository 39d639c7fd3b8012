/**
 * KurrentDB's counterpart of PostgreSQL's LISTEN connection: one live `subscribeToAll` per store,
 * from the end of the log and filtered to the port's log (no system, command, claim or snapshot
 * streams), held only while someone listens. Each event it sees wakes the subscriptions, which
 * then read `$all` pages themselves (the same loop as on PostgreSQL). If it drops, the
 * subscriptions still poll; it is opened again after a pause.
 */
import { END, type AllStreamSubscription, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { positionOf, type StreamNames } from './streams';

export class LiveFeed {
  private readonly wakers = new Set<(position: number) => void>();
  private subscription: AllStreamSubscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly client: KurrentDBClient,
    private readonly names: StreamNames,
  ) {}

  add(wake: (position: number) => void): () => void {
    this.wakers.add(wake);
    this.open();
    return () => {
      this.wakers.delete(wake);
      if (this.wakers.size === 0) void this.stop();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakers.clear();
    await this.stop();
  }

  private open(): void {
    if (this.closed || this.subscription || this.wakers.size === 0) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: this.names.logFilter() });
    this.subscription = subscription;
    subscription.on('data', (resolved) => {
      if (!resolved.event) return;
      // A position it cannot read still means "look": the read reports what is wrong with it.
      let position = 0;
      try {
        position = positionOf(resolved.event.position, `event ${resolved.event.id}`);
      } catch {
        // left at 0
      }
      this.wakers.forEach((wake) => wake(position));
    });
    // Anything committed before it went live is found by this wake-up's read.
    const wakeAll = () => this.wakers.forEach((wake) => wake(0));
    subscription.on('confirmation', wakeAll);
    subscription.on('caughtUp', wakeAll);
    subscription.on('error', () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      this.scheduleRetry();
    });
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer || this.wakers.size === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, 1000);
    this.retryTimer.unref();
  }

  private async stop(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!this.closed && this.wakers.size > 0) return;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.unsubscribe();
  }
}
