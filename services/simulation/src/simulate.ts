/**
 * The bank test: seeded clients drive the real HTTP API while the projectors, the job workers and
 * the API itself are stopped and restarted at seeded moments; after every step and at the end the
 * ledger's invariants are checked. See docs/runbooks/simulation.md.
 *
 * Determinism: every choice (who acts, what, with which amounts and keys, which request is sent
 * again, which process dies and when) comes from one mulberry32 stream seeded by `seed`, and the
 * clients choose only from what the ledger holds after the previous step. Steps run one at a time
 * (the only concurrency is a request racing the kill of its own API), so a seed replays the same
 * schedule of operations and faults in the same order. What may differ between two runs of a seed
 * is timing: how far a request got before its API died, and where background events (a proof
 * verified) fall in the log. The schedule's fingerprint (printed) shows two runs did the same.
 */
import { projections, verify } from '@kobo/projector';
import type { Pool } from '@kobo/platform';
import { actions, weights } from './actions';
import { erasureCaughtUp, erasureChecks } from './erasure-checks';
import {
  payoutChecks,
  payoutFigures,
  settlePayouts,
  type PayoutFigures,
  type PayoutProviderName,
} from './provider';
import { SimulationRun } from './run';
import type { ProcessKind } from './system';

export interface SimulationOptions {
  seed: number;
  steps: number;
  pool: Pool;
  databaseUrl: string;
  /** Chance per step that a process is killed (default 0.05). */
  faultRate?: number;
  /** Who pays approved withdrawals: finance by hand (default), or Paystack (its local double). */
  provider?: PayoutProviderName;
  onProgress?: (step: number, result: SimulationResult) => void;
}

export interface SimulationResult {
  seed: number;
  steps: number;
  provider: PayoutProviderName;
  stepsRun: number;
  commands: Record<string, number>;
  /** Requests sent again: after a lost answer or a 5xx (retries), or on purpose with the same key (duplicates). */
  retries: number;
  duplicates: number;
  kills: Record<ProcessKind, number>;
  /** Accounts deleted (and so erased), and deletions refused while a withdrawal was in flight. */
  deletions: { erased: number; refusedInFlight: number };
  events: number;
  durationMs: number;
  /** sha256 of the schedule (operations and faults, in order), to compare two runs of a seed. */
  fingerprint: string;
  checks: { name: string; ok: boolean; detail: string }[];
  /** Answers that were not what a client would hope for, though every invariant held (by kind). */
  findings: Record<string, number>;
  /** With Paystack: what the double did to the payouts and how they ended. */
  payouts?: PayoutFigures;
  /** The first broken invariant, with the step it was seen at. */
  violation?: string;
}

