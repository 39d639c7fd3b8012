/**
 * Runs reconciliation on a timer in the process that runs the workers: one round at a time, and
 * one process at a time across all of them (a PostgreSQL advisory lock, held for the round).
 */
import { reconcilePayouts, type ReconcileDeps, type ReconcileReport } from './reconcile';

/** The advisory lock key of reconciliation (any constant: 'kpay' in ASCII). */
const RECONCILE_LOCK = 0x6b706179;

export interface Reconciliation {
  /** One round now (if no other process holds the lock); undefined when another one ran it. */
  runOnce(now?: Date): Promise<ReconcileReport | undefined>;
  stop(): Promise<void>;
}

export function startReconciliation(
  deps: ReconcileDeps,
  {
    olderThanSeconds,
    reversalWatchSeconds,
    everyMs,
  }: { olderThanSeconds: number; reversalWatchSeconds?: number; everyMs?: number },
): Reconciliation {
  const interval = everyMs ?? Math.min(60_000, Math.max(1_000, (olderThanSeconds * 1000) / 2));
  let running: Promise<ReconcileReport | undefined> | undefined;
  let stopped = false;

  async function round(now?: Date): Promise<ReconcileReport | undefined> {
    const client = await deps.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        RECONCILE_LOCK,
      ]);
      if (!rows[0]?.locked) return undefined;
      try {
        const report = await reconcilePayouts(deps, { olderThanSeconds, reversalWatchSeconds, now });
        if (report.asked > 0) deps.logger?.info({ reconciliation: report }, 'payouts reconciled');
        return report;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [RECONCILE_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  function runOnce(now?: Date) {
    running ??= round(now)
      .catch((error: unknown) => {
        deps.logger?.warn({ err: error }, 'payout reconciliation failed; it runs again on the next round');
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, interval);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
