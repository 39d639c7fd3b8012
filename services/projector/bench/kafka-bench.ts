/**
 * npm run bench:kafka: the read models fed through Kafka (decision 0028), two figures for
 * docs/performance.md, on the servers of `npm run stack:up` (DATABASE_URL, KAFKA_BROKERS):
 *  1. throughput: events/s from the first append until every projection's checkpoint holds the
 *     last event (BENCH_EVENTS, default 20,000, appended 100 commands' events at a time);
 *  2. lag at a steady rate: events appended at BENCH_RATE events/s (default 1,000) for
 *     BENCH_SECONDS (default 30), each tick's due commands in one append; for each append, the
 *     time until every projection's checkpoint reached it (what a read-your-writes wait would
 *     take), as p50, p95, p99 and max.
 * The relay and the projectors run in this process, with the appender: one Node thread for all.
 * Each run makes its own database and topic and drops them.
 */
import pg from 'pg';
import { createPostgresEventStore } from '@kobo/ledger';
import { createLogger, createPool } from '@kobo/platform';
import { createScratchDatabase } from '@kobo/platform/testing';
import { kafkaClient } from '../src/kafka/client';
import { RELAY_NAME, startRelay } from '../src/kafka/relay';
import { groupIdOf } from '../src/kafka/kafka-feed';
import { projectionNames } from '../src/read-models';
import { startProjectors } from '../src/runtime/start-projectors';
import { CHECKPOINT_CHANNEL } from '../src/runtime/sql';
import { appendTogether, generateEventGroups, type EventGroup } from './generate-events';

const databaseUrl = process.env.DATABASE_URL;
const brokers = process.env.KAFKA_BROKERS?.split(',');
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Every projection's checkpoint as it moves (NOTIFY), and the lowest of them; and the relay's. */
async function followCheckpoints(url: string) {
  const positions = new Map<string, number>(projectionNames.map((name) => [name, 0]));
  const relayListeners = new Set<(position: number) => void>();
  const listeners = new Set<(lowest: number) => void>();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const lowest = () => Math.min(...positions.values());
  client.on('notification', ({ payload = '' }) => {
    const separator = payload.lastIndexOf(':');
    const name = payload.slice(0, separator);
    if (name === RELAY_NAME)
      for (const listener of relayListeners) listener(Number(payload.slice(separator + 1)));
    if (!positions.has(name)) return;
    positions.set(name, Math.max(positions.get(name)!, Number(payload.slice(separator + 1))));
    const now = lowest();
    for (const listener of listeners) listener(now);
  });
  await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
  return {
    lowest,
    /** Resolves once every projection holds `position`. */
    reached: (position: number) =>
      new Promise<void>((resolve) => {
        if (lowest() >= position) return resolve();
        const listener = (now: number) => {
          if (now < position) return;
          listeners.delete(listener);
          resolve();
        };
        listeners.add(listener);
      }),
    onMove: (listener: (lowest: number) => void) => listeners.add(listener),
    onRelayed: (listener: (position: number) => void) => relayListeners.add(listener),
    close: () => client.end(),
  };
}

