/**
 * One scenario: a warm-up whose numbers are dropped, then the measured run. Flat out under
 * autocannon (each connection sends its next request when answered), or at a steady offered rate
 * (paced-load.ts).
 */
import { readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';
import { runPacedLoad, type LoadResult } from './paced-load';
import type { Goal, Scenario } from './scenarios';

export interface RunOptions {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /**
   * Requests a second offered on a fixed schedule by all connections together (BENCH_RATE), or 0:
   * flat out. Below saturation, p99 is then the latency a client meets at that load, not the wait
   * in line of a service driven as fast as it answers.
   */
  rate: number;
  /** The service's process: its CPU time over the measured run is reported per request (Linux). */
  servicePid?: number;
  /** PostgreSQL's backends serving the bench's database (BenchDatabase.backendPids), likewise. */
  databasePids?: () => Promise<number[] | undefined>;
}

export interface ScenarioResult {
  name: string;
  route: string;
  connections: number;
  /** Requests a second offered (BENCH_RATE), or 0: as many as the service answered. */
  offeredRate: number;
  durationSeconds: number;
  /** Every answer, 2xx or not. */
  requests: number;
  /** 2xx answers per second: the figure the goals are about. */
  requestsPerSecond: number;
  /**
   * Latency of the 2xx answers: flat out, from each request's sending (autocannon records whole
   * milliseconds); at an offered rate, from when it was due (to 0.1 ms).
   */
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  /** Connection errors and timeouts: requests that got no answer. */
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  /** The first body seen for each non-2xx status. */
  samples: Record<string, string>;
  /** The measured run stopped early because the distinct user × campaign pairs ran out. */
  cappedAt?: number;
  /**
   * CPU time of the service process (all its threads: sharp's too) over the measured run, per
   * answer. Steadier than req/s on a shared machine; undefined where /proc cannot be read.
   */
  serviceCpuMsPerRequest?: number;
  /**
   * CPU time of this process (the load: flat out autocannon, at an offered rate paced-load.ts) over
   * the measured run, per answer: what the load takes from a machine it shares with the service.
   */
  loadCpuMsPerRequest?: number;
  /**
   * CPU time of PostgreSQL's processes connected to the bench's database (its backends, an
   * autovacuum worker) over the measured run, per answer; undefined when the server is elsewhere.
   * A backend that ended during the run is missed.
   */
  databaseCpuMsPerRequest?: number;
  /**
   * Submissions only (bench-api.ts): proofs submitted and verified when the run ended, and how long
   * the verification queue then took to drain (undefined if it had not within the bench's limit).
   */
  proofs?: { submitted: number; verified: number; drainedAfterSeconds?: number };
  goal?: Goal & { met: boolean };
}

export async function runScenario(scenario: Scenario, options: RunOptions): Promise<ScenarioResult> {
  if (options.warmupSeconds > 0) {
    const warmStatuses: Record<string, number> = {};
    const warmSamples: Record<string, string> = {};
    const warm = await run(scenario, options, options.warmupSeconds, warmStatuses, warmSamples);
    // A warm-up that mostly fails would also use up the submissions' user × campaign pairs.
    const failed = warm.non2xx + warm.errors + warm.timeouts;
    if (failed > 0.5 * (warm.ok + failed))
      throw new Error(
        `${scenario.name}: the warm-up failed (${warm.ok} ok, statuses ${JSON.stringify(warmStatuses)}, ` +
          `${warm.errors} errors, ${warm.timeouts} timeouts): ${JSON.stringify(warmSamples)}`,
      );
  }
  const statuses: Record<string, number> = {};
  const samples: Record<string, string> = {};
  const cap = scenario.remaining?.();
  const databaseBefore = await databaseCpuMs(options.databasePids);
  const cpuBefore = cpuMsOf(options.servicePid);
  const loadCpu = process.cpuUsage();
  const result = await run(scenario, options, options.durationSeconds, statuses, samples);
  const cpuAfter = cpuMsOf(options.servicePid);
  const databaseAfter = await databaseCpuMs(options.databasePids);
  const { user, system } = process.cpuUsage(loadCpu);
  const ok = result.ok;
  const answered = ok + result.non2xx;
  const requestsPerSecond = result.duration > 0 ? ok / result.duration : 0;
  const p99Ms = result.latency.p99;
  return {
    name: scenario.name,
    route: scenario.route,
    connections: options.connections,
    offeredRate: options.rate,
    durationSeconds: result.duration,
    requests: answered,
    requestsPerSecond,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    samples,
    ...(cap !== undefined && answered >= cap ? { cappedAt: cap } : {}),
    ...(cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
      ? { serviceCpuMsPerRequest: (cpuAfter - cpuBefore) / answered }
      : {}),
    ...(answered > 0 ? { loadCpuMsPerRequest: (user + system) / 1000 / answered } : {}),
    ...(databaseBefore && databaseAfter && answered > 0
      ? {
          databaseCpuMsPerRequest:
            [...databaseAfter].reduce((sum, [pid, ms]) => sum + ms - (databaseBefore.get(pid) ?? 0), 0) /
            answered,
        }
      : {}),
    ...(scenario.goal
      ? {
          goal: {
            ...scenario.goal,
            met: goalMet(scenario.goal, options.rate, requestsPerSecond, p99Ms),
          },
        }
      : {}),
  };
}

/** How far a run at an offered rate may fall short of it and still have kept up (its last answers). */
export const KEPT_UP_SHARE = 0.98;

/**
 * Flat out, the rate served must reach the goal's. At an offered rate, that rate must reach the
 * goal's and the service must have kept up with it: one that falls behind is saturated, and its
 * p99 is the wait in line again.
 */
function goalMet(goal: Goal, offeredRate: number, requestsPerSecond: number, p99Ms: number): boolean {
  const rateMet =
    offeredRate > 0
      ? offeredRate >= goal.minRequestsPerSecond && requestsPerSecond >= KEPT_UP_SHARE * offeredRate
      : requestsPerSecond >= goal.minRequestsPerSecond;
  return rateMet && p99Ms < (goal.maxP99Ms ?? Infinity);
}

const TIMEOUT_SECONDS = 10;

async function run(
  scenario: Scenario,
  options: RunOptions,
  seconds: number,
  statuses: Record<string, number>,
  samples: Record<string, string>,
): Promise<LoadResult> {
  const remaining = scenario.remaining?.();
  if (remaining !== undefined && remaining < options.connections)
    throw new Error(
      `${scenario.name}: only ${remaining} distinct requests left; prepare more users or campaigns`,
    );
  const onResponse = (status: number, body: string) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if ((status < 200 || status > 299) && samples[status] === undefined) samples[status] = body.slice(0, 300);
  };
  if (options.rate > 0)
    return runPacedLoad(scenario.request, {
      baseUrl: options.baseUrl,
      rate: options.rate,
      connections: options.connections,
      seconds,
      maxRequests: remaining,
      timeoutMs: TIMEOUT_SECONDS * 1000,
      onResponse,
    });
  const request: Request = { ...scenario.request, onResponse };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: seconds,
        // Submissions can be made once per user × campaign: stop before the pairs run out.
        ...(remaining !== undefined ? { maxOverallRequests: remaining } : {}),
        requests: [request],
        timeout: TIMEOUT_SECONDS,
      },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    );
  });
  return {
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    duration: result.duration,
    latency: result.latency,
  };
}

/** utime + stime of a process, all threads, in ms; undefined without /proc. */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The CPU time (ms) of each process `pids` names, by pid; undefined without them or without /proc. */
async function databaseCpuMs(pids: RunOptions['databasePids']): Promise<Map<number, number> | undefined> {
  const found = await pids?.();
  if (!found) return undefined;
  const cpu = new Map<number, number>();
  for (const pid of found) {
    const ms = cpuMsOf(pid);
    if (ms !== undefined) cpu.set(pid, ms);
  }
  return cpu;
}

/** USER_HZ: 100 on every Linux Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
