/**
 * npm run bench:ledger: the ledger's two figures, printed and meant for docs/performance.md.
 *  1. appends/s from 32 concurrent writers, ours against @event-driven-io/emmett-postgresql,
 *     same PostgreSQL, same run, synchronous commit on;
 *  2. projection rebuild speed over 1,000,000 events.
 * DATABASE_URL picks the server (default: 127.0.0.1:5432); each part makes and drops its own database.
 */
import { runAppendBench } from '../services/ledger/bench/append-bench';
import { runRebuildBench } from '../services/projector/bench/rebuild-bench';

async function main() {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const events = Number(process.env.BENCH_EVENTS ?? 1_000_000);
  const append = await runAppendBench(url);
  const rebuild = await runRebuildBench(url, { events });
  console.log('\n== bench:ledger summary ==');
  console.log(`appends, ours:    ${Math.round(append.ours).toLocaleString('en')} events/s`);
  console.log(`appends, Emmett:  ${Math.round(append.emmett).toLocaleString('en')} events/s`);
  console.log(`ratio (ours/Emmett): ${append.ratio.toFixed(2)} (goal >= 1.5)`);
  console.log(
    `rebuild: ${rebuild.events.toLocaleString('en')} events in ${rebuild.seconds.toFixed(1)} s = ` +
      `${Math.round(rebuild.eventsPerSecond).toLocaleString('en')} events/s (goal >= 30,000)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
