/**
 * npm run bench:k6: the k6 journey (loadtests/k6/user-journey.js) against the real product. Starts
 * the product (main.ts; one process, or API_PROCESSES copies) on a fresh database, runs k6 (the binary `npm run stack:up`
 * builds) whose setup() prepares users, balances and campaigns through the API, then prints each
 * step's figures and thresholds and writes them to artifacts/bench-k6.json. Exits 1 when a
 * threshold failed or k6 could not run.
 *
 * Backends: the stack's servers when their settings are exported (`env $(npm run -s stack:up)
 * npm run bench:k6`): DATABASE_URL (a kobo_bench_k6_<ts> database is made there and dropped),
 * REDIS_URL, S3_*; else the embedded PostgreSQL in a temporary directory.
 *
 * Environment: VUS (50), USERS (100), CAMPAIGNS (60), RAMP (10s), HOLD (60s), BENCH_LOG_LEVEL
 * (info), K6_BINARY (default: where stack:up builds it), API_PROCESSES (1; more needs DATABASE_URL:
 * copies of the product on one database, each virtual user keeping to one of them).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBenchDatabase, type BenchDatabase } from '../loadtests/api/bench-database';
import { writeJson } from '../loadtests/api/report';
import { freePort } from '@kobo/platform/testing';
import { startService, type RunningService } from '../loadtests/api/service-process';
import { k6Binary } from './stack/servers/k6.mjs';

const root = resolve(__dirname, '..');
const OUTPUT = join(root, 'artifacts', 'bench-k6.json');
const STEPS = ['login', 'dashboard', 'tasks', 'withdraw'] as const;

const journey = {
  VUS: process.env.VUS ?? '50',
  USERS: process.env.USERS ?? '100',
  CAMPAIGNS: process.env.CAMPAIGNS ?? '60',
  RAMP: process.env.RAMP ?? '10s',
  HOLD: process.env.HOLD ?? '60s',
};
const k6 = process.env.K6_BINARY ?? k6Binary;
/** Copies of the product on the same database (each serves the API; the projections and reactors lead in one). */
const apiProcesses = Number(process.env.API_PROCESSES ?? 1);

