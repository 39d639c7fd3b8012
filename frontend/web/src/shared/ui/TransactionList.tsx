import { Icon, Tag } from '@blueprintjs/core';
import type { Transaction } from '../api/account';
import { describeTransaction } from '../transactions';
import { Money } from './Money';
import './TransactionList.css';

/** One transaction: what it was, when, the signed amount and its status. */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const shown = describeTransaction(transaction);
  return (
    <li className="kobo-txn">
      <span className={`kobo-txn-icon kobo-txn-icon-${shown.kind}`} aria-hidden="true">
        <Icon icon={shown.icon} size={16} />
      </span>
      <div className="kobo-txn-main">
        <p className="kobo-txn-label" title={shown.label}>
          {shown.label}
        </p>
        <p className="kobo-txn-date">
          <time dateTime={transaction.createdAt}>{shown.date}</time>
        </p>
      </div>
      <div className="kobo-txn-end">
        <Money amount={shown.amount} sign={shown.sign} />
        <Tag minimal round intent={shown.statusIntent} className="kobo-txn-status">
          {shown.status}
        </Tag>
      </div>
    </li>
  );
}

/** Transactions in the order given (callers pass them newest first). */
export function TransactionList({
  transactions,
  label = 'Transactions',
}: {
  transactions: readonly Transaction[];
  /** The list's accessible name. */
  label?: string;
}) {
  return (
    <ul className="kobo-txn-list" aria-label={label}>
      {transactions.map((transaction) => (
        <TransactionRow key={transaction.id} transaction={transaction} />
      ))}
    </ul>
  );
}
