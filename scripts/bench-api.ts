/**
 * npm run bench:api: the HTTP API under load, end to end. Starts the real service (main.ts) on a
 * fresh database, prepares users, balances and campaigns through the API, then measures each
 * scenario with autocannon over loopback: sign-in, dashboard, task list, proof submission and
 * withdrawal. Prints a table with the goals and writes artifacts/bench-api.json.
 *
 * Environment: DATABASE_URL (the server; a kobo_bench_api_<ts> database is made and dropped),
 * BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (32, a busy hour),
 * BENCH_RATE (requests a second offered by the connections together; default 0: flat out),
 * BENCH_LOG_LEVEL (info), BENCH_USERS (100),
 * BENCH_CAMPAIGNS (60), BENCH_ONLY (scenario names, comma separated), BENCH_ROUNDS (3: rounds of
 * the withdrawal against the floor), BENCH_PROFILE=1 (CPU
 * profile of the service into artifacts/profiles/).
 *
 * The withdrawal is judged against a floor measured in the same run: a bare server doing one INSERT
 * per request (loadtests/api/floor-server.ts) on the same PostgreSQL, with the same connections,
 * duration and load generator, the two in alternating order round by round. It prints the
 * withdrawal/floor ratios of throughput and p99 (FLOOR_GOAL). Exits 1 when a scenario is invalid (over 1%
 * of its requests failed); a missed goal is reported, not an error (the machine may be busy).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiClient } from '../loadtests/api/api-client';
import { createBenchDatabase, type BenchDatabase } from '../loadtests/api/bench-database';
import { prepareFixtures } from '../loadtests/api/fixtures';
import { failedShare, isValid, MAX_FAILED_SHARE, printTable, writeJson } from '../loadtests/api/report';
import { runScenario, type ScenarioResult } from '../loadtests/api/run-scenario';
import {
  FLOOR_GOAL,
  floorScenario,
  scenarios,
  WITHDRAWAL_NAIRA,
  type Scenario,
} from '../loadtests/api/scenarios';
import { startService, type RunningService } from '../loadtests/api/service-process';

const root = resolve(__dirname, '..');
const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};

const settings = {
  serverUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  durationSeconds: numberFrom('BENCH_DURATION', 10),
  warmupSeconds: numberFrom('BENCH_WARMUP', 2),
  connections: numberFrom('BENCH_CONNECTIONS', 32),
  rate: numberFrom('BENCH_RATE', 0),
  users: numberFrom('BENCH_USERS', 100),
  campaigns: numberFrom('BENCH_CAMPAIGNS', 60),
  only: process.env.BENCH_ONLY?.split(',').map((name) => name.trim().toLowerCase()),
  rounds: numberFrom('BENCH_ROUNDS', 3),
  profile: process.env.BENCH_PROFILE === '1',
};
const OUTPUT = join(root, 'artifacts', 'bench-api.json');
/** The whole run stays bounded even when the service hangs. */
const WATCHDOG_MS = 300_000;
/** How long the proofs of the submission run may take to be verified before the next scenario. */
const DRAIN_LIMIT_MS = 100_000;
/** Enough for 1,000 minimum withdrawals per user. */
const BALANCE_NAIRA = 1000 * WITHDRAWAL_NAIRA;

let database: BenchDatabase | undefined;
let service: RunningService | undefined;
let floor: RunningService | undefined;
let dataDir: string | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const running of [service, floor])
      try {
        await running?.stop();
      } catch (error) {
        console.error('stopping a server failed:', error);
      }
    try {
      await database?.drop();
    } catch (error) {
      console.error(`dropping ${database?.name} failed:`, error);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// Ctrl-C reaches every process of the terminal's group, and the tsx wrapper relays it once more:
// stay subscribed, or the second signal would end the process before the database is dropped.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the service and dropping the database...`);
    void cleanup().finally(() => process.exit(130));
  });

