/**
 * Does the statement agree with the balance card? Both figures come from the server (the ledger's
 * running balance and the balances read model); the screen only compares them, to the kobo.
 */
import type { Dashboard } from '../../shared/api/account';
import type { StatementBalance } from './api';

export const BALANCE_CARDS: Record<
  StatementBalance,
  { label: string; figure: (dashboard: Dashboard) => number }
> = {
  account: { label: 'Account Balance', figure: (dashboard) => dashboard.accountBalance },
  activity: { label: 'Activity Balance', figure: (dashboard) => dashboard.activityBalance },
  hold: { label: 'Held for withdrawals', figure: (dashboard) => dashboard.heldBalance },
};

export function sameKobo(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100);
}

/** Which checks of a proof failed, in words (empty when it verified). */
export function proofProblems(proof: {
  hash: string;
  recomputedHash: string;
  verified: boolean;
  nextLinksBack: boolean | null;
}): string[] {
  if (proof.verified) return [];
  const problems: string[] = [];
  if (proof.hash !== proof.recomputedHash)
    problems.push('The hash stored with this entry differs from the hash recomputed from its event.');
  if (proof.nextLinksBack === false)
    problems.push('The next event in the ledger does not link back to this entry.');
  if (problems.length === 0) problems.push('This entry does not link to the hash of the event before it.');
  return problems;
}
