/**
 * Where a consumer's events come from: the log, through the event store (log-feed.ts), or the
 * relay's Kafka topic (kafka/kafka-feed.ts, decision 0028). The runtime is the same for both
 * (live-consumer.ts, start-consumers.ts): it handles a batch, isolates a poison event, and writes
 * the batch's effects, its failures resolved and where the consumer now stands in one transaction
 * under the consumer's batch lock. A feed only says which events come next and which statements of
 * that transaction check and move where the consumer stands in it.
 */
import type { RecordedEvent } from '@kobo/ledger';
import type { Consumer } from './consumer';

export interface FeedBatch {
  /**
   * The part of the feed the batch comes from, in whose order its events are (a Kafka partition;
   * the log is one): a failed event is isolated within its lane.
   */
  lane: number;
  /**
   * The events not handled yet, in order, with rising positions. None when the feed only has where
   * the consumer stands to move (messages it had handled before, a checkpoint the relay's marks
   * now allow).
   */
  events: RecordedEvent[];
  /**
   * The statements of the transaction for the batch's first `count` events, with their values as
   * literals: `expect` runs after the batch lock and raises KB409 (CHECKPOINT_MOVED) when another
   * writer moved where the consumer stands since the batch was read; `advance` runs after the
   * effects and moves it past them, the checkpoint (with its NOTIFY) last.
   */
  standing(count: number): { expect: string[]; advance: string[] };
  /** The first `count` events committed. Never rejects. */
  committed(count: number): Promise<void>;
  /** The transaction found where the consumer stands moved (KB409): the next read reads it again. */
  moved(): void;
}

export interface Feed {
  /** Whether this process hands the consumer batches now (and is shown as its leader). */
  lead(): Promise<boolean>;
  /** Why the feed cannot hand batches now, when it is not a matter of leadership (shown as retrying). */
  trouble(): string | null;
  /** The next batch, of at most `limit` events; null when there is nothing to handle yet. */
  read(limit: number): Promise<FeedBatch | null>;
}

/** The feeds of the consumers of one start. */
export interface Feeds {
  /** The feed of one consumer; `wake` makes its loop look for a batch now. */
  feed(consumer: Consumer, wake: () => void): Feed;
  /** Once every consumer has its feed; rejects (with everything stopped) when the feed cannot start. */
  start(): Promise<void>;
  stop(): Promise<void>;
}
