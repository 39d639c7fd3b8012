/**
 * @kobo/projector: the runtime every consumer of the log runs on (projectors and reactors), the
 * read-model projections, rebuild and verification, and the relay of the log to Kafka.
 */
export {
  startConsumers,
  type ConsumersHandle,
  type ConsumerStatus,
  type StartConsumersOptions,
} from './runtime/start-consumers';
export {
  EventFailedError,
  RetryLaterError,
  type Consumer,
  type ConsumerKind,
  type ProjectionConsumer,
  type Reactor,
} from './runtime/consumer';
export {
  startProjectors,
  type ProjectorsHandle,
  type StartProjectorsOptions,
} from './runtime/start-projectors';
export { watchConsumers, watchProjectors, type WatchedConsumer } from './runtime/watch-consumers';
export { createCheckpointWaiter, ProjectionsBehindError, type CheckpointWaiter } from './runtime/wait-for';
export { readConsumerStatus, type StoredConsumerStatus } from './runtime/status';
export { openFailures, type ConsumerFailure } from './runtime/failures';
export { CHECKPOINT_CHANNEL } from './runtime/sql';
export {
  startRelay,
  relayConsumer,
  relayReactor,
  RELAY_NAME,
  type RelayHandle,
  type RelayOptions,
} from './kafka/relay';
export { ensureTopic, kafkaClient, type KafkaSettings } from './kafka/client';
export {
  ledgerMessageOf,
  DEFAULT_TOPIC,
  HEADERS,
  MESSAGE_SCHEMA_VERSION,
  type LedgerEventMessage,
  type LedgerMessage,
} from './kafka/topic-contract';
export { DedicatedClient } from './runtime/dedicated-client';
export type { ConsumerHooks, ConsumerState } from './runtime/live-consumer';
export { ops, type Projection, type RowOp, type TableSpec } from './projection';
// The read models: the projections list, and each folder's rows and queries.
export * from './read-models';
export {
  rebuild,
  RebuildBusyError,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
} from './rebuild/rebuild';
export { verify, type VerifyCheck, type VerifyOptions } from './verify/verify';
export { csvField, csvLine, koboToNairaText, writeJournalCsv } from './journal/journal-csv';
