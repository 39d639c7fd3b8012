/**
 * Append throughput: 32 concurrent writers over distinct streams, each append one event with an
 * exact expected version, first against our store, then against @event-driven-io/emmett-postgresql
 * on the same PostgreSQL, each in a fresh database, with the same payload. Prints events/s.
 *
 *   npx tsx services/ledger/bench/append-bench.ts   (DATABASE_URL, default 127.0.0.1:5432)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { migrate } from '@kobo/platform';
import { createPostgresEventStore } from '../src/event-store';
import { benchPool } from './bench-pool';

export interface AppendBenchOptions {
  writers?: number;
  seconds?: number;
}

/** About 300 bytes of JSON, the size of a typical money event with its postings. */
function payload(writer: number, n: number) {
  return {
    userId: `user-${writer}`,
    submissionId: randomUUID(),
    amount: 5000 + n,
    postings: [
      { from: 'campaign:escrow', to: `users:${writer}:activity`, amount: 5000 + n },
      { from: 'platform:fees', to: 'platform:revenue', amount: 0 },
    ],
    note: 'x'.repeat(80),
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs `append(writer, expectedVersion)` in a loop per writer for `seconds`; returns events/s. */
async function drive(
  writers: number,
  seconds: number,
  append: (writer: number, expectedVersion: number) => Promise<void>,
): Promise<number> {
  const versions = new Array<number>(writers).fill(0);
  // Warm-up: create every stream and let plans and connections settle.
  await Promise.all(
    versions.map(async (_, w) => {
      await append(w, 0);
      versions[w] = 1;
    }),
  );
  const deadline = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  let events = 0;
  await Promise.all(
    versions.map(async (_, w) => {
      while (Date.now() < deadline) {
        await append(w, versions[w]!);
        versions[w]! += 1;
        events += 1;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return events / elapsed;
}

async function benchOurs(url: string, writers: number, seconds: number): Promise<number> {
  await migrate(url);
  const pool = benchPool(url, 4);
  const store = createPostgresEventStore(pool);
  try {
    return await drive(writers, seconds, async (w, expected) => {
      await store.appendToStreams([
        {
          streamId: `bench-${w}`,
          expectedVersion: expected === 0 ? 'no_stream' : expected,
          events: [
            {
              id: randomUUID(),
              type: 'ActivityRewardEarned',
              data: payload(w, expected),
              metadata: { actor: 'bench' },
            },
          ],
        },
      ]);
    });
  } finally {
    await store.close();
    await pool.end();
  }
}

async function benchEmmett(url: string, writers: number, seconds: number): Promise<number> {
  // Emmett's default is a pg.Pool of pg's default size (10); passing it explicitly lets us end it.
  const pool = benchPool(url, 10);
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  try {
    await store.schema.migrate();
    return await drive(writers, seconds, async (w, expected) => {
      await store.appendToStream(
        `bench-${w}`,
        [{ type: 'ActivityRewardEarned', data: payload(w, expected), metadata: { actor: 'bench' } }],
        { expectedStreamVersion: BigInt(expected) },
      );
    });
  } finally {
    await store.close();
    await pool.end();
  }
}

export async function runAppendBench(
  databaseUrl: string,
  options: AppendBenchOptions = {},
): Promise<{ ours: number; emmett: number; ratio: number }> {
  const writers = options.writers ?? 32;
  const seconds = options.seconds ?? 12;
  const { rows } = await adminQuery(databaseUrl, 'SHOW synchronous_commit');
  console.log(`[append-bench] synchronous_commit = ${rows[0].synchronous_commit}`);
  console.log(
    `[append-bench] ${writers} writers, distinct streams, exact expected version, ${seconds} s per store`,
  );

  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const run = async (name: string, bench: (url: string) => Promise<number>) => {
    const database = `kobo_bench_${name}_${suffix}`;
    await adminQuery(databaseUrl, `CREATE DATABASE ${database}`);
    try {
      const rate = await bench(withDatabase(databaseUrl, database));
      console.log(`[append-bench] ${name}: ${Math.round(rate).toLocaleString('en')} events/s`);
      return rate;
    } finally {
      await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  };

  const ours = await run('ours', (url) => benchOurs(url, writers, seconds));
  const emmett = await run('emmett', (url) => benchEmmett(url, writers, seconds));
  const ratio = ours / emmett;
  console.log(`[append-bench] ratio ours/emmett = ${ratio.toFixed(2)}`);
  return { ours, emmett, ratio };
}

if (require.main === module) {
  runAppendBench(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').then(
    (result) => {
      // The last line, for scripts/bench-ledger.ts.
      console.log(`RESULT ${JSON.stringify(result)}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