let database: BenchDatabase | undefined;
const services: RunningService[] = [];
let dataDir: string | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const service of services)
      try {
        await service.stop();
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

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the service and dropping the database...`);
    void cleanup().finally(() => process.exit(130));
  });

/** One metric of k6's --summary-export: its statistics and, per threshold, whether it failed. */
interface ExportedMetric {
  [stat: string]: unknown;
  thresholds?: Record<string, boolean>;
}

interface StepResult {
  step: string;
  requests: number;
  failedShare: number;
  medMs: number;
  p95Ms: number;
  p99Ms: number;
  thresholds: { threshold: string; passed: boolean }[];
}

function stepResults(metrics: Record<string, ExportedMetric>): StepResult[] {
  return STEPS.map((step) => {
    const duration = metrics[`http_req_duration{name:${step}}`] ?? {};
    const failed = metrics[`http_req_failed{name:${step}}`] ?? {};
    const number = (value: unknown) => (typeof value === 'number' ? value : NaN);
    // In the summary export a threshold's value is true when it failed.
    const thresholds = [failed, duration].flatMap((metric) =>
      Object.entries(metric.thresholds ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([threshold, failedIt]) => ({
          threshold: `${metric === failed ? 'failed' : 'latency'} ${threshold}`,
          passed: !failedIt,
        })),
    );
    // k6 passes a threshold over no requests at all: a step that never ran measured nothing.
    const requests = number(duration.count);
    if (!(requests > 0)) thresholds.unshift({ threshold: 'requests > 0', passed: false });
    return {
      step,
      requests,
      failedShare: number(failed.value),
      medMs: number(duration.med),
      p95Ms: number(duration['p(95)']),
      p99Ms: number(duration['p(99)']),
      thresholds,
    };
  });
}

function printTable(results: StepResult[]): void {
  const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
  const rows = [
    ['step', 'requests', 'failed', 'med ms', 'p95 ms', 'p99 ms', 'thresholds'],
    ...results.map((r) => [
      r.step,
      String(r.requests),
      Number.isNaN(r.failedShare) ? '-' : `${(r.failedShare * 100).toFixed(2)}%`,
      ms(r.medMs),
      ms(r.p95Ms),
      ms(r.p99Ms),
      r.thresholds.map((t) => `${t.passed ? 'pass' : 'FAIL'} ${t.threshold}`).join(', '),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log('');
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

function runK6(args: string[]): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    // k6 prints its end-of-test summary (thresholds marked ✓ or ✗) on the terminal.
    const child = spawn(k6, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

async function main(): Promise<number> {
  if (!existsSync(k6)) {
    console.error(
      `no k6 binary at ${k6}: \`npm run stack:up\` builds it (infra/README.md), or set K6_BINARY`,
    );
    return 1;
  }
  if (!Number.isInteger(apiProcesses) || apiProcesses < 1) {
    console.error('API_PROCESSES must be a whole number of at least 1');
    return 1;
  }
  if (apiProcesses > 1 && !process.env.DATABASE_URL) {
    console.error('API_PROCESSES > 1 needs DATABASE_URL (the embedded PostgreSQL belongs to one process)');
    return 1;
  }
  const started = Date.now();
  const machine = {
    cpus: cpus().length,
    loadavg: loadavg().map((l) => Number(l.toFixed(2))),
    node: process.version,
  };
  console.log(`bench:k6 on ${machine.cpus} CPUs, load average ${machine.loadavg.join(' ')}`);

  const runDir = mkdtempSync(join(tmpdir(), 'kobo-bench-k6-'));
  dataDir = runDir;
  const databaseEnv: Record<string, string> = {};
  if (process.env.DATABASE_URL) {
    database = await createBenchDatabase(process.env.DATABASE_URL, 'kobo_bench_k6');
    databaseEnv.DATABASE_URL = database.url;
  } else databaseEnv.EMBEDDED_PG_PORT = String(await freePort());
  const backends = {
    database: database ? `PostgreSQL at DATABASE_URL (${database.name})` : 'embedded PostgreSQL',
    queues: process.env.REDIS_URL ? 'Redis (REDIS_URL)' : 'PostgreSQL',
    images: process.env.S3_ENDPOINT ? 'S3 (S3_ENDPOINT)' : 'directory',
  };
  console.log(
    `backends: ${Object.entries(backends)
      .map(([what, where]) => `${what} ${where}`)
      .join(', ')}`,
  );

  const admin = { email: 'admin@bench.kobo.test', password: 'bench-admin-password' };
  // REDIS_URL and S3_* reach the service from this process's environment as they are.
  const start = () =>
    startService({
      root,
      env: {
        ...databaseEnv,
        NODE_ENV: 'production',
        DATA_DIR: runDir,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        JWT_SECRET: 'bench-k6-secret-0123456789abcdefghijklmnopq',
        KOBO_MASTER_KEY: 'YmVuY2gtazYtbWFzdGVyLWtleS0wMTIzNDU2Nzg5YWI=',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        // All the load comes from one address; the limits are for people, not for this bench.
        AUTH_RATE_LIMIT_SCALE: '1000000',
        // setup() funds each user in one admin change (₦2,000,000): above the cap and the approval
        // threshold, which are for people too.
        ADJUSTMENT_CAP_NAIRA: '100000000',
        ADJUSTMENT_APPROVAL_ABOVE_NAIRA: '100000000',
      },
      // The embedded PostgreSQL's first start (initdb) is slow on a busy machine.
      readyTimeoutMs: 180_000,
    });
  // One after the other: the first migrates the database and makes the admin.
  for (let i = 0; i < apiProcesses; i++) services.push(await start());
  const baseUrls = services.map((service) => service.baseUrl);
  console.log(
    `service ready at ${baseUrls.join(', ')} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const summaryFile = join(runDir, 'k6-summary.json');
  const settings = { BASE_URL: baseUrls.join(','), SIGN_UP: '1', ...journey };
  const code = await runK6([
    'run',
    // No progress bar (a line a second in a log); the summary with the thresholds is printed.
    '--quiet',
    '--summary-export',
    summaryFile,
    ...Object.entries({ ...settings, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }).flatMap(
      ([name, value]) => ['-e', `${name}=${value}`],
    ),
    'loadtests/k6/user-journey.js',
  ]);
  if (!existsSync(summaryFile)) {
    console.error(
      `k6 exited ${code} without a summary. Service output:\n${services[0]!.output().slice(-4000)}`,
    );
    return 1;
  }
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as {
    metrics: Record<string, ExportedMetric>;
  };
  const results = stepResults(summary.metrics);
  printTable(results);
  const failed = results.flatMap((r) =>
    r.thresholds.filter((t) => !t.passed).map((t) => `${r.step} ${t.threshold}`),
  );
  writeJson(OUTPUT, {
    startedAt: new Date(started).toISOString(),
    machine,
    apiProcesses,
    backends,
    settings,
    k6ExitCode: code,
    passed: failed.length === 0 && code === 0,
    steps: results,
  });
  console.log(`\nwritten to ${OUTPUT} (whole run ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (failed.length > 0) {
    console.error(`\nthresholds FAILED: ${failed.join('; ')}`);
    return 1;
  }
  if (code !== 0) {
    console.error(`\nk6 exited ${code}`);
    return 1;
  }
  console.log('all thresholds passed');
  return 0;
}

main()
  .then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(error);
      for (const service of services)
        console.error(`service output:\n${service.output().split('\n').slice(-20).join('\n')}`);
      process.exitCode = 1;
    },
  )
  .finally(() => cleanup());
