/**
 * Runs consumers of the log (projections, reactors) in this process, each on its feed: the log
 * (log-feed.ts), or with `kafka` the relay's topic (kafka/kafka-feed.ts). Across processes, one
 * instance of a consumer handles the log's batches at a time: the one holding its leadership
 * advisory lock; the others wait as followers and take over when its connection goes. On the topic,
 * the consumer's group shares the partitions among the processes that run it.
 */
import type { EventStore } from '@kobo/ledger';
import type { Pool, Logger } from '@kobo/platform';
import { kafkaFeeds } from '../kafka/kafka-feed';
import type { KafkaSettings } from '../kafka/client';
import { batchSender } from './batch-sender';
import { ensureCheckpoints } from './checkpoints';
import { DEFAULT_RETRY_DELAY_MS } from './errors';
import type { Consumer, ConsumerKind } from './consumer';
import type { Feed } from './feed';
import { logFeeds } from './log-feed';
import {
  LiveConsumer,
  type ConsumerHooks,
  type ConsumerState,
  type LocalConsumerStatus,
} from './live-consumer';
import { limiter, Signal, sleep } from './signal';
import type { ConsumerFailure } from './failures';
import { readConsumerStatus } from './status';

export interface StartConsumersOptions {
  pool: Pool;
  store: EventStore;
  logger: Logger;
  consumers: readonly Consumer[];
  /** Events per batch (default 1000). */
  batchSize?: number;
  /** While catching up, batches double up to this size (default 10 × batchSize). */
  maxBatchSize?: number;
  /** Safety-net poll when no notification arrives (default 1000 ms). */
  pollIntervalMs?: number;
  /**
   * A caught-up consumer starts its next batch at least this long after the start of its last
   * (default 25 ms). Under load a commit comes every millisecond or two, and taking each alone
   * costs a transaction per consumer per commit; this way a batch gathers the commits of the
   * interval. After a quiet spell the first commit is handled at once.
   */
  minBatchIntervalMs?: number;
  /** How often a follower tries to take leadership (default 2000 ms). */
  leaderRetryMs?: number;
  /** Back-off after a failure: doubles from min to max (default 500 ms .. 60 s). */
  retryDelayMs?: { min: number; max: number };
  /**
   * Connections the consumers use at a time (default 4: a reactor acting, a batch sent alone, or a
   * turn's batches sent together), so they leave the rest of the pool to the API.
   */
  concurrency?: number;
  hooks?: ConsumerHooks;
  /**
   * Read the relay's Kafka topic instead of the log, in a consumer group per consumer (decision
   * 0028, kafka/kafka-feed.ts). Never for the relay itself, which feeds the topic from the log.
   */
  kafka?: KafkaSettings;
}

/** A consumer as this process sees it: its stored progress and failure, and its local state. */
export interface ConsumerStatus {
  name: string;
  kind: ConsumerKind;
  description: string;
  state: ConsumerState;
  /** Whether this process is the consumer's live instance. */
  leader: boolean;
  position: number;
  head: number;
  lag: number;
  failure: ConsumerStatusFailure | null;
  lastError: string | null;
}

export interface ConsumerStatusFailure {
  globalPosition: number;
  eventId: string;
  eventType: string;
  error: string;
  attempts: number;
}

/** The open failure as the status shows it (the stored row without its bookkeeping). */
export function statusFailureOf(failure: ConsumerFailure | null): ConsumerStatusFailure | null {
  if (!failure) return null;
  const { globalPosition, eventId, eventType, error, attempts } = failure;
  return { globalPosition, eventId, eventType, error, attempts };
}

export interface ConsumersHandle {
  status(): Promise<ConsumerStatus[]>;
  stop(): Promise<void>;
}

/** The status of consumers run here: each one's stored progress and failure with its local state. */
async function statusOf(
  pool: Pool,
  store: EventStore,
  consumers: readonly Consumer[],
  local: readonly LocalConsumerStatus[],
): Promise<ConsumerStatus[]> {
  const stored = await readConsumerStatus(
    pool,
    store,
    consumers.map((consumer) => consumer.name),
  );
  return stored.map((row, index) => ({
    name: row.name,
    kind: consumers[index]!.kind,
    description: consumers[index]!.description,
    state: local[index]!.state,
    leader: local[index]!.leader,
    position: row.position,
    head: row.head,
    lag: row.lag,
    failure: statusFailureOf(row.failure),
    lastError: local[index]!.lastError,
  }));
}