async function main() {
  if (!databaseUrl || !brokers) {
    console.error(
      'bench:kafka needs DATABASE_URL and KAFKA_BROKERS: env $(npm run -s stack:up) npm run bench:kafka',
    );
    process.exit(2);
  }
  const total = Number(process.env.BENCH_EVENTS ?? 20_000);
  const rate = Number(process.env.BENCH_RATE ?? 1000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const name = `kobo_bench_kafka_${process.pid}`;
  const topic = `kobo.bench.${process.pid}`;
  const database = await createScratchDatabase(databaseUrl, name);
  const url = database.url;
  const pool = createPool(url, 12);
  const store = createPostgresEventStore(pool);
  const logger = createLogger('warn');
  const kafka = { brokers, topic, partitions: 6 };
  const checkpoints = await followCheckpoints(url);
  const relay = await startRelay({ pool, store, logger, kafka });
  const projectors = await startProjectors({ pool, store, logger, kafka });
  // One history, cut in two: the burst, then the paced part.
  const paced = rate * seconds;
  const groups: EventGroup[] = [...generateEventGroups({ events: total + paced, seed: 42 })];
  let cut = 0;
  for (let counted = 0; cut < groups.length && counted < total; cut++) counted += groups[cut]!.length;
  try {
    console.log(`[bench:kafka] 1. ${total.toLocaleString('en')} events, 100 commands' events per append ...`);
    const started = performance.now();
    let last = 0;
    for (let index = 0; index < cut; index += 100)
      last = await appendTogether(store, groups.slice(index, Math.min(index + 100, cut)).flat());
    const appended = performance.now();
    await checkpoints.reached(last);
    const done = performance.now();
    const burst = {
      events: last,
      appendPerSecond: last / ((appended - started) / 1000),
      endToEndPerSecond: last / ((done - started) / 1000),
    };
    console.log(
      `  appended at ${Math.round(burst.appendPerSecond).toLocaleString('en')} events/s; in every read model ` +
        `through Kafka at ${Math.round(burst.endToEndPerSecond).toLocaleString('en')} events/s`,
    );

    console.log(`[bench:kafka] 2. ${rate.toLocaleString('en')} events/s for ${seconds} s ...`);
    const pending: { position: number; at: number }[] = [];
    const lags: number[] = [];
    // The relay's hop alone: from the append to the relay's checkpoint (the broker acknowledged it).
    const unrelayed: { position: number; at: number }[] = [];
    const relayLags: number[] = [];
    checkpoints.onRelayed((relayed) => {
      const now = performance.now();
      while (unrelayed.length && unrelayed[0]!.position <= relayed)
        relayLags.push(now - unrelayed.shift()!.at);
    });
    checkpoints.onMove((lowest) => {
      const now = performance.now();
      while (pending.length && pending[0]!.position <= lowest) lags.push(now - pending.shift()!.at);
    });
    const rest = groups.slice(cut);
    const pacedStart = performance.now();
    let sent = 0;
    let position = last;
    for (let index = 0; index < rest.length;) {
      // The commands due by now, in one append; ahead of the rate, wait for the clock.
      const due: EventGroup[] = [];
      const now = performance.now();
      let count = sent;
      while (index < rest.length && pacedStart + (count / rate) * 1000 <= now) {
        due.push(rest[index]!);
        count += rest[index]!.length;
        index++;
      }
      if (!due.length) {
        await new Promise((resolve) => setTimeout(resolve, pacedStart + (sent / rate) * 1000 - now));
        continue;
      }
      const at = performance.now();
      position = await appendTogether(store, due.flat());
      pending.push({ position, at });
      unrelayed.push({ position, at });
      sent = count;
    }
    const pacedSeconds = (performance.now() - pacedStart) / 1000;
    await checkpoints.reached(position);
    const sorted = [...lags].sort((a, b) => a - b);
    const lag = {
      rate: sent / pacedSeconds,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? 0,
    };
    console.log(
      `  ${Math.round(lag.rate).toLocaleString('en')} events/s reached; append to every read model: ` +
        `p50 ${ms(lag.p50)}, p95 ${ms(lag.p95)}, p99 ${ms(lag.p99)}, max ${ms(lag.max)} (${sorted.length} appends)`,
    );
    const relayed = [...relayLags].sort((a, b) => a - b);
    console.log(
      `  of which the relay's hop (append to acknowledged by the broker): p50 ${ms(quantile(relayed, 0.5))}, ` +
        `p99 ${ms(quantile(relayed, 0.99))}`,
    );
    console.log(`RESULT ${JSON.stringify({ ...burst, lag })}`);
  } finally {
    await projectors.stop();
    await relay.stop();
    await checkpoints.close();
    await store.close();
    await pool.end();
    await database.drop();
    const kafkaAdmin = kafkaClient({ brokers }).admin();
    await kafkaAdmin.connect();
    await kafkaAdmin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await kafkaAdmin
      .deleteGroups(projectionNames.map((each) => groupIdOf(topic, each)))
      .catch(() => undefined);
    await kafkaAdmin.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
