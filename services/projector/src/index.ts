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
export {
  projections,
  projectionNames,
  projectionsNamed,
  type ProjectionName,
  type AccountBalanceRow,
  type BalanceAdjustmentRow,
  type CampaignPayoutsRow,
  type CampaignRow,
  type CommunityLinksRow,
  type LedgerEntryRow,
  notificationOf,
  NOTIFICATION_LINKS,
  type Notification,
  type NotificationKind,
  type NotificationRow,
  type NotificationWithdrawalState,
  type SubmissionRow,
  type TransactionRow,
  type TransactionStatus,
  type TransactionType,
  type TransactionWithdrawalState,
  type UserBalanceRow,
  type UserRow,
  type UserStatsRow,
  type WithdrawalRow,
  type PayoutDiscrepancyRow,
  withdrawalRowFrom,
  balances,
  campaigns,
  community,
  ledgerEntries,
  notifications,
  userStats,
  submissions,
  transactions,
  users,
  withdrawals,
} from './read-models';
export { ops, type Projection, type RowOp, type TableSpec } from './projection';
export {
  BAD_CURSOR,
  Conditions,
  direction,
  MAX_PAGE_SIZE,
  readPage,
  type OrderKey,
  type PageOptions,
} from './read-models/paging';
export type { DayChange, DayWindow } from './read-models/days';
export {
  findBankDetailsAge,
  findDashboard,
  findNoticeRecipient,
  findUser,
  listUsers,
  otherUsersOnBankAccounts,
  searchPeople,
  staffNames,
  USER_SORTS,
  type AdminUserRow,
  type BankAccountRow,
  type FoundPersonRow,
  type NoticeRecipientRow,
  type StaffNames,
  type UserBankDetailsAge,
  type UserDashboardRow,
  type UserListQuery,
  type UserProfileRow,
  type UserSort,
} from './read-models/users';
export { adminStats, type AdminStatsRow } from './read-models/user-stats';
export { usersWithMovedBalances } from './read-models/balances';
export {
  listTransactions,
  listTransactionsOf,
  TRANSACTION_SORTS,
  type AdminTransactionRow,
  type TransactionListQuery,
  type TransactionSort,
  type UserTransactionRow,
} from './read-models/transactions';
export {
  AVAILABLE_CAMPAIGN_SORTS,
  CAMPAIGN_SORTS,
  campaignsPosition,
  findCampaign,
  findCampaignPlatform,
  isCampaignImage,
  listAvailableCampaigns,
  listCampaigns,
  type AvailableCampaignRow,
  type AvailableCampaignSort,
  type CampaignListQuery,
  type CampaignSort,
  type CampaignWithPayoutsRow,
} from './read-models/campaigns';
export {
  campaignsTakenBy,
  findProofSubmitter,
  findSubmission,
  listCampaignSubmissions,
  listPendingSubmissions,
  listSubmissionsOfCampaigns,
  listSubmissionsOfUser,
  proofsAwaitingReviewChanges,
  submissionRowFrom,
  type CampaignSubmissionsQuery,
  type PendingSubmissionRow,
  type PendingSubmissionsQuery,
  type SubmissionWithCampaignRow,
  type SubmissionWithUserRow,
} from './read-models/submissions';
export {
  accountBalanceAt,
  accountJournal,
  accountStatement,
  entryPositionOn,
  journalPosition,
  listJournalEntries,
  listStatement,
  moneyInAndOutByDay,
  type AccountJournalFilter,
  type AccountStatementPage,
  type JournalEntryFilter,
  type JournalEntryRow,
  type JournalEvent,
  type MoneyDayRow,
  type RunningEntryRow,
  type StatementRow,
} from './read-models';
export {
  rebuild,
  RebuildBusyError,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
} from './rebuild/rebuild';
export { verify, type VerifyCheck, type VerifyOptions } from './verify/verify';
export { csvField, csvLine, koboToNairaText, writeJournalCsv } from './journal/journal-csv';
export {
  earlierPayouts,
  findWithdrawal,
  isOnManualDesk,
  listPayoutDiscrepancies,
  listPayouts,
  listWithdrawals,
  payoutCounts,
  payoutStates,
  pendingWithdrawalChanges,
  unsettledPayouts,
  withdrawalOfUser,
  withdrawalsByStatus,
  withdrawalsOfUser,
  type Desks,
  type EarlierPayouts,
  type PayoutCounts,
  type PayoutDiscrepancyWithUser,
  type PayoutsQuery,
  type PayoutState,
  type UnsettledPayout,
  type WithdrawalPage,
  type WithdrawalsQuery,
  type WithdrawalWithRequester,
} from './read-models/withdrawals';
export {
  findAdjustment,
  listAdjustments,
  type AdjustmentsQuery,
  type AdjustmentWithUser,
} from './read-models/adjustments';
export {
  listNotifications,
  newestNotificationPosition,
  ownNotificationIds,
  unreadCount,
  usersNotifiedBetween,
  type NotificationWithRead,
} from './read-models/notifications';
export { readCommunityLinks, type CommunityLinksColumns } from './read-models/community';
