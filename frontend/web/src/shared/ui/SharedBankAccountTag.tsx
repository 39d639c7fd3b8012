import { Tag } from '@blueprintjs/core';
import './SharedBankAccountTag.css';

/** How the server flags a bank account other users have saved too (null: this user's alone). */
export type SharedBankAccount = { otherUsers: number } | null;

export function sharedBankAccountText(shared: { otherUsers: number }): string {
  return `Account also on ${shared.otherUsers} other ${shared.otherUsers === 1 ? 'user' : 'users'}`;
}

/**
 * A warning beside a bank account that other users have saved too: worth a look before paying
 * (one person paid through many sign-ups), not a refusal (families share accounts). Nothing when
 * the account is this user's alone.
 */
export function SharedBankAccountTag({ shared }: { shared: SharedBankAccount | undefined }) {
  if (!shared) return null;
  return (
    <Tag
      minimal
      round
      intent="warning"
      icon="warning-sign"
      className="kobo-shared-bank-account"
      title="The same bank and account number are saved by other users. Family members may share an account; check before paying."
    >
      {sharedBankAccountText(shared)}
    </Tag>
  );
}
