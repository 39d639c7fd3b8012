import { Classes, Icon, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Transaction } from '../api/account';
import { describeTransaction } from '../transactions';
import { Money } from './Money';
import './TransactionList.css';

/**
 * One transaction: what it was, when, the amount and its status. A withdrawal whose money came
 * back reads 'Withdrawal · money returned' with its state and the amount struck through, unsigned:
 * it took nothing from the balance.
 */
export function TransactionRow({
  transaction,
  withdrawalLink,
  remark,
}: {
  transaction: Transaction;
  withdrawalLink?: (withdrawalId: string) => string;
  /** A line under the date (the signup bonus's "Withdrawable from ₦40,000: ..."). */
  remark?: string | null;
}) {
  const shown = describeTransaction(transaction);
  const amount = shown.returned ? (
    <s className={`kobo-txn-returned ${Classes.TEXT_MUTED}`}>
      <Money amount={shown.amount} />
    </s>
  ) : (
    <Money amount={shown.amount} sign={shown.sign ?? undefined} />
  );
  const content: ReactNode = (
    <>
      <span
        className={`kobo-txn-icon kobo-txn-icon-${shown.returned ? 'returned' : shown.kind}`}
        aria-hidden="true"
      >
        <Icon icon={shown.icon} size={16} />
      </span>
      <div className="kobo-txn-main">
        <p className="kobo-txn-label" title={shown.label}>
          {shown.label}
        </p>
        <p className="kobo-txn-date">
          <time dateTime={transaction.createdAt}>{shown.date}</time>
          {shown.note ? <span className="kobo-txn-note"> · {shown.note}</span> : null}
        </p>
        {remark ? <p className="kobo-txn-remark">{remark}</p> : null}
      </div>
      <div className="kobo-txn-end">
        {amount}
        <Tag minimal round intent={shown.statusIntent} className="kobo-txn-status">
          {shown.status}
        </Tag>
      </div>
    </>
  );
  const link = shown.withdrawalId && withdrawalLink ? withdrawalLink(shown.withdrawalId) : null;
  return (
    <li className="kobo-txn" data-transaction={transaction.id}>
      {link ? (
        // Named by what it shows (so speech input can say it), then what it opens.
        <Link to={link} className="kobo-txn-link">
          {content}
          <span className="kobo-visually-hidden">, details</span>
        </Link>
      ) : (
        content
      )}
    </li>
  );
}

/** Transactions in the order given (callers pass them newest first). */
export function TransactionList({
  transactions,
  label = 'Transactions',
  withdrawalLink,
  remarkOf,
}: {
  transactions: readonly Transaction[];
  /** The list's accessible name. */
  label?: string;
  /** Where a withdrawal's details open; without it the rows are not links. */
  withdrawalLink?: (withdrawalId: string) => string;
  /** A line under a row's date, for the rows that need one. */
  remarkOf?: (transaction: Transaction) => string | null;
}) {
  return (
    <ul className="kobo-txn-list" aria-label={label}>
      {transactions.map((transaction) => (
        <TransactionRow
          key={transaction.id}
          transaction={transaction}
          withdrawalLink={withdrawalLink}
          remark={remarkOf?.(transaction)}
        />
      ))}
    </ul>
  );
}
