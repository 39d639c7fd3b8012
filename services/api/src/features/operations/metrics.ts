/**
 * The product's own Prometheus series, computed at scrape time (a gauge's collect), so nothing
 * runs between scrapes: lag per consumer of the log (projectors and reactors; the projectors'
 * also under their first name, kobo_projection_lag_events), job counts per queue and state, and
 * payouts (withdrawals) by state from the withdrawals read model. The database reads are kept
 * for a few seconds (`cacheMs`): however often /metrics is scraped, the withdrawals GROUP BY and
 * the projector status run at most once per period.
 */
import { Gauge, type Registry } from 'prom-client';
import type { JobQueue } from '@kobo/jobs';
import type { ApiContext } from '../../context';
import { withdrawalsByStatus as withdrawalsOfEachStatus } from '@kobo/projector';

/** The last answer of `read` for `ms`; scrapes at the same moment share one read. */
export function keptFor<T>(ms: number, read: () => Promise<T>, now = () => Date.now()): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!kept || now() - kept.at >= ms) {
      const value = read();
      kept = { at: now(), value };
      // A failed read is not kept: the next scrape tries again.
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
}

export const METRICS_CACHE_MS = 10_000;

export function registerProductMetrics(
  registry: Registry,
  context: Pick<ApiContext, 'pool' | 'projectors' | 'reactors' | 'logger' | 'writes'>,
  queues: JobQueue<unknown>[] = [],
  cacheMs = METRICS_CACHE_MS,
): void {
  const projectorStatus = keptFor(cacheMs, () => context.projectors.status());
  const reactorStatus = keptFor(cacheMs, () => context.reactors.status());
  const jobCounts = keptFor(cacheMs, () =>
    Promise.all(
      queues.map(async (queue) => ({
        queue: queue.name,
        states: await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
      })),
    ),
  );
  const withdrawalsByStatus = keptFor(cacheMs, () => withdrawalsOfEachStatus(context.pool));

  new Gauge({
    name: 'kobo_projection_lag_events',
    help: 'Events in the log not yet applied by each projector',
    labelNames: ['projector', 'state'] as const,
    registers: [registry],
    async collect() {
      const statuses = await projectorStatus();
      this.reset();
      for (const p of statuses) this.set({ projector: p.name, state: p.state }, p.lag);
    },
  });

  // Every consumer on the one runtime, with the same series: how far behind, in which state, and
  // whether it is stopped at a poison event.
  new Gauge({
    name: 'kobo_consumer_lag_events',
    help: 'Events in the log not yet handled by each consumer (projector or reactor)',
    labelNames: ['consumer', 'kind', 'state'] as const,
    registers: [registry],
    async collect() {
      const statuses = [...(await projectorStatus()), ...(await reactorStatus())];
      this.reset();
      for (const c of statuses) this.set({ consumer: c.name, kind: c.kind, state: c.state }, c.lag);
    },
  });

  new Gauge({
    name: 'kobo_consumer_failed',
    help: 'Whether each consumer (projector or reactor) is stopped at a poison event (1) or not (0)',
    labelNames: ['consumer', 'kind'] as const,
    registers: [registry],
    async collect() {
      const statuses = [...(await projectorStatus()), ...(await reactorStatus())];
      this.reset();
      for (const c of statuses) this.set({ consumer: c.name, kind: c.kind }, c.failure ? 1 : 0);
    },
  });

  new Gauge({
    name: 'kobo_reads_waiting_for_writes',
    help: "Signed-in reads waiting for the projections to reach their reader's last write",
    registers: [registry],
    collect() {
      this.set(context.writes.waiting());
    },
  });

  new Gauge({
    name: 'kobo_queue_jobs',
    help: 'Jobs per queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const counts = await jobCounts();
      this.reset();
      for (const { queue, states } of counts)
        for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
    },
  });

  new Gauge({
    name: 'kobo_withdrawals',
    help: 'Withdrawals (payouts) by state, and their total in kobo',
    labelNames: ['status', 'measure'] as const,
    registers: [registry],
    async collect() {
      const rows = await withdrawalsByStatus();
      this.reset();
      for (const row of rows) {
        this.set({ status: row.status, measure: 'count' }, row.n);
        this.set({ status: row.status, measure: 'kobo' }, Number(row.total));
      }
    },
  });
}
