export * from './port';
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/event-store';
export { EVENTS_CHANNEL } from './postgres/commit-listener';
export {
  verifyHashChain,
  verifyChainLink,
  type ChainLink,
  canonicalEncoding,
  chainHash,
  GENESIS_HASH,
  type HashChainReport,
  type ResealBridge,
  type CanonicalColumns,
} from './hash-chain';
