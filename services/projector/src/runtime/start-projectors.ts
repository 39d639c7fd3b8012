/**
 * Runs every projection as a live projector in this process. Across processes, one instance of a
 * projector applies batches at a time: the one holding its leadership advisory lock; the others
 * wait as followers and take over when its connection goes.
 */
import type { EventStore } from '@kobo/ledger';
import type { Pool, Logger } from '@kobo/platform';
import type { Projection } from '../projection';
import { projections as allProjections } from '../projections';
import { ensureCheckpoints } from './checkpoints';
import { DedicatedClient } from './dedicated-client';
import { Projector, type ProjectorHooks, type ProjectorState } from './projector';
import { limiter, Signal, sleep } from './signal';
import { EVENTS_CHANNEL, TRY_LEADER_LOCK } from './sql';
import { readProjectorStatus } from './status';
import { createCheckpointWaiter, type CheckpointWaiter } from './wait-for';

export interface StartProjectorsOptions {
  pool: Pool;
  store: EventStore;
  logger: Logger;
  projections?: readonly Projection[];
  /** Events per batch (default 1000). */
  batchSize?: number;
  /** While catching up, batches double up to this size (default 10 × batchSize). */
  maxBatchSize?: number;
  /** Safety-net poll when no notification arrives (default 1000 ms). */
  pollIntervalMs?: number;
  /** How often a follower tries to take leadership (default 2000 ms). */
  leaderRetryMs?: number;
  /** Back-off after a failure: doubles from min to max (default 500 ms .. 60 s). */
  retryDelayMs?: { min: number; max: number };
  /** Projectors writing at the same time (default 4), so they leave the rest of the pool to the API. */
  concurrency?: number;
  hooks?: ProjectorHooks;
}

export interface ProjectorStatus {
  name: string;
  state: ProjectorState;
  /** Whether this process is the projector's live instance. */
  leader: boolean;
  position: number;
  head: number;
  lag: number;
  failure: {
    globalPosition: number;
    eventId: string;
    eventType: string;
    error: string;
    attempts: number;
  } | null;
  lastError: string | null;
}

export interface ProjectorsHandle {
  /** See CheckpointWaiter.waitFor: resolves once the named projections reach `position`, or says why not. */
  waitFor: CheckpointWaiter['waitFor'];
  status(): Promise<ProjectorStatus[]>;
  stop(): Promise<void>;
}

export async function startProjectors(options: StartProjectorsOptions): Promise<ProjectorsHandle> {
  const { pool, store, logger } = options;
  const list = options.projections ?? allProjections;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaderRetryMs = options.leaderRetryMs ?? 2000;
  const retry = options.retryDelayMs ?? { min: 500, max: 60_000 };
  const runLimited = limiter(options.concurrency ?? 4);

  await ensureCheckpoints(
    pool,
    list.map((projection) => projection.name),
  );
  const projectors = list.map(
    (projection) =>
      new Projector({
        pool,
        store,
        projection,
        logger,
        batchSize: options.batchSize ?? 1000,
        maxBatchSize: options.maxBatchSize,
        hooks: options.hooks,
      }),
  );
  const signals = new Map(projectors.map((projector) => [projector.name, new Signal()]));
  const wakeAll = () => signals.forEach((signal) => signal.notify());

  const leadership = new DedicatedClient(
    pool,
    [EVENTS_CHANNEL],
    () => wakeAll(),
    () => {
      // Session locks die with the connection: every projector here is a follower again.
      for (const projector of projectors) projector.status.leader = false;
      logger.warn('projector leadership connection lost; reacquiring');
      wakeAll();
    },
  );
  const waiter = await createCheckpointWaiter(pool, { pollIntervalMs });
  let stopped = false;

  async function tryLead(projector: Projector): Promise<boolean> {
    try {
      const result = await leadership.query<{ acquired: boolean }>(TRY_LEADER_LOCK, [projector.name]);
      return result.rows[0]?.acquired === true;
    } catch (error) {
      logger.warn({ projector: projector.name, err: error }, 'could not reach the database for leadership');
      return false;
    }
  }

  async function run(projector: Projector): Promise<void> {
    const signal = signals.get(projector.name)!;
    let backoff = retry.min;
    while (!stopped) {
      if (!projector.status.leader) {
        if (await tryLead(projector)) {
          projector.status.leader = true;
          logger.info({ projector: projector.name }, 'projector leads');
        } else {
          projector.status.state = 'follower';
          await signal.wait(leaderRetryMs);
          continue;
        }
      }
      if (projector.status.state !== 'failed') projector.status.state = 'catching-up';
      const outcome = await runLimited(() => projector.step());
      if (stopped) break;
      switch (outcome) {
        case 'progress':
          backoff = retry.min;
          break;
        case 'caught-up':
          backoff = retry.min;
          projector.status.state = 'idle';
          await signal.wait(pollIntervalMs);
          break;
        case 'poison':
        case 'transient-error':
          // Retry later, from the same event: new events do not hurry a failed projector.
          projector.status.state = outcome === 'poison' ? 'failed' : 'retrying';
          await sleepUnlessStopped(backoff);
          backoff = Math.min(backoff * 2, retry.max);
          break;
      }
    }
    projector.status.state = 'stopped';
  }

  async function sleepUnlessStopped(ms: number) {
    const until = Date.now() + ms;
    while (!stopped && Date.now() < until) await sleep(Math.min(100, until - Date.now()));
  }

  const loops = projectors.map((projector) =>
    run(projector).catch((error) =>
      logger.error({ projector: projector.name, err: error }, 'projector loop crashed'),
    ),
  );

  return {
    waitFor: (position, projections, timeoutMs) => waiter.waitFor(position, projections, timeoutMs),
    async status() {
      const stored = await readProjectorStatus(
        pool,
        store,
        projectors.map((projector) => projector.name),
      );
      return stored.map((row, index) => {
        const local = projectors[index]!.status;
        return {
          name: row.name,
          state: local.state,
          leader: local.leader,
          position: row.position,
          head: row.head,
          lag: row.lag,
          failure: row.failure
            ? {
                globalPosition: row.failure.globalPosition,
                eventId: row.failure.eventId,
                eventType: row.failure.eventType,
                error: row.failure.error,
                attempts: row.failure.attempts,
              }
            : null,
          lastError: local.lastError,
        };
      });
    },
    async stop() {
      stopped = true;
      wakeAll();
      await Promise.all(loops);
      await waiter.close();
      await leadership.close(); // releases the leadership locks
    },
  };
}
