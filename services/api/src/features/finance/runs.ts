/**
 * Finance's long jobs (verify, rebuild) as runs with live progress, kept in the database
 * (finance_runs) with who started them: a restart of the API keeps them, and every API process
 * lists the same runs. The process that runs one holds its advisory lock for as long as it runs;
 * a run left 'running' that no process holds reads 'interrupted' (its process died).
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@kobo/ledger';
import type { Logger, Pool, PoolClient } from '@kobo/platform';
import { staffNames } from '../admin/staff-names';
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
export type RunState = 'running' | 'succeeded' | 'failed' | 'interrupted';

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
  /** Who started it, by name (or email when they have none). */
  startedByName: string | null;
  result: VerifyReport | RebuildResult | null;
  error: string | null;
}

export class RunConflictError extends Error {
  override readonly name = 'RunConflictError';
}

/** How many runs the list shows, newest first. */
export const RECENT_RUNS = 20;
/** Progress callbacks come per batch; the run is updated at most this often (in memory)... */
const PROGRESS_EVERY_MS = 250;
/** ...and written to its row at most this often. */
const SAVE_EVERY_MS = 1000;
/** How often a caller waiting for another process's run looks at its row. */
const FINISHED_POLL_MS = 500;
/** The advisory lock class of a running run (the other key: hashtext(run_id)). */
const RUN_LOCK_CLASS = 741_004;
export const INTERRUPTED_STAGE = 'Interrupted: the API process stopped before the run finished';

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
  store: EventStore;
  logger: Logger;
}

interface RunRow {
  run_id: string;
  kind: RunKind;
  projection: string | null;
  state: RunState;
  stage: string;
  done: string | number;
  total: string | number;
  percent: number;
  started_at: Date;
  finished_at: Date | null;
  started_by: string;
  result: FinanceRun['result'];
  error: string | null;
  /** Whether a process holds the run's lock (it is really running). */
  held: boolean;
}

const SELECT_RUNS = `
  SELECT r.*, EXISTS (
           SELECT 1 FROM pg_locks l
            WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
              AND l.classid = ${RUN_LOCK_CLASS}
              AND l.objid = (hashtext(r.run_id)::bigint & 4294967295)::oid) AS held
  FROM finance_runs r`;

function toRun(row: RunRow): Omit<FinanceRun, 'startedByName'> {
  const interrupted = row.state === 'running' && !row.held;
  return {
    id: row.run_id,
    kind: row.kind,
    projection: row.projection,
    state: interrupted ? 'interrupted' : row.state,
    stage: interrupted ? INTERRUPTED_STAGE : row.stage,
    done: Number(row.done),
    total: Number(row.total),
    percent: row.percent,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    startedBy: row.started_by,
    result: row.result,
    error: row.error,
  };
}

