/**
 * How a transaction reads on screen (docs/product/user-site.md#what-the-screens-show), for the dashboard's recent list and
 * the history page: withdrawals are 'Withdrawal' with a minus sign and their state in the one
 * vocabulary (shared/withdrawal-states.ts), bonuses have their names, tasks and activities their
 * titles, everything else a plus sign. A withdrawal whose money came back (failed, declined,
 * reversed) is never shown as a debit: no sign, the amount struck, 'money returned'. The amount is
 * the server's.
 */
import type { IconName, Intent } from '@blueprintjs/core';
import type { Transaction } from './api/account';
import { formatDate } from './dates';
import { withdrawalStateLook } from './withdrawal-states';

export type TransactionKind = 'withdrawal' | 'referral' | 'bonus' | 'task' | 'activity' | 'other';

export interface TransactionDisplay {
  label: string;
  /** The sign shown before the amount; none when a withdrawal's money came back. */
  sign: '+' | '-' | null;
  /** The amount without its sign, for `<Money amount sign>`. */
  amount: number;
  kind: TransactionKind;
  icon: IconName;
  /** '22 Nov 2026'. */
  date: string;
  status: string;
  statusIntent: Intent;
  /** A withdrawal whose money is back on the balance: shown as returned, never as a debit. */
  returned: boolean;
  /** A few words under the label: 'money returned'; null when there is nothing to add. */
  note: string | null;
  /** The withdrawal this is, for its details; null for the rest. */
  withdrawalId: string | null;
}

const icons: Record<TransactionKind, IconName> = {
  withdrawal: 'bank-account',
  referral: 'people',
  bonus: 'star',
  task: 'tick-circle',
  activity: 'flash',
  other: 'exchange',
};

function kindOf(type: string): TransactionKind {
  switch (type) {
    case 'withdrawal':
    case 'activityWithdrawal':
      return 'withdrawal';
    case 'referral':
    case 'bonus':
    case 'task':
    case 'activity':
      return type;
    default:
      return 'other';
  }
}

function statusIntent(status: string): Intent {
  switch (status.toLowerCase()) {
    case 'completed':
      return 'success';
    case 'pending':
      return 'warning';
    case 'failed':
      return 'danger';
    default:
      return 'none';
  }
}

export function describeTransaction(transaction: Transaction): TransactionDisplay {
  const kind = kindOf(transaction.type);
  const title = transaction.title?.trim();
  // The server words each entry once (Signup Bonus, Referral Bonus, Withdrawal, the task's title).
  const label = title || (kind === 'task' ? 'Task' : kind === 'activity' ? 'Activity' : 'Transaction');
  const base = { label, amount: Math.abs(transaction.amount), kind, date: formatDate(transaction.createdAt) };
  if (kind === 'withdrawal' && transaction.state) {
    const look = withdrawalStateLook(transaction.state);
    return {
      ...base,
      sign: look.moneyReturned ? null : '-',
      icon: look.moneyReturned ? 'undo' : icons.withdrawal,
      status: look.label,
      statusIntent: look.intent,
      returned: look.moneyReturned,
      note: look.moneyReturned ? look.moneyShort : null,
      withdrawalId: transaction.withdrawalId ?? transaction.id,
    };
  }
  // Only an admin's adjustment ('other') can be negative: it took money away.
  const sign = kind === 'withdrawal' || transaction.amount < 0 ? '-' : '+';
  const status = transaction.status || 'Completed';
  return {
    ...base,
    sign,
    icon: icons[kind],
    status,
    statusIntent: statusIntent(status),
    returned: false,
    note: null,
    withdrawalId: kind === 'withdrawal' ? (transaction.withdrawalId ?? transaction.id) : null,
  };
}

/** Newest first, whatever order the list came in (the API already sends it so). */
export function newestFirst(transactions: readonly Transaction[]): Transaction[] {
  return [...transactions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
