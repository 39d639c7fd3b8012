/**
 * rebuild <projection|all>: project the whole log into fresh shadow tables while the live tables
 * keep serving, catch up, then swap them in under each projector's batch lock (so the swap never
 * interleaves with a live batch) and set the checkpoints to the rebuilt position.
 */
import type { PoolClient } from 'pg';
import type { EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { Projection } from '../projection';
import { advanceCheckpoint } from '../runtime/checkpoints';
import { resolveFailures } from '../runtime/failures';
import { checkout, type CheckedOut } from '../runtime/checkout';
import { BATCH_LOCK, TRY_REBUILD_LOCK } from '../runtime/sql';
import { eventSourceFor, type EventSource } from './event-source';
import { projectRange, type RangeProgress } from './project-range';
import {
  createShadowTables,
  dropShadowTables,
  finishShadowTables,
  shadowNamer,
  swapTable,
} from './shadow-tables';

export const REBUILD_SUFFIX = 'rebuild';

export class RebuildBusyError extends Error {
  override readonly name = 'RebuildBusyError';
  constructor(readonly projection: string) {
    super(`a rebuild of ${projection} is already running`);
  }
}

export interface RebuildProgress extends RangeProgress {
  /** The log head when the pass started: what `position` is heading for. */
  head: number;
  phase: 'project' | 'index' | 'catch-up' | 'swap';
}

export interface RebuildOptions {
  pool: Pool;
  store: EventStore;
  projections: readonly Projection[];
  /** Where to read the log (default: the lean PostgreSQL reader when the events are in this database). */
  source?: EventSource;
  /** Events per batch (default 50,000: bigger batches merge more changes per row). */
  batchSize?: number;
  /** Connections writing shadow tables at once (default 2); one more reads the log. */
  writers?: number;
  /** Stop catching up outside the lock once the remaining lag is at most this (default 1000). */
  swapLag?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildResult {
  position: number;
  events: number;
  seconds: number;
}

export function tablesOf(projections: readonly Projection[]): string[] {
  return projections.flatMap((projection) => projection.tables.map((table) => table.name));
}

/** Runs `work` for each item on the given clients in parallel, one item per client at a time. */
async function spread<T>(
  clients: readonly PoolClient[],
  items: readonly T[],
  work: (client: PoolClient, item: T) => Promise<void>,
) {
  const queue = [...items];
  const outcomes = await Promise.allSettled(
    clients.map(async (client) => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(client, item);
    }),
  );
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
}

export async function rebuild(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, store, projections, onProgress } = options;
  const started = process.hrtime.bigint();
  const tables = tablesOf(projections);
  const tableName = shadowNamer(REBUILD_SUFFIX);
  const swapLag = options.swapLag ?? 1000;
  const source = options.source ?? (await eventSourceFor(pool, store));
  const checkedOut: CheckedOut[] = [];
  const clients: PoolClient[] = [];
  try {
    for (let i = 0; i < Math.max(1, options.writers ?? 2); i++) {
      const held = await checkout(pool);
      checkedOut.push(held);
      const client = held.client;
      clients.push(client);
      // Shadow tables are disposable: a crash means running the rebuild again, so skip the fsync wait.
      await client.query('SET synchronous_commit = off');
    }
    const [client, ...writers] = clients as [PoolClient, ...PoolClient[]];
    // Held until this session ends (the clients are destroyed afterwards, releasing it).
    for (const projection of projections) {
      const { rows } = await client.query<{ acquired: boolean }>(TRY_REBUILD_LOCK, [projection.name]);
      if (!rows[0]?.acquired) throw new RebuildBusyError(projection.name);
    }
    await createShadowTables(client, tables, REBUILD_SUFFIX);

    let position = 0;
    let events = 0;
    for (let phase: RebuildProgress['phase'] = 'project'; ; phase = 'catch-up') {
      const head = await source.headPosition();
      if (phase === 'catch-up' && head - position <= swapLag) break;
      const reached = await projectRange({
        source,
        client,
        writers,
        tableName,
        batchSize: options.batchSize ?? 50_000,
        targets: projections.map((projection) => ({ projection, after: position, upTo: Infinity })),
        onBatch: (progress) => onProgress?.({ ...progress, events: events + progress.events, head, phase }),
      });
      position = reached.position;
      events += reached.events;
      if (phase === 'project') {
        onProgress?.({ position, events, head, phase: 'index' });
        await spread(clients, tables, (writer, table) => finishShadowTables(writer, [table], REBUILD_SUFFIX));
      } else if (reached.events === 0) break;
    }

    // The swap: one short transaction holding every rebuilt projector's batch lock.
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '30s'`);
    for (const name of projections.map((projection) => projection.name).sort())
      await client.query(BATCH_LOCK, [name]);
    const last = await projectRange({
      source,
      client,
      tableName,
      batchSize: options.batchSize,
      targets: projections.map((projection) => ({ projection, after: position, upTo: Infinity })),
    });
    position = last.position;
    events += last.events;
    onProgress?.({ position, events, head: position, phase: 'swap' });
    for (const table of tables) await swapTable(client, table, REBUILD_SUFFIX);
    for (const projection of projections) await advanceCheckpoint(client, projection.name, position, true);
    await resolveFailures(
      client,
      projections.map((projection) => projection.name),
      position,
    );
    await client.query('COMMIT');
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { position, events, seconds };
  } catch (error) {
    const client = clients[0];
    if (client && !(error instanceof RebuildBusyError)) {
      await client.query('ROLLBACK').catch(() => undefined);
      await dropShadowTables(client, tables, REBUILD_SUFFIX).catch(() => undefined);
    }
    throw error;
  } finally {
    // Destroyed, not returned: the session's rebuild locks go with it.
    for (const held of checkedOut) held.release(true);
  }
}
