/**
 * The rebuild benchmark: a fresh database with 1,000,000 realistic events (valid hash chain), then
 * a timed `rebuild all` (every projection, shadow tables, swap). Prints events/s.
 *   npx tsx services/projector/bench/rebuild-bench.ts [--events N]   (DATABASE_URL: the server)
 */
import { createPool } from '@kobo/platform';
import { createScratchDatabase } from '@kobo/platform/testing';
import { createPostgresEventStore } from '@kobo/ledger';
import { projections } from '../src/read-models';
import { rebuild } from '../src/rebuild/rebuild';
import { generateEventGroups } from './generate-events';
import { fillEvents } from './fill-events';

export interface RebuildBenchResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

export async function runRebuildBench(
  databaseUrl: string,
  options: { events?: number; keep?: boolean; log?: (line: string) => void } = {},
): Promise<RebuildBenchResult> {
  const total = options.events ?? 1_000_000;
  const log = options.log ?? ((line: string) => console.log(line));
  const name = `kobo_bench_rebuild_${process.pid}`;
  const database = await createScratchDatabase(databaseUrl, name);
  const pool = createPool(database.url, 6);
  try {
    log(`[rebuild bench] filling ${total.toLocaleString('en')} events into ${name} ...`);
    const fillStarted = Date.now();
    const filled = await fillEvents(pool, generateEventGroups({ events: total }));
    log(
      `[rebuild bench] filled ${filled.events.toLocaleString('en')} events in ${((Date.now() - fillStarted) / 1000).toFixed(1)} s`,
    );
    await pool.query('CHECKPOINT');

    const store = createPostgresEventStore(pool);
    let lastShown = 0;
    const result = await rebuild({
      pool,
      store,
      projections,
      onProgress: (progress) => {
        if (progress.events - lastShown >= 100_000) {
          lastShown = progress.events;
          log(`[rebuild bench]   ${progress.events.toLocaleString('en')} events`);
        }
      },
    });
    await store.close();
    const eventsPerSecond = result.events / result.seconds;
    log(
      `[rebuild bench] rebuild all: ${result.events.toLocaleString('en')} events in ${result.seconds.toFixed(1)} s = ` +
        `${Math.round(eventsPerSecond).toLocaleString('en')} events/s`,
    );
    return { events: result.events, seconds: result.seconds, eventsPerSecond };
  } finally {
    await pool.end();
    if (!options.keep) await database.drop();
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--events');
  const events = at >= 0 ? Number(args[at + 1]) : undefined;
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  runRebuildBench(url, { events, keep: args.includes('--keep') })
    .then(
      // The last line, for scripts/bench-ledger.ts.
      (result) => console.log(`RESULT ${JSON.stringify(result)}`),
    )
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
