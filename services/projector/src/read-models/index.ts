/**
 * Every read model, one folder each (docs/decisions/0049): its projection, rows, queries, tables
 * and tests. This list is what the projectors run, rebuild and verify.
 */
import type { Projection } from '../projection';
import { adjustments } from './adjustments';
import { balances } from './balances';
import { campaigns } from './campaigns';
import { community } from './community';
import { ledgerEntries } from './ledger-entries';
import { notifications } from './notifications';
import { userStats } from './user-stats';
import { submissions } from './submissions';
import { transactions } from './transactions';
import { users } from './users';
import { withdrawals } from './withdrawals';

/** The read models' rows, one type per table, as the API's queries read them. */
export type { BalanceAdjustmentRow } from './adjustments';
export type { AccountBalanceRow, UserBalanceRow } from './balances';
export type { CampaignPayoutsRow, CampaignRow } from './campaigns';
export type { CommunityLinksRow } from './community';
export type { LedgerEntryRow } from './ledger-entries';
export {
  notificationOf,
  NOTIFICATION_LINKS,
  type Notification,
  type NotificationKind,
  type NotificationRow,
  type NotificationWithdrawalState,
} from './notifications';
export type { UserStatsRow } from './user-stats';
export type { SubmissionRow } from './submissions';
export type {
  TransactionRow,
  TransactionStatus,
  TransactionType,
  TransactionWithdrawalState,
} from './transactions';
export type { UserRow } from './users';
export { withdrawalRowFrom, type WithdrawalRow, type PayoutDiscrepancyRow } from './withdrawals';

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

export * from './ledger-entries';
