/** One scenario under autocannon: a warm-up whose numbers are dropped, then the measured run. */
import { readFileSync } from 'node:fs';
import autocannon, { type Request, type Result } from 'autocannon';
import type { Goal, Scenario } from './scenarios';

export interface RunOptions {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** The service's process: its CPU time over the measured run is reported per request (Linux). */
  servicePid?: number;
}

export interface ScenarioResult {
  name: string;
  route: string;
  connections: number;
  durationSeconds: number;
  /** Every answer, 2xx or not. */
  requests: number;
  /** 2xx answers per second: the figure the goals are about. */
  requestsPerSecond: number;
  /** Latency of the 2xx answers (autocannon records whole milliseconds). */
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
    if (failed > 0.5 * (warm['2xx'] + failed))
      throw new Error(
        `${scenario.name}: the warm-up failed (${warm['2xx']} ok, statuses ${JSON.stringify(warmStatuses)}, ` +
          `${warm.errors} errors, ${warm.timeouts} timeouts): ${JSON.stringify(warmSamples)}`,
      );
  }
  const statuses: Record<string, number> = {};
  const samples: Record<string, string> = {};
  const cap = scenario.remaining?.();
  const cpuBefore = cpuMsOf(options.servicePid);
  const result = await run(scenario, options, options.durationSeconds, statuses, samples);
  const cpuAfter = cpuMsOf(options.servicePid);
  const ok = result['2xx'];
  const answered = ok + result.non2xx;
  const requestsPerSecond = result.duration > 0 ? ok / result.duration : 0;
  const p99Ms = result.latency.p99;
  return {
    name: scenario.name,
    route: scenario.route,
    connections: options.connections,
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
    ...(scenario.goal
      ? {
          goal: {
            ...scenario.goal,
            met:
              requestsPerSecond >= scenario.goal.minRequestsPerSecond &&
              p99Ms < (scenario.goal.maxP99Ms ?? Infinity),
          },
        }
      : {}),
  };
}

function run(
  scenario: Scenario,
  options: RunOptions,
  seconds: number,
  statuses: Record<string, number>,
  samples: Record<string, string>,
): Promise<Result> {
  const remaining = scenario.remaining?.();
  if (remaining !== undefined && remaining < options.connections)
    throw new Error(
      `${scenario.name}: only ${remaining} distinct requests left; prepare more users or campaigns`,
    );
  const request: Request = {
    ...scenario.request,
    onResponse: (status, body) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if ((status < 200 || status > 299) && samples[status] === undefined)
        samples[status] = body.slice(0, 300);
    },
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: seconds,
        // Submissions can be made once per user × campaign: stop before the pairs run out.
        ...(remaining !== undefined ? { maxOverallRequests: remaining } : {}),
        requests: [request],
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
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

/** USER_HZ: 100 on every Linux Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
