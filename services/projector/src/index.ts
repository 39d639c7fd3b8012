/** @kobo/projector: the projection runtime, the read-model projections, rebuild and verification. */
export {
  startProjectors,
  type ProjectorsHandle,
  type ProjectorStatus,
  type StartProjectorsOptions,
} from './runtime/start-projectors';
export { createCheckpointWaiter, ProjectionsBehindError, type CheckpointWaiter } from './runtime/wait-for';
export { readProjectorStatus, type StoredProjectorStatus } from './runtime/status';
export { openFailures, type ProjectionFailure } from './runtime/failures';
export { CHECKPOINT_CHANNEL } from './runtime/sql';
export { DedicatedClient } from './runtime/dedicated-client';
export type { ProjectorHooks, ProjectorState } from './runtime/projector';
export {
  projections,
  projectionNames,
  projectionsNamed,
  type ProjectionName,
  type AccountBalanceRow,
  type BalanceAdjustmentRow,
  type CampaignRow,
  type CommunityLinksRow,
  type LedgerEntryRow,
  type SubmissionRow,
  type TransactionRow,
  type TransactionStatus,
  type TransactionType,
  type UserBalanceRow,
  type UserRow,
  type UserStatsRow,
  type WithdrawalRow,
  balances,
  campaigns,
  community,
  ledgerEntries,
  userStats,
  submissions,
  transactions,
  users,
  withdrawals,
} from './projections';
export { ops, type Projection, type RowOp, type TableSpec } from './projection';
export {
  rebuild,
  RebuildBusyError,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
} from './rebuild/rebuild';
export { verify, type VerifyCheck, type VerifyOptions } from './verify/verify';
export { csvField, csvLine, koboToNairaText, writeJournalCsv } from './journal/journal-csv';
