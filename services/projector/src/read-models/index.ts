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

// What other packages may use of each read model: its folder's index.
export * from './adjustments';
export * from './balances';
export * from './campaigns';
export * from './community';
export * from './ledger-entries';
export * from './notifications';
export * from './submissions';
export * from './transactions';
export * from './user-stats';
export * from './users';
export * from './withdrawals';
export * from './paging';
export type { DayChange, DayWindow } from './days';
export { ENTRY_TITLES } from './titles';