async function main(): Promise<number> {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const watchdog = setTimeout(() => {
    console.error(`bench:api took over ${WATCHDOG_MS / 1000} s: stopping`);
    void cleanup().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  watchdog.unref();

  const machine = {
    cpus: cpus().length,
    loadavg: loadavg().map((l) => Number(l.toFixed(2))),
    node: process.version,
  };
  console.log(`bench:api on ${machine.cpus} CPUs, load average ${machine.loadavg.join(' ')}`);

  database = await createBenchDatabase(settings.serverUrl);
  console.log(
    `PostgreSQL: fsync ${database.fsync}` +
      (database.fsync === 'off'
        ? ' (commits are not flushed: judge a change to the write path with it on)'
        : ''),
  );
  dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-api-'));
  const admin = { email: 'admin@bench.kobo.test', password: 'bench-admin-password' };
  const serviceEnv: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    // Request logging on, as npm start has it (BENCH_LOG_LEVEL=warn turns it off).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    JWT_SECRET: 'bench-api-secret-0123456789abcdefghijklmnop',
    KOBO_MASTER_KEY: 'YmVuY2gtYXBpLW1hc3Rlci1rZXktMDEyMzQ1Njc4OWE=',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // All the load comes from one address; the limits are for people, not for this bench.
    AUTH_RATE_LIMIT_SCALE: '1000000',
    // The fixtures fund each user in one admin change (₦2,000,000): above the default cap and
    // the approval threshold, which are for people too.
    ADJUSTMENT_CAP_NAIRA: '100000000',
    ADJUSTMENT_APPROVAL_ABOVE_NAIRA: '100000000',
  };
  service = await startService({
    root,
    env: serviceEnv,
    nodeFlags: settings.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'artifacts', 'profiles')}`]
      : [],
  });
  console.log(`service ready at ${service.baseUrl} (database ${database.name}) after ${elapsed()}`);

  const fixtures = await prepareFixtures(apiClient(service.baseUrl), {
    users: settings.users,
    campaigns: settings.campaigns,
    balanceNaira: BALANCE_NAIRA,
    admin,
  });
  console.log(
    `prepared ${fixtures.users.length} users (${fixtures.signUp}), ${fixtures.campaignIds.length} campaigns ` +
      `after ${elapsed()}`,
  );

  const chosen = scenarios(fixtures, String(started)).filter(
    (s) => !settings.only || settings.only.includes(s.name.toLowerCase()),
  );
  const results: ScenarioResult[] = [];
  const againstFloor: FloorRound[] = [];
  for (const scenario of chosen) {
    if (scenario.name === 'withdrawal' && settings.rounds > 0) {
      floor ??= await startService({
        root,
        script: 'loadtests/api/floor-server.ts',
        env: { DATABASE_URL: database.url, DATABASE_POOL_SIZE: serviceEnv.DATABASE_POOL_SIZE ?? '10' },
      });
      for (let round = 1; round <= settings.rounds; round++) {
        // Alternating order: whichever runs first in a round meets the machine as it was left.
        const floorFirst = round % 2 === 0;
        const order = floorFirst ? (['floor', 'withdrawal'] as const) : (['withdrawal', 'floor'] as const);
        const measured: Partial<Record<(typeof order)[number], ScenarioResult>> = {};
        for (const which of order) {
          const label = `round ${round}`;
          const result =
            which === 'floor'
              ? await measure(floorScenario(), floor, label)
              : await measure(scenario, service, label);
          measured[which] = result;
          results.push({ ...result, name: `${result.name} #${round}` });
        }
        againstFloor.push(floorRound(round, floorFirst, measured.withdrawal!, measured.floor!));
      }
      continue;
    }
    const result = await measure(scenario, service);
    if (scenario.name === 'submission') {
      // The answer comes before the proof's verification job: a backlog here is work the run's
      // req/s and CPU per request leave out. It is left to drain before the next scenario, which
      // would otherwise measure its route beside the verification of these proofs.
      const proofs = await database.proofsVerified();
      console.log(`  when the run ended, ${proofs.verified} of ${proofs.submitted} proofs were verified`);
      const drainedAfterSeconds = await drainVerification(database, proofs.submitted);
      console.log(
        drainedAfterSeconds === undefined
          ? `  the rest were not verified within ${DRAIN_LIMIT_MS / 1000} s`
          : `  the rest were verified ${drainedAfterSeconds.toFixed(1)} s later ` +
              `(${Math.round((proofs.submitted - proofs.verified) / Math.max(drainedAfterSeconds, 0.1))} a second)`,
      );
      results.push({ ...result, proofs: { ...proofs, drainedAfterSeconds } });
    } else results.push(result);
  }

  printTable(results);
  printFloorRounds(againstFloor);
  const invalid = results.filter((r) => !isValid(r));
  writeJson(OUTPUT, {
    startedAt: new Date(started).toISOString(),
    machine,
    postgres: { fsync: database.fsync },
    settings: { ...settings, serverUrl: undefined, balanceNaira: BALANCE_NAIRA, signUp: fixtures.signUp },
    valid: invalid.length === 0,
    scenarios: results.map((r) => ({ ...r, failedShare: failedShare(r), valid: isValid(r) })),
    againstFloor: { goal: FLOOR_GOAL, rounds: againstFloor },
  });
  console.log(`\nwritten to ${OUTPUT} (whole run ${elapsed()})`);
  if (invalid.length > 0) {
    console.error(
      `\nINVALID: over ${MAX_FAILED_SHARE * 100}% of the requests failed in ${invalid.map((r) => r.name).join(', ')}; ` +
        'these numbers measure errors, not the routes. Service output:\n' +
        service.output().split('\n').slice(-20).join('\n'),
    );
    return 1;
  }
  return 0;
}

