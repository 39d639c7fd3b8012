/**
 * Finance's long jobs (verify, rebuild) as runs with live progress, kept in this process's memory:
 * a restart forgets them (the distributed mode will keep them in the database).
 */
import { randomUUID } from 'node:crypto';
import type { PostgresEventStore } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import {
  projections,
  projectionsNamed,
  rebuild,
  RebuildBusyError,
  verify,
  type RebuildProgress,
  type RebuildResult,
  type VerifyCheck,
} from '@kobo/projector';

export type RunKind = 'verify' | 'rebuild';
export type RunState = 'running' | 'succeeded' | 'failed';

export interface VerifyReport {
  ok: boolean;
  checks: VerifyCheck[];
  startedAt: string;
  finishedAt: string;
  durationMs: number;
}

export interface FinanceRun {
  id: string;
  kind: RunKind;
  /** The projection rebuilt ('all' for every one); null for verify. */
  projection: string | null;
  state: RunState;
  stage: string;
  done: number;
  total: number;
  /** 0-100 over the whole run, not just the current stage. */
  percent: number;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  result: VerifyReport | RebuildResult | null;
  error: string | null;
}

export class RunConflictError extends Error {
  override readonly name = 'RunConflictError';
}

/** How many finished runs are remembered (running ones are always kept). */
export const RECENT_RUNS = 20;
/** Progress callbacks come per batch; the run is updated at most this often. */
const PROGRESS_EVERY_MS = 250;

export const projectionNames = (): string[] => projections.map((p) => p.name);

