import { Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Money } from '../../shared/ui/Money';
import { maskAccountNumber, type BankDetails } from './bank-details';

/**
 * A bank-card style summary: the balance being withdrawn from and where the money goes. `note`
 * sits under the balance (the activity balance's minimum).
 */
export function BankCard({
  label,
  balance,
  bank,
  note,
}: {
  label: string;
  balance: number;
  bank: BankDetails;
  note?: ReactNode;
}) {
  return (
    <section className="kobo-withdraw-bankcard" aria-label={`${label} and bank account`}>
      <div className="kobo-withdraw-bankcard-top">
        <div>
          <p className="kobo-withdraw-bankcard-label">{label}</p>
          <p className="kobo-withdraw-bankcard-balance">
            <Money amount={balance} />
          </p>
          {note ? <p className="kobo-withdraw-bankcard-note">{note}</p> : null}
        </div>
        <Icon icon="bank-account" size={24} aria-hidden className="kobo-withdraw-bankcard-icon" />
      </div>
      <dl className="kobo-withdraw-bankcard-details">
        <div>
          <dt>Account holder</dt>
          <dd>{bank.accountName}</dd>
        </div>
        <div>
          <dt>Bank</dt>
          <dd>{bank.bankName}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd className="kobo-withdraw-bankcard-number">
            <span aria-hidden="true">{maskAccountNumber(bank.accountNum)}</span>
            <span className="kobo-visually-hidden">ending in {bank.accountNum.slice(-4)}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
