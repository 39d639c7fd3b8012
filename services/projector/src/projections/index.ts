import type { Projection } from '../projection';
import { adjustments } from './adjustments';
import { balances } from './balances';
import { campaigns } from './campaigns';
import { community } from './community';
import { ledgerEntries } from './ledger-entries';
import { userStats } from './stats';
import { submissions } from './submissions';
import { transactions } from './transactions';
import { users } from './users';
import { withdrawals } from './withdrawals';

export {
  adjustments,
  balances,
  campaigns,
  community,
  ledgerEntries,
  userStats,
  submissions,
  transactions,
  users,
  withdrawals,
};

/** Every projection, each run as its own projector (own checkpoint, lock and failures). */
export const projections: readonly Projection[] = [
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
];

/** The projections a user reads back right after a command (see docs/decisions/0004-projections.md). */
export const readYourWritesProjections = ['balances', 'transactions'] as const;

export function projectionsNamed(names: readonly string[] | 'all'): Projection[] {
  if (names === 'all') return [...projections];
  return names.map((name) => {
    const projection = projections.find((p) => p.name === name);
    if (!projection)
      throw new Error(`unknown projection ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
    return projection;
  });
}
