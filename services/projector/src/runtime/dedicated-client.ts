/**
 * A connection of its own (outside the pool) for what lives as long as the connection: session
 * advisory locks and LISTEN. When it drops, its owner is told (locks and listens are gone) and the
 * next use reconnects.
 */
import pg from 'pg';
import type { Pool } from '@kobo/platform';

export class DedicatedClient {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly channels: readonly string[],
    private readonly onNotification: (channel: string, payload: string) => void,
    private readonly onLost: () => void,
  ) {}

  get connected(): boolean {
    return this.client !== null;
  }

  async get(): Promise<pg.Client> {
    if (this.client) return this.client;
    if (!this.connecting) this.connecting = this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.pool.options);
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.onLost();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => this.onNotification(message.channel, message.payload ?? ''));
    await client.connect();
    for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
    this.client = client;
    return client;
  }

  /** Queries run one at a time (pg deprecates overlapping queries on one client). */
  private queue: Promise<unknown> = Promise.resolve();

  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>> {
    const run = this.queue.then(async () => (await this.get()).query<Row>(text, values));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}