export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const started = Date.now();
  const run = await SimulationRun.start(options);
  try {
    await run.watch.catchUp();
    for (run.step = 1; run.step <= options.steps && !run.result.violation; run.step++) await runStep(run);
    run.step = options.steps;
    await bringEverythingBack(run);
    await verifyTheEnd(run);
  } catch (error) {
    run.violate(`the simulation itself failed: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await closeRun(run);
  }
  return figures(run, started);
}

/** One step: the restarts that are due, perhaps a new fault, one client action, then the invariants. */
async function runStep(run: SimulationRun): Promise<void> {
  const { rng, system, step } = run;
  await restartWhatIsDue(run);
  const killApiAfterMs = await maybeFault(run);
  const action = rng.weighted(weights(run));
  await actions[action](run, killApiAfterMs);
  if (killApiAfterMs !== undefined && !system.running('api')) await system.start('api');
  await checkAfterStep(run);
  run.result.stepsRun = step;
  if (step % 100 === 0) run.options.onProgress?.(step, run.result);
}

async function restartWhatIsDue(run: SimulationRun): Promise<void> {
  const { restartAt, system, schedule, step } = run;
  for (const [kind, at] of restartAt)
    if (at <= step) {
      restartAt.delete(kind);
      await system.start(kind);
      schedule.update(`${step}|start ${kind}\n`);
    }
}

/**
 * A seeded fault: the projectors or the jobs stopped for a few steps, or the API killed while this
 * step's request is in flight (returned: after how many ms).
 */
async function maybeFault(run: SimulationRun): Promise<number | undefined> {
  const { faults, system, schedule, result, restartAt, step } = run;
  let killApiAfterMs: number | undefined;
  if (faults.chance(run.faultRate)) {
    const kind = faults.pick(['projectors', 'jobs', 'api'] as const);
    const down = faults.int(1, 4);
    if (kind === 'api') killApiAfterMs = faults.int(0, 40);
    else if (system.running(kind)) {
      result.kills[kind]++;
      await system.stop(kind);
      restartAt.set(kind, step + down);
      schedule.update(`${step}|kill ${kind} for ${down} steps\n`);
    }
  }
  return killApiAfterMs;
}

/** After every step: the ledger's invariants (LedgerWatch), and no read-model balance below zero. */
async function checkAfterStep(run: SimulationRun): Promise<void> {
  await run.watch.catchUp();
  if (run.watch.violations.length) run.violate(run.watch.violations[0]!);
  const negative = await readModelNegatives(run.options.pool);
  if (negative) run.violate(negative);
}

async function readModelNegatives(pool: Pool): Promise<string | undefined> {
  const { rows } = await pool.query<{ account: string; balance: string }>(
    `SELECT account, balance FROM account_balances
     WHERE balance < 0 AND (account LIKE 'user:%' OR account LIKE 'campaign:%') LIMIT 1`,
  );
  return rows[0] && `read model balance of ${rows[0].account} below zero: ${rows[0].balance}`;
}

/**
 * The end: everything running again, every deleted account erased and, with Paystack, every
 * payout that can settle settled.
 */
async function bringEverythingBack(run: SimulationRun): Promise<void> {
  const { system, paystack, watch } = run;
  for (const kind of ['projectors', 'jobs', 'api'] as const) await system.start(kind);
  // The erasure reactor (with the jobs) has erased every account deleted.
  const erasing = await erasureCaughtUp(run);
  if (erasing) run.violate(erasing);
  if (paystack) {
    // Every payout that can settle does (webhooks, reconciliation); those left pending at the
    // double on purpose stay Sending. Then the workers stop, so `verify` compares a quiet log.
    const waiting = await settlePayouts(paystack, watch);
    if (waiting.length)
      run.violate(
        `${waiting.length} payouts did not settle: ${waiting
          .slice(0, 3)
          .map(
            (w) =>
              `${w.withdrawalId} ${w.status}, at the double ${paystack.transfer(w.withdrawalId)?.status ?? 'no transfer'}`,
          )
          .join('; ')}`,
      );
    await system.stop('jobs');
  }
}

/**
 * The projectors caught up, then the whole ledger checked, every withdrawal requested, decided and
 * settled at most once, and every deleted account erased (erasure-checks.ts).
 */
async function verifyTheEnd(run: SimulationRun): Promise<void> {
  const { options, system, watch, paystack, result } = run;
  await catchUpProjectors(options.pool, await system.store.headPosition());
  await watch.catchUp();
  if (watch.violations.length) run.violate(watch.violations[0]!);
  result.checks = await verify({ pool: options.pool, store: system.store, projections });
  if (paystack) result.checks.push(...payoutChecks(paystack, watch));
  result.checks.push(...(await erasureChecks(run)));
  const failed = result.checks.find((check) => !check.ok);
  if (failed)
    run.violate(
      `${/^(payouts|erasure):/.test(failed.name) ? '' : 'ledger verify: '}${failed.name}: ${failed.detail}`,
    );
  for (const w of watch.withdrawals.values())
    if (w.requested !== 1 || w.decided > 1 || w.settled > 1)
      run.violate(
        `withdrawal ${w.withdrawalId}: requested ${w.requested}, decided ${w.decided}, settled ${w.settled} times`,
      );
}

async function closeRun(run: SimulationRun): Promise<void> {
  const { system, paystack, result, watch } = run;
  await system.close().catch(() => undefined);
  if (paystack) {
    result.payouts = payoutFigures(paystack, watch);
    await paystack.close();
  }
}

function figures(run: SimulationRun, started: number): SimulationResult {
  const { result } = run;
  result.events = run.watch.events;
  result.fingerprint = run.schedule.digest('hex').slice(0, 16);
  result.durationMs = Date.now() - started;
  return result;
}

/** Waits until every projector's checkpoint has reached `head` (the table also holds the reactors'). */
async function catchUpProjectors(pool: Pool, head: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { rows } = await pool.query<{ behind: string }>(
      'SELECT count(*) AS behind FROM projection_checkpoints WHERE position < $1 AND projector = ANY($2::text[])',
      [head, projections.map((p) => p.name)],
    );
    if (Number(rows[0]!.behind) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the projectors did not reach position ${head} within ${timeoutMs} ms`);
}
