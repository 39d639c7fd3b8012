/**
 * npm run simulate -- [--seed N] [--steps M] [--fault-rate P] [--provider manual|paystack] [--keep]
 *
 * Runs the bank test on a fresh database (created on TEST_DATABASE_URL's server, else
 * 127.0.0.1:5432, else an embedded PostgreSQL in .data/test-pg) and prints its figures and
 * PASS, or FAIL with the first broken invariant and the command that replays the seed.
 * Exit code 0 on PASS, 1 on FAIL.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { createPool, migrate } from '@kobo/platform';
import { startEmbeddedPostgres } from '@kobo/platform/embedded-postgres';
import { randomSeed } from './prng';
import { formatResult } from './report';
import { runSimulation } from './simulate';

function parse(argv: string[]) {
  const options: {
    seed?: number;
    steps: number;
    faultRate?: number;
    provider: 'manual' | 'paystack';
    keep: boolean;
  } = { steps: 1000, provider: 'manual', keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined || !/^\d+(\.\d+)?$/.test(next)) throw new Error(`${arg} needs a number`);
      return Number(next);
    };
    if (arg === '--seed') options.seed = value();
    else if (arg === '--steps') options.steps = value();
    else if (arg === '--fault-rate') options.faultRate = value();
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--provider') {
      const next = argv[++i];
      if (next !== 'manual' && next !== 'paystack') throw new Error('--provider needs manual or paystack');
      options.provider = next;
    } else
      throw new Error(
        `unknown option ${arg} (use --seed N, --steps M, --fault-rate P, --provider manual|paystack, --keep)`,
      );
  }
  return options;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  const options = parse(process.argv.slice(2));
  const seed = options.seed ?? randomSeed();
  let adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let embedded: { stop(): Promise<void> } | undefined;
  if (!(await reachable(adminUrl))) {
    console.log(`PostgreSQL not reachable at ${adminUrl}; starting an embedded one`);
    const started = await startEmbeddedPostgres({
      dataDir: join(process.cwd(), '.data', 'test-pg'),
      port: 25430,
    });
    embedded = started;
    adminUrl = started.url;
  }
  const name = `kobo_sim_${seed}_${randomBytes(3).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const pool = createPool(url.toString(), 20);
  console.log(
    `bank test: seed ${seed}, ${options.steps} steps, payouts ${options.provider}, database ${name}`,
  );
  let failed: boolean;
  try {
    await migrate(url.toString());
    const result = await runSimulation({
      seed,
      steps: options.steps,
      pool,
      databaseUrl: url.toString(),
      faultRate: options.faultRate,
      provider: options.provider,
      onProgress: (step, so) => {
        const kills = Object.values(so.kills).reduce((a, b) => a + b, 0);
        process.stdout.write(
          `  step ${step}: ${Object.values(so.commands).reduce((a, b) => a + b, 0)} commands, ${kills} kills\n`,
        );
      },
    });
    console.log(formatResult(result));
    failed = Boolean(result.violation);
  } finally {
    await pool.end();
    if (options.keep) console.log(`database kept: ${url.toString()}`);
    else await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await embedded?.stop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
