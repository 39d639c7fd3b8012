/** What the erasure tests share: a harness with the erasure reactor running, and a search of every table. */
import type { ConsumersHandle } from '@kobo/projector';
import { startErasureReactor } from '../../src/erasure/erasure-reactor';
import { createObjectStore } from '../../src/uploads/create-object-store';
import { startHarness, type Harness } from '../support/harness';

export interface ErasureHarness {
  h: Harness;
  /** Where the proof images are kept (the reactor deletes a person's). */
  images: ReturnType<typeof createObjectStore>;
  /** The erasure reactor: its status says why it waits. */
  erasure: ConsumersHandle;
  close(): Promise<void>;
}

/** A harness whose erasure reactor follows the log (as the workers role runs it). */
export async function startErasureHarness(): Promise<ErasureHarness> {
  const h = await startHarness();
  const images = createObjectStore(h.config.dataDir, h.config.s3);
  const erasure: ConsumersHandle = await startErasureReactor({
    pool: h.db.pool,
    store: h.store,
    keys: h.keys,
    images,
    logger: h.context.logger,
    pollIntervalMs: 100,
  });
  return {
    h,
    images,
    erasure,
    close: async () => {
      await erasure.stop();
      await h.close();
    },
  };
}

/** The tables (every table of the database, the log's included) whose rows' text holds `value`, with how many rows. */
export async function tablesHolding(h: Harness, value: string): Promise<string[]> {
  const { rows: tables } = await h.db.pool.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await h.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${name} AS t WHERE strpos(lower(t::text), lower($1)) > 0`,
      [value],
    );
    if (rows[0]!.n > 0) found.push(`${name} (${rows[0]!.n})`);
  }
  return found;
}