export function createRunBook(deps: RunBookDeps) {
  /** This process's runs while they run: their progress is fresher here than in their rows. */
  const live = new Map<string, FinanceRun>();
  /** Each run's end, for a caller who waits for the result (GET /finance/verify). */
  const ends = new Map<string, Promise<FinanceRun>>();

  /**
   * Reads stored runs as answers, every starter named. This process's own runs come from memory,
   * taken before the read: one that finishes meanwhile is answered as it is now, never from a row
   * read before its outcome was written.
   */
  async function read(sql: string, params: unknown[] = []): Promise<FinanceRun[]> {
    const mine = new Map(live);
    const { rows } = await deps.pool.query<RunRow>(sql, params);
    const runs = rows.map((row) => mine.get(row.run_id) ?? toRun(row));
    const names = await staffNames(
      deps.pool,
      runs.map((run) => run.startedBy),
    );
    return runs.map((run) => ({ ...run, startedByName: names.get(run.startedBy) ?? null }));
  }

  const recent = () => read(`${SELECT_RUNS} ORDER BY r.started_at DESC, r.run_id LIMIT ${RECENT_RUNS}`);

  const get = async (id: string): Promise<FinanceRun | undefined> =>
    (await read(`${SELECT_RUNS} WHERE r.run_id = $1`, [id]))[0];

  /** Runs some process is running now (held), in any API process. */
  const running = async (): Promise<FinanceRun[]> =>
    (await read(`${SELECT_RUNS} WHERE r.state = 'running' ORDER BY r.started_at DESC`)).filter(
      (run) => run.state === 'running',
    );

  /** Starts are taken one at a time here, so two requests cannot both pass the checks. */
  let starting: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(start: () => Promise<T>): Promise<T> {
    const next = starting.then(start);
    starting = next.catch(() => undefined);
    return next;
  }

  async function begin(
    kind: RunKind,
    projection: string | null,
    startedBy: string,
    stage: string,
  ): Promise<{ run: FinanceRun; lock: PoolClient }> {
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
      startedByName: (await staffNames(deps.pool, [startedBy])).get(startedBy) ?? null,
      result: null,
      error: null,
    };
    // The lock first, then the row: a row never reads running without its lock held.
    const lock = await deps.pool.connect();
    lock.on('error', (error) => deps.logger.warn({ err: error, runId: run.id }, 'finance run lock lost'));
    try {
      await lock.query('SELECT pg_advisory_lock($1, hashtext($2))', [RUN_LOCK_CLASS, run.id]);
      await lock.query(
        `INSERT INTO finance_runs (run_id, kind, projection, state, stage, started_at, started_by)
         VALUES ($1, $2, $3, 'running', $4, $5, $6)`,
        [run.id, kind, projection, stage, run.startedAt, startedBy],
      );
    } catch (error) {
      lock.release(true);
      throw error;
    }
    live.set(run.id, run);
    return { run, lock };
  }

  function save(run: FinanceRun) {
    return deps.pool.query(
      `UPDATE finance_runs SET stage = $2, done = $3, total = $4, percent = $5 WHERE run_id = $1 AND state = 'running'`,
      [run.id, run.stage, run.done, run.total, run.percent],
    );
  }

  function progressOf(run: FinanceRun) {
    let saved = 0;
    return throttled(PROGRESS_EVERY_MS, (stage, done, total, percent) => {
      if (run.state !== 'running') return;
      Object.assign(run, { stage, done, total, percent: Math.max(run.percent, percent) });
      const now = Date.now();
      if (now - saved < SAVE_EVERY_MS) return;
      saved = now;
      save(run).catch((error: unknown) =>
        deps.logger.warn({ err: error, runId: run.id }, 'finance run progress not saved'),
      );
    });
  }

  function settle(run: FinanceRun, lock: PoolClient, work: Promise<FinanceRun['result']>) {
    const end = work
      .then(
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
      )
      .then(async () => {
        // The outcome is written before the lock goes, so the row never reads interrupted.
        try {
          await deps.pool.query(
            `UPDATE finance_runs SET state = $2, stage = $3, done = $4, total = $5, percent = $6,
                    finished_at = $7, result = $8, error = $9
             WHERE run_id = $1`,
            [
              run.id,
              run.state,
              run.stage,
              run.done,
              run.total,
              run.percent,
              run.finishedAt,
              run.result === null ? null : JSON.stringify(run.result),
              run.error,
            ],
          );
        } catch (error) {
          deps.logger.error({ err: error, runId: run.id }, 'finance run outcome not saved');
        } finally {
          live.delete(run.id);
          // Closing the connection releases its lock, whatever state it is in.
          lock.release(true);
        }
      });
    ends.set(
      run.id,
      end.then(() => {
        ends.delete(run.id);
        return run;
      }),
    );
  }

  /** The run once it has finished (at once when it already has; a run of another process is polled). */
  async function finished(run: FinanceRun): Promise<FinanceRun> {
    const here = ends.get(run.id);
    if (here) return here;
    let now: FinanceRun | undefined = run;
    while (now?.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, FINISHED_POLL_MS));
      now = await get(run.id);
    }
    return now ?? run;
  }

  function startVerify(startedBy: string): Promise<FinanceRun> {
    return oneAtATime(async () => {
      const now = await running();
      // verify reads the whole log: a second request while one runs gets that run.
      const verifying = now.find((run) => run.kind === 'verify');
      if (verifying) return verifying;
      // A swap in the middle of the comparison would show a difference that is not there.
      if (now.some((run) => run.kind === 'rebuild'))
        throw new RunConflictError('A rebuild is running; verify the ledger once it has finished.');
      const { run, lock } = await begin('verify', null, startedBy, 'Checking the hash chain');
      const progress = progressOf(run);
      const compareTotal = projections.length;
      let compared = 0;
      const started = Date.now();
      settle(
        run,
        lock,
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
    });
  }

  /** Throws RunConflictError when a verify, or a rebuild of any of the same projections, is running. */
  function startRebuild(projection: string, startedBy: string): Promise<FinanceRun> {
    return oneAtATime(async () => {
      const wanted = projection === 'all' ? projectionNames() : [projection];
      const now = await running();
      if (now.some((run) => run.kind === 'verify'))
        throw new RunConflictError(
          'The ledger is being verified; rebuild once the verification has finished.',
        );
      const clash = now.find(
        (run) =>
          run.kind === 'rebuild' && (run.projection === 'all' || wanted.includes(run.projection ?? '')),
      );
      if (clash) {
        const what = projection === 'all' ? 'every projection' : projection;
        throw new RunConflictError(
          `A rebuild of ${clash.projection === 'all' ? 'every projection' : clash.projection} is already running; wait for it to finish before rebuilding ${what}.`,
        );
      }
      const { run, lock } = await begin('rebuild', projection, startedBy, REBUILD_STAGES.project);
      const progress = progressOf(run);
      settle(
        run,
        lock,
        rebuild({
          pool: deps.pool,
          store: deps.store,
          projections: projectionsNamed(projection === 'all' ? 'all' : [projection]),
          onProgress: (p) => progress(REBUILD_STAGES[p.phase], p.position, p.head, rebuildPercent(p)),
        }).then(({ position, events, seconds }) => ({ position, events, seconds })),
      );
      return run;
    });
  }

  return {
    startVerify,
    startRebuild,
    get,
    finished,
    /** Newest first. */
    recent,
  };
}

export type RunBook = ReturnType<typeof createRunBook>;
