/**
 * Streams that grow: commands per second and p99 on a user with 10,000 entries (a balance
 * adjustment each) and a campaign with 10,000 submissions (the next submission) against fresh streams, with folded states kept ("warm", this process's cache)
 * and forgotten before every command ("cold", as in a new process: the saved snapshot and its tail).
 *   npx tsx services/ledger/bench/stream-bench.ts   (DATABASE_URL, BENCH_STREAM_SIZE, BENCH_COMMANDS)
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '@kobo/platform';
import { createLedgerCommands } from '../src/domain/handlers/ledger-commands';
import { moneyRules } from '../src/domain/money-rules';
import { forgetFoldedStates, snapshotsSaved } from '../src/domain/handlers/stream-reader';
import { createPostgresEventStore } from '../src/event-store';
import { benchPool } from './bench-pool';
import { kobo } from '../src/money';
import { credit as creditUser, registerUser } from '../src/testing';

const rules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 0,
});

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function inParallel(count: number, width: number, job: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

export async function runStreamBench(databaseUrl: string) {
  const size = Number(process.env.BENCH_STREAM_SIZE ?? 10_000);
  const commands = Number(process.env.BENCH_COMMANDS ?? 200);
  const database = `kobo_bench_streams_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(databaseUrl, `CREATE DATABASE ${database}`);
  const url = withDatabase(databaseUrl, database);
  const pool = benchPool(url, 8);
  const store = createPostgresEventStore(pool);
  const ledger = createLedgerCommands(store, { rules });
  try {
    await migrate(url);
    const register = (userId: string) => registerUser(ledger, { userId, bank: false });
    const credit = (userId: string) =>
      creditUser(ledger, userId, 100, { by: { role: 'admin', id: '1' } as const, reason: 'bench' });
    const campaign = (campaignId: string, units: number) =>
      ledger.createCampaign({
        campaignId,
        title: 'Task',
        platform: 'instagram',
        url: 'https://example.ng/x',
        price: kobo(5_000),
        units,
        by: { role: 'admin', id: '1' } as const,
      });
    // Each measured submission comes from a user who has not submitted to that campaign yet.
    let submitters = 0;
    const submit = (campaignId: string) =>
      ledger.submitTask({ campaignId, userId: `s${submitters++}`, proofImage: 'p/measured.png' });

    const started = Date.now();
    await register('big');
    for (let i = 0; i < size - 1; i++) await credit('big');
    const measuredSubmissions = 4 * (commands + 1);
    await campaign('busy', size + measuredSubmissions);
    await inParallel(size, 4, (i) => register(`w${i}`));
    // One at a time: parallel submissions on one campaign only retry each other.
    for (let i = 0; i < size; i++)
      await ledger.submitTask({ campaignId: 'busy', userId: `w${i}`, proofImage: `p/${i}.png` });
    await register('fresh');
    await campaign('new', measuredSubmissions);
    await inParallel(measuredSubmissions, 4, (i) => register(`s${i}`));
    await snapshotsSaved(store); // none of the build's saves runs into the measurements
    const userEvents = (await store.readStream('user-big')).length;
    const campaignEvents = (await store.readStream('campaign-busy')).length;
    console.log(
      `[stream-bench] built user-big (${userEvents} events) and campaign-busy (${campaignEvents} events) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    const result: Record<string, number> = {};
    const measure = async (name: string, command: () => Promise<unknown>, cold: boolean) => {
      const times: number[] = [];
      const count = commands;
      await command(); // the first command after the build may save a snapshot
      for (let i = 0; i < count; i++) {
        if (cold) forgetFoldedStates(store);
        const t0 = process.hrtime.bigint();
        await command();
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      times.sort((x, y) => x - y);
      const perSecond = (1000 * times.length) / times.reduce((s, t) => s + t, 0);
      const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!;
      result[`${name}PerSecond`] = perSecond;
      result[`${name}P99`] = p99;
      console.log(
        `[stream-bench] ${name.padEnd(18)} ${perSecond.toFixed(0).padStart(6)} commands/s  p99 ${p99.toFixed(1)} ms`,
      );
    };
    for (const cold of [true, false]) {
      const mode = cold ? 'cold' : 'warm';
      await measure(`${mode}FreshUser`, () => credit('fresh'), cold);
      await measure(`${mode}BigUser`, () => credit('big'), cold);
      await measure(`${mode}NewCampaign`, () => submit('new'), cold);
      await measure(`${mode}BusyCampaign`, () => submit('busy'), cold);
    }
    return result;
  } finally {
    await store.close();
    await pool.end();
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

if (require.main === module) {
  runStreamBench(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').then(
    (result) => {
      console.log(`RESULT ${JSON.stringify(result)}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
