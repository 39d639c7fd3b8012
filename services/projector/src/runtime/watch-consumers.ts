/**
 * Consumers as a process that does not run them sees them (an API process without the
 * `projectors` or `workers` role): their stored checkpoint, lag and open failure, and whether any
 * process leads them (the leadership advisory lock in `pg_locks`). `watchProjectors` adds the
 * read-your-writes wait, on the checkpoints the projectors' processes NOTIFY.
 */
import type { EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { projections as allProjections } from '../read-models';
import type { Consumer } from './consumer';
import { statusFailureOf, type ConsumersHandle, type ConsumerStatus } from './start-consumers';
import type { ProjectorsHandle } from './start-projectors';
import { LEADER_LOCK_CLASS } from './sql';
import { readConsumerStatus } from './status';
import { createCheckpointWaiter } from './wait-for';

export type WatchedConsumer = Pick<Consumer, 'name' | 'kind' | 'description'>;

/** The names among `names` whose leadership lock some process holds. */
async function ledNames(pool: Pool, names: readonly string[]): Promise<Set<string>> {
  // A two-key advisory lock shows its keys as classid and objid (an oid: hashtext's int4, unsigned);
  // pg_locks lists every database's locks, and advisory locks are per database.
  const { rows } = await pool.query<{ name: string }>(
    `SELECT name FROM unnest($1::text[]) AS name
      WHERE EXISTS (SELECT 1 FROM pg_locks
                     WHERE locktype = 'advisory' AND granted AND objsubid = 2
                       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                       AND classid = ${LEADER_LOCK_CLASS}
                       AND objid = (hashtext(name)::bigint & 4294967295)::oid)`,
    [names],
  );
  return new Set(rows.map((row) => row.name));
}

/**
 * Status of consumers run elsewhere: `failed` at an open failure, `stopped` when no process leads
 * it, otherwise `catching-up` or `idle` by its lag. `leader` is always false (not this process).
 */
export function watchConsumers(
  pool: Pool,
  store: EventStore,
  consumers: readonly WatchedConsumer[],
): ConsumersHandle {
  const names = consumers.map((consumer) => consumer.name);
  return {
    async status(): Promise<ConsumerStatus[]> {
      const [stored, led] = await Promise.all([
        readConsumerStatus(pool, store, names),
        ledNames(pool, names),
      ]);
      return stored.map((row, index) => ({
        name: row.name,
        kind: consumers[index]!.kind,
        description: consumers[index]!.description,
        state: row.failure ? 'failed' : !led.has(row.name) ? 'stopped' : row.lag ? 'catching-up' : 'idle',
        leader: false,
        position: row.position,
        head: row.head,
        lag: row.lag,
        failure: statusFailureOf(row.failure),
        lastError: null,
      }));
    },
    stop: async () => undefined,
  };
}

/** The projectors' handle in a process that does not run them: their status and the read-your-writes wait. */
export async function watchProjectors(options: {
  pool: Pool;
  store: EventStore;
  pollIntervalMs?: number;
}): Promise<ProjectorsHandle> {
  const watched = watchConsumers(
    options.pool,
    options.store,
    allProjections.map((projection) => ({
      kind: 'projection' as const,
      name: projection.name,
      description: projection.description,
    })),
  );
  const waiter = await createCheckpointWaiter(options.pool, {
    pollIntervalMs: options.pollIntervalMs ?? 1000,
  });
  return {
    waitFor: (position, names, timeoutMs) => waiter.waitFor(position, names, timeoutMs),
    status: () => watched.status(),
    stop: () => waiter.close(),
  };
}
