/**
 * One LISTEN connection per store, shared by its subscriptions, held only while someone listens.
 * If it breaks, subscriptions still poll; it reconnects on the next registration or after a pause.
 */
import type pg from 'pg';

export const EVENTS_CHANNEL = 'kobo_events';

export class CommitListener {
  private readonly wakers = new Set<(position: number) => void>();
  private client: pg.PoolClient | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
  ) {}

  add(wake: (position: number) => void): () => void {
    this.wakers.add(wake);
    this.ensureConnected();
    return () => {
      this.wakers.delete(wake);
      if (this.wakers.size === 0) void this.disconnect();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakers.clear();
    await this.disconnect();
  }

  private ensureConnected(): void {
    if (this.closed || this.client || this.connecting) return;
    this.connecting = this.connect().finally(() => (this.connecting = null));
  }

  private async connect(): Promise<void> {
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      client.on('notification', this.notified);
      client.on('error', this.failed);
      await client.query(`LISTEN ${this.channel}`);
      if (this.closed || this.wakers.size === 0) {
        await client.query(`UNLISTEN ${this.channel}`);
        this.release(client);
        return;
      }
      this.client = client;
      // Anything committed while we were not listening is found by this wake-up's read.
      this.wakers.forEach((wake) => wake(0));
    } catch {
      if (client) this.release(client, true);
      this.scheduleRetry();
    }
  }

  /** The payload is the last position the committing append wrote. */
  private readonly notified = (message: pg.Notification) => {
    const position = Number(message.payload) || 0;
    this.wakers.forEach((wake) => wake(position));
  };

  private readonly failed = () => {
    const client = this.client;
    if (!client) return;
    this.client = null;
    this.release(client, true);
    this.scheduleRetry();
  };

  /** Pool clients are reused: take our handlers off before giving one back. */
  private release(client: pg.PoolClient, destroy = false): void {
    client.removeListener('notification', this.notified);
    client.removeListener('error', this.failed);
    client.release(destroy);
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer || this.wakers.size === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensureConnected();
    }, 1000);
    this.retryTimer.unref();
  }

  private async disconnect(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.connecting;
    // Someone subscribed again meanwhile: keep listening.
    if (!this.closed && this.wakers.size > 0) return;
    const client = this.client;
    this.client = null;
    if (!client) return;
    try {
      await client.query(`UNLISTEN ${this.channel}`);
      this.release(client);
    } catch {
      this.release(client, true);
    }
  }
}
