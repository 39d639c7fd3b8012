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
 * BENCH_CAMPAIGNS (60), BENCH_ONLY (scenario names, comma separated), BENCH_PROFILE=1 (CPU
 * profile of the service into artifacts/profiles/). Exits 1 when a scenario is invalid (over 1%
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
import { scenarios, WITHDRAWAL_NAIRA } from '../loadtests/api/scenarios';
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
let dataDir: string | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    try {
      await service?.stop();
    } catch (error) {
      console.error('stopping the service failed:', error);
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
  service = await startService({
    root,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      // Request logging on, as npm start has it (BENCH_LOG_LEVEL=warn turns it off).
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      JWT_SECRET: 'bench-api-secret-0123456789abcdefghijklmnop',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // All the load comes from one address; the limits are for people, not for this bench.
      AUTH_RATE_LIMIT_SCALE: '1000000',
      // The fixtures fund each user in one admin change (₦2,000,000): above the default cap and
      // the approval threshold, which are for people too.
      ADJUSTMENT_CAP_NAIRA: '100000000',
      ADJUSTMENT_APPROVAL_ABOVE_NAIRA: '100000000',
    },
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
  for (const scenario of chosen) {
    process.stdout.write(
      `${scenario.name}: ${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s measured` +
        (settings.rate > 0 ? ` at ${settings.rate} req/s offered` : '') +
        '... ',
    );
    const result = await runScenario(scenario, {
      baseUrl: service.baseUrl,
      servicePid: service.pid,
      ...settings,
    });
    const cpu = result.serviceCpuMsPerRequest;
    const loadCpu = result.loadCpuMsPerRequest;
    console.log(
      `${Math.round(result.requestsPerSecond).toLocaleString('en')} req/s, p99 ${result.p99Ms} ms` +
        (cpu === undefined ? '' : `, service CPU ${cpu.toFixed(2)} ms a request`) +
        (loadCpu === undefined ? '' : `, the load's own CPU ${loadCpu.toFixed(2)} ms a request`),
    );
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
  const invalid = results.filter((r) => !isValid(r));
  writeJson(OUTPUT, {
    startedAt: new Date(started).toISOString(),
    machine,
    postgres: { fsync: database.fsync },
    settings: { ...settings, serverUrl: undefined, balanceNaira: BALANCE_NAIRA, signUp: fixtures.signUp },
    valid: invalid.length === 0,
    scenarios: results.map((r) => ({ ...r, failedShare: failedShare(r), valid: isValid(r) })),
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