export async function startConsumers(options: StartConsumersOptions): Promise<ConsumersHandle> {
  const { pool, store, logger, consumers } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const minBatchIntervalMs = options.minBatchIntervalMs ?? 25;
  const leaderRetryMs = options.leaderRetryMs ?? 2000;
  const retry = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const runLimited = limiter(options.concurrency ?? 4);
  const send = batchSender(pool, runLimited);

  await ensureCheckpoints(
    pool,
    consumers.map((consumer) => consumer.name),
  );
  const feeds = options.kafka
    ? await kafkaFeeds({
        pool,
        logger,
        kafka: options.kafka,
        hooks: options.hooks,
        retryDelayMs: retry,
        open: (events) => store.openStored(events),
      })
    : logFeeds({ pool, store, logger });
  const signals = new Map(consumers.map((consumer) => [consumer.name, new Signal()]));
  const wakeAll = () => signals.forEach((signal) => signal.notify());
  const live = consumers.map((consumer) => {
    const signal = signals.get(consumer.name)!;
    const feed = feeds.feed(consumer, () => signal.notify());
    return {
      feed,
      consumer: new LiveConsumer({
        pool,
        consumer,
        feed,
        logger,
        batchSize: options.batchSize ?? 1000,
        maxBatchSize: options.maxBatchSize,
        hooks: options.hooks,
        send,
      }),
    };
  });
  await feeds.start();
  let stopped = false;

  async function run({ consumer, feed }: { consumer: LiveConsumer; feed: Feed }): Promise<void> {
    const signal = signals.get(consumer.name)!;
    let backoff = retry.min;
    while (!stopped) {
      const leads = await feed.lead();
      if (leads !== consumer.status.leader) {
        consumer.status.leader = leads;
        if (leads) {
          consumer.led();
          logger.info({ consumer: consumer.name }, 'consumer leads');
        }
      }
      if (!leads) {
        const trouble = feed.trouble();
        consumer.status.state = trouble ? 'retrying' : 'follower';
        if (trouble) consumer.status.lastError = trouble;
        await signal.wait(leaderRetryMs);
        continue;
      }
      // A caught-up consumer looking for new events stays shown idle; the outcome says what it is.
      if (consumer.status.state !== 'failed' && consumer.status.state !== 'idle')
        consumer.status.state = 'catching-up';
      const started = Date.now();
      const outcome = await consumer.step(runLimited);
      if (stopped) break;
      switch (outcome) {
        case 'progress':
          backoff = retry.min;
          // Past a failed event (or still isolating it): no longer shown as stopped.
          consumer.status.state = 'catching-up';
          break;
        case 'caught-up':
          backoff = retry.min;
          consumer.status.state = 'idle';
          await signal.wait(pollIntervalMs);
          // On the interval's shared ticks, so the consumers of this process go together and
          // share their read of the log (the store reads a turn's asks at once).
          await tickAfter(started + minBatchIntervalMs);
          break;
        case 'poison':
        case 'transient-error':
          // Retry later, from the same event: new events do not hurry a failed consumer.
          consumer.status.state = outcome === 'poison' ? 'failed' : 'retrying';
          await sleepUnlessStopped(backoff);
          backoff = Math.min(backoff * 2, retry.max);
          break;
      }
    }
    consumer.status.state = 'stopped';
  }

  /**
   * Resolves at the first multiple of the interval at or after `at` (ms since the epoch), at once
   * if that has passed. The consumers waiting for the same tick share its timer, so they wake in
   * the same turn of the event loop.
   */
  const ticks = new Map<number, Promise<void>>();
  function tickAfter(at: number): Promise<void> | void {
    const tick = minBatchIntervalMs > 0 ? Math.ceil(at / minBatchIntervalMs) * minBatchIntervalMs : at;
    if (tick <= Date.now() || stopped) return;
    let waiting = ticks.get(tick);
    if (!waiting) {
      waiting = new Promise((resolve) =>
        setTimeout(() => {
          ticks.delete(tick);
          resolve();
        }, tick - Date.now()),
      );
      ticks.set(tick, waiting);
    }
    return waiting;
  }

  async function sleepUnlessStopped(ms: number) {
    const until = Date.now() + ms;
    while (!stopped && Date.now() < until) await sleep(Math.min(100, until - Date.now()));
  }

  const loops = live.map((each) =>
    run(each).catch((error) =>
      logger.error({ consumer: each.consumer.name, err: error }, 'consumer loop crashed'),
    ),
  );

  return {
    status: () =>
      statusOf(
        pool,
        store,
        consumers,
        live.map((each) => each.consumer.status),
      ),
    async stop() {
      stopped = true;
      wakeAll();
      await Promise.all(loops);
      await feeds.stop();
    },
  };
}