/** Applies `apply` at most every `ms`, except that a change of stage applies at once. */
function throttled(ms: number, apply: (stage: string, done: number, total: number, percent: number) => void) {
  let last = 0;
  let lastStage = '';
  return (stage: string, done: number, total: number, percent: number) => {
    const now = Date.now();
    if (stage === lastStage && now - last < ms) return;
    last = now;
    lastStage = stage;
    apply(stage, done, total, percent);
  };
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const share = (done: number, total: number) => (total > 0 ? Math.min(1, done / total) : 0);

/** Verify's stages and their part of the whole: the hash chain, the shadow rebuild, the comparisons. */
function verifyPercent(stage: string, done: number, total: number): number {
  if (stage === 'Checking the hash chain') return clamp(30 * share(done, total));
  if (stage === 'Rebuilding the read models in shadow tables') return clamp(30 + 50 * share(done, total));
  return clamp(80 + 19 * share(done, total));
}

const REBUILD_STAGES: Record<RebuildProgress['phase'], string> = {
  project: 'Projecting the log into fresh tables',
  index: 'Building indexes',
  'catch-up': 'Catching up with new events',
  swap: 'Swapping the tables in',
};

function rebuildPercent(progress: RebuildProgress): number {
  const part = share(progress.position, progress.head);
  switch (progress.phase) {
    case 'project':
      return clamp(85 * part);
    case 'index':
      return 88;
    case 'catch-up':
      return clamp(90 + 7 * part);
    case 'swap':
      return 98;
  }
}

export interface RunBookDeps {
  pool: Pool;
  store: PostgresEventStore;
  logger: Logger;
}

export function createRunBook(deps: RunBookDeps) {
  const runs: FinanceRun[] = [];

  function remember(run: FinanceRun) {
    runs.unshift(run);
    // Forget the oldest finished runs beyond the limit.
    for (let i = runs.length - 1; runs.length > RECENT_RUNS && i >= 0; i--)
      if (runs[i]!.state !== 'running') runs.splice(i, 1);
  }

  function begin(kind: RunKind, projection: string | null, startedBy: string, stage: string): FinanceRun {
    const run: FinanceRun = {
      id: randomUUID(),
      kind,
      projection,
      state: 'running',
      stage,
      done: 0,
      total: 0,
      percent: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      startedBy,
      result: null,
      error: null,
    };
    remember(run);
    return run;
  }

  function progressOf(run: FinanceRun) {
    return throttled(PROGRESS_EVERY_MS, (stage, done, total, percent) => {
      if (run.state !== 'running') return;
      Object.assign(run, { stage, done, total, percent: Math.max(run.percent, percent) });
    });
  }

  /** Each run's end, for a caller who waits for the result (GET /finance/verify). */
  const ends = new Map<string, Promise<FinanceRun>>();

  function settle(run: FinanceRun, work: Promise<FinanceRun['result']>) {
    const end = work.then(
      (result) => {
        Object.assign(run, {
          state: 'succeeded',
          stage: 'Finished',
          percent: 100,
          result,
          finishedAt: new Date().toISOString(),
        });
      },
      (error: unknown) => {
        deps.logger.error({ err: error, runId: run.id, kind: run.kind }, 'finance run failed');
        Object.assign(run, {
          state: 'failed',
          stage: 'Failed',
          error:
            error instanceof RebuildBusyError
              ? `A rebuild of ${error.projection} is already running (in another process).`
              : error instanceof Error
                ? error.message
                : String(error),
          finishedAt: new Date().toISOString(),
        });
      },
    );
    ends.set(
      run.id,
      end.then(() => {
        ends.delete(run.id);
        return run;
      }),
    );
  }

  const runningOf = (kind: FinanceRun['kind']) =>
    runs.find((run) => run.kind === kind && run.state === 'running');

  function startVerify(startedBy: string): FinanceRun {
    // verify reads the whole log: a second request while one runs gets that run.
    const running = runningOf('verify');
    if (running) return running;
    // A swap in the middle of the comparison would show a difference that is not there.
    if (runningOf('rebuild'))
      throw new RunConflictError('A rebuild is running; verify the ledger once it has finished.');
    const run = begin('verify', null, startedBy, 'Checking the hash chain');
    const progress = progressOf(run);
    const compareTotal = projections.length;
    let compared = 0;
    const started = Date.now();
    settle(
      run,
      (async () => {
        const checks = await verify({
          pool: deps.pool,
          store: deps.store,
          projections,
          onProgress: (stage, done, total) => {
            const text =
              stage === 'hash chain'
                ? 'Checking the hash chain'
                : 'Rebuilding the read models in shadow tables';
            progress(text, done, total, verifyPercent(text, done, total));
          },
          onCheck: (check) => {
            if (!check.name.startsWith('read model ')) return;
            compared += 1;
            const text = 'Comparing each read model with its rebuild';
            progress(text, compared, compareTotal, verifyPercent(text, compared, compareTotal));
          },
        });
        const finished = Date.now();
        return {
          ok: checks.every((check) => check.ok),
          checks,
          startedAt: new Date(started).toISOString(),
          finishedAt: new Date(finished).toISOString(),
          durationMs: finished - started,
        };
      })(),
    );
    return run;
  }

  /** Throws RunConflictError when a rebuild of any of the same projections is running here. */
  function startRebuild(projection: string, startedBy: string): FinanceRun {
    const wanted = projection === 'all' ? projectionNames() : [projection];
    const clash = runs.find(
      (run) =>
        run.kind === 'rebuild' &&
        run.state === 'running' &&
        (run.projection === 'all' || wanted.includes(run.projection ?? '')),
    );
    if (runningOf('verify'))
      throw new RunConflictError('The ledger is being verified; rebuild once the verification has finished.');
    if (clash) {
      const what = projection === 'all' ? 'every projection' : projection;
      throw new RunConflictError(
        `A rebuild of ${clash.projection === 'all' ? 'every projection' : clash.projection} is already running; wait for it to finish before rebuilding ${what}.`,
      );
    }
    const run = begin('rebuild', projection, startedBy, REBUILD_STAGES.project);
    const progress = progressOf(run);
    settle(
      run,
      rebuild({
        pool: deps.pool,
        store: deps.store,
        projections: projectionsNamed(projection === 'all' ? 'all' : [projection]),
        onProgress: (p) => progress(REBUILD_STAGES[p.phase], p.position, p.head, rebuildPercent(p)),
      }).then(({ position, events, seconds }) => ({ position, events, seconds })),
    );
    return run;
  }

  return {
    startVerify,
    startRebuild,
    get: (id: string) => runs.find((run) => run.id === id),
    /** The run once it has finished (at once when it already has). */
    finished: (run: FinanceRun): Promise<FinanceRun> => ends.get(run.id) ?? Promise.resolve(run),
    /** Newest first. */
    recent: () => runs.slice(0, RECENT_RUNS),
  };
}

export type RunBook = ReturnType<typeof createRunBook>;