/** Runs one scenario against a server and prints its line. */
async function measure(scenario: Scenario, target: RunningService, label?: string): Promise<ScenarioResult> {
  process.stdout.write(
    `${scenario.name}${label ? ` (${label})` : ''}: ${settings.warmupSeconds} s warm-up, ` +
      `${settings.durationSeconds} s measured` +
      (settings.rate > 0 ? ` at ${settings.rate} req/s offered` : '') +
      '... ',
  );
  const benchDatabase = database;
  const result = await runScenario(scenario, {
    ...settings,
    baseUrl: target.baseUrl,
    servicePid: target.pid,
    databasePids: benchDatabase && (() => benchDatabase.backendPids()),
  });
  const cpu = result.serviceCpuMsPerRequest;
  const loadCpu = result.loadCpuMsPerRequest;
  const databaseCpu = result.databaseCpuMsPerRequest;
  console.log(
    `${Math.round(result.requestsPerSecond).toLocaleString('en')} req/s, p99 ${result.p99Ms} ms` +
      (cpu === undefined ? '' : `, server CPU ${cpu.toFixed(2)} ms a request`) +
      (databaseCpu === undefined ? '' : `, PostgreSQL CPU ${databaseCpu.toFixed(2)} ms`) +
      (loadCpu === undefined ? '' : `, the load's own CPU ${loadCpu.toFixed(2)} ms a request`),
  );
  return result;
}

interface FloorRound {
  round: number;
  first: 'floor' | 'withdrawal';
  withdrawal: { requestsPerSecond: number; p99Ms: number };
  floor: { requestsPerSecond: number; p99Ms: number };
  /** The withdrawal's throughput as a share of the floor's. */
  throughputRatio: number;
  /** The withdrawal's p99 as a multiple of the floor's. */
  p99Ratio: number;
  met: boolean;
}

function floorRound(
  round: number,
  floorFirst: boolean,
  withdrawal: ScenarioResult,
  floorResult: ScenarioResult,
): FloorRound {
  const throughputRatio = withdrawal.requestsPerSecond / Math.max(floorResult.requestsPerSecond, 1e-9);
  // autocannon records whole milliseconds: a floor p99 under 1 ms counts as 1 ms.
  const p99Ratio = withdrawal.p99Ms / Math.max(floorResult.p99Ms, 1);
  const pick = (r: ScenarioResult) => ({ requestsPerSecond: r.requestsPerSecond, p99Ms: r.p99Ms });
  return {
    round,
    first: floorFirst ? 'floor' : 'withdrawal',
    withdrawal: pick(withdrawal),
    floor: pick(floorResult),
    throughputRatio,
    p99Ratio,
    met: throughputRatio >= FLOOR_GOAL.minThroughputRatio && p99Ratio <= FLOOR_GOAL.maxP99Ratio,
  };
}

function printFloorRounds(rounds: readonly FloorRound[]): void {
  if (rounds.length === 0) return;
  console.log(
    `\nwithdrawal/floor (goal: throughput >= ${FLOOR_GOAL.minThroughputRatio}, ` +
      `p99 <= ${FLOOR_GOAL.maxP99Ratio}x, in every round)`,
  );
  for (const r of rounds)
    console.log(
      `  round ${r.round} (${r.first} first): throughput ${r.throughputRatio.toFixed(2)}, ` +
        `p99 ${r.p99Ratio.toFixed(1)}x  ${r.met ? 'met' : 'MISSED'}`,
    );
  const all = rounds.every((r) => r.met);
  console.log(`  ${all ? 'met in every round' : 'MISSED in at least one round'}`);
}

/** Seconds until every submitted proof is verified, or undefined past DRAIN_LIMIT_MS. */
async function drainVerification(db: BenchDatabase, submitted: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < DRAIN_LIMIT_MS) {
    if ((await db.proofsVerified()).verified >= submitted) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

main()
  .then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(error);
      if (service) {
        const ended = service.exitStatus();
        if (ended) console.error(`the service has exited (${ended})`);
        console.error(`service output:\n${service.output().split('\n').slice(-20).join('\n')}`);
      }
      process.exitCode = 1;
    },
  )
  .finally(() => cleanup());
