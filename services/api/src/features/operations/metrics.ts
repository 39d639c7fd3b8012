/**
 * The product's own Prometheus series, computed at scrape time (a gauge's collect), so nothing
 * runs between scrapes: projection lag per projector, job counts per queue and state, and
 * payouts (withdrawals) by state from the withdrawals read model.
 */
import { Gauge, type Registry } from 'prom-client';
import type { JobQueue } from '@kobo/jobs';
import type { ApiContext } from '../../context';

export function registerProductMetrics(
  registry: Registry,
  context: Pick<ApiContext, 'pool' | 'projectors' | 'logger'>,
  queues: JobQueue<unknown>[] = [],
): void {
  new Gauge({
    name: 'kobo_projection_lag_events',
    help: 'Events in the log not yet applied by each projector',
    labelNames: ['projector', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const p of await context.projectors.status())
        this.set({ projector: p.name, state: p.state }, p.lag);
    },
  });

  new Gauge({
    name: 'kobo_queue_jobs',
    help: 'Jobs per queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of queues) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
        for (const [state, count] of Object.entries(counts)) this.set({ queue: queue.name, state }, count);
      }
    },
  });

  new Gauge({
    name: 'kobo_withdrawals',
    help: 'Withdrawals (payouts) by state, and their total in kobo',
    labelNames: ['status', 'measure'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await context.pool.query<{ status: string; n: number; total: number }>(
        `SELECT status, count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS total
           FROM withdrawals GROUP BY status`,
      );
      for (const row of rows) {
        this.set({ status: row.status, measure: 'count' }, row.n);
        this.set({ status: row.status, measure: 'kobo' }, Number(row.total));
      }
    },
  });
}
