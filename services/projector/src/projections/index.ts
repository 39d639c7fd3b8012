import type { Projection } from '../projection';
import { adjustments } from '../read-models/adjustments';
import { balances } from '../read-models/balances';
import { campaigns } from '../read-models/campaigns';
import { community } from '../read-models/community';
import { ledgerEntries } from '../read-models/ledger-entries';
import { notifications } from '../read-models/notifications';
import { userStats } from '../read-models/user-stats';
import { submissions } from '../read-models/submissions';
import { transactions } from '../read-models/transactions';
import { users } from '../read-models/users';
import { withdrawals } from '../read-models/withdrawals';

/** The read models' rows, one type per table, as the API's queries read them. */
export type { BalanceAdjustmentRow } from '../read-models/adjustments';
export type { AccountBalanceRow, UserBalanceRow } from '../read-models/balances';
export type { CampaignPayoutsRow, CampaignRow } from '../read-models/campaigns';
export type { CommunityLinksRow } from '../read-models/community';
export type { LedgerEntryRow } from '../read-models/ledger-entries';
export {
  notificationOf,
  NOTIFICATION_LINKS,
  type Notification,
  type NotificationKind,
  type NotificationRow,
  type NotificationWithdrawalState,
} from '../read-models/notifications';
export type { UserStatsRow } from '../read-models/user-stats';
export type { SubmissionRow } from '../read-models/submissions';
export type {
  TransactionRow,
  TransactionStatus,
  TransactionType,
  TransactionWithdrawalState,
} from '../read-models/transactions';
export type { UserRow } from '../read-models/users';
export { withdrawalRowFrom, type WithdrawalRow, type PayoutDiscrepancyRow } from '../read-models/withdrawals';

export {
  adjustments,
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
};

/** Every projection, each run as its own projector (own checkpoint, lock and failures). */
export const projections = [
  ledgerEntries,
  balances,
  transactions,
  userStats,
  users,
  campaigns,
  submissions,
  withdrawals,
  community,
  adjustments,
  notifications,
] as const satisfies readonly Projection[];

/** A projection's name, as its projector, checkpoint and `waitFor` know it. */
export type ProjectionName = (typeof projections)[number]['name'];

export const projectionNames: readonly ProjectionName[] = projections.map((projection) => projection.name);

export function isProjectionName(name: string): name is ProjectionName {
  return (projectionNames as readonly string[]).includes(name);
}

/** The projections of `names` (as typed on the command line), or an error naming the known ones. */
export function projectionsNamed(names: readonly string[] | 'all'): Projection[] {
  if (names === 'all') return [...projections];
  return names.map((name) => {
    const projection = projections.find((p) => p.name === name);
    if (!projection) throw new Error(`unknown projection ${name}; known: ${projectionNames.join(', ')}`);
    return projection;
  });
}
