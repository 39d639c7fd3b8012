/** Small pieces the payout table, cards and dialogs share. */
import { Button, Tag } from '@blueprintjs/core';
import { formatDateTime } from '../../shared/dates';
import { useToast } from '../../shared/toast/toast';
import { ErasedNote } from '../../shared/ui/ErasedPerson';
import { SharedBankAccountTag } from '../../shared/ui/SharedBankAccountTag';
import { returnReason, withdrawalStateLook } from '../../shared/withdrawal-states';
import { heldByProvider, type Payout } from './api';

/**
 * The payout's state in the one vocabulary; a payout the provider held says so beside it, and one
 * taken to the manual desk too.
 */
export function PayoutStateTag({ payout }: { payout: Payout }) {
  const look = withdrawalStateLook(payout.state);
  return (
    <span className="kobo-finance-payouts-tags">
      <Tag intent={look.intent} icon={look.icon} minimal round title={`Money: ${look.moneyShort}`}>
        {look.label}
      </Tag>
      {heldByProvider(payout) ? (
        <Tag intent="warning" icon="warning-sign" minimal round>
          Held
        </Tag>
      ) : null}
      {payout.desk === 'manual' && (payout.state === 'approved' || payout.state === 'sending') ? (
        <Tag icon="hand" minimal round>
          Manual desk
        </Tag>
      ) : null}
    </span>
  );
}

/** Who paid: the staff member by name, or the provider that sent it. */
export function payerText(payout: Pick<Payout, 'paidBy' | 'paidByName' | 'provider'>): string | null {
  if (payout.paidByName) return payout.paidByName;
  if (payout.paidBy) return 'Unnamed staff member';
  return payout.provider && payout.provider !== 'manual_transfer'
    ? `the provider (${payout.provider})`
    : null;
}

/** When a paid payout was paid and by whom, and its reference; a held payout's words; why money came back. */
export function PayoutOutcome({ payout }: { payout: Payout }) {
  if (payout.state === 'paid' || (payout.state === 'reversed' && payout.paidAt)) {
    const by = payerText(payout);
    return (
      <span className="kobo-finance-payouts-outcome">
        {payout.paidAt ? (
          <span className="kobo-finance-payouts-paid">
            Paid <time dateTime={payout.paidAt}>{formatDateTime(payout.paidAt)}</time>
            {by ? ` by ${by}` : ''}
          </span>
        ) : null}
        {payout.reference ? (
          <span>
            {' '}
            Ref <code className="kobo-finance-payouts-mono">{payout.reference}</code>
          </span>
        ) : null}
      </span>
    );
  }
  if (heldByProvider(payout))
    return <span className="kobo-finance-payouts-outcome">{payout.heldReason}</span>;
  const reason = returnReason(payout);
  if (reason) return <span className="kobo-finance-payouts-outcome kobo-muted">{reason}</span>;
  return null;
}

/** The account number in a monospace, with a button that copies it for the bank's transfer form. */
export function AccountNumber({ payout }: { payout: Payout }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payout.accountNumber);
      toast.success(`${payout.accountNumber} is on the clipboard.`, { title: 'Account number copied' });
    } catch {
      toast.error('Select the number and copy it by hand.', { title: 'Could not copy' });
    }
  };
  return (
    <span className="kobo-finance-payouts-account">
      <code className="kobo-finance-payouts-mono">{payout.accountNumber}</code>
      <Button
        size="small"
        variant="minimal"
        icon="duplicate"
        aria-label={`Copy account number ${payout.accountNumber} of ${payout.accountName}`}
        title="Copy account number"
        onClick={() => void copy()}
      />
    </span>
  );
}

export function BankCell({ payout }: { payout: Payout }) {
  // An erased person's account name and number are gone with them: nothing to copy.
  if (payout.erasedAt && !payout.accountNumber)
    return (
      <div className="kobo-finance-payouts-bank">
        <span className="kobo-finance-payouts-strong">{payout.bankName}</span>
        <span className="kobo-muted">Account details erased</span>
      </div>
    );
  return (
    <div className="kobo-finance-payouts-bank">
      <span className="kobo-finance-payouts-strong">{payout.bankName}</span>
      <span className="kobo-muted">{payout.accountName}</span>
      <AccountNumber payout={payout} />
      <SharedBankAccountTag shared={payout.sharedBankAccount} />
    </div>
  );
}

export function UserCell({ payout }: { payout: Payout }) {
  return (
    <div className="kobo-finance-payouts-user">
      <span className="kobo-finance-payouts-strong">{payout.fullName}</span>
      {payout.erasedAt ? (
        <ErasedNote erasedAt={payout.erasedAt} />
      ) : (
        <span className="kobo-muted">{payout.email}</span>
      )}
    </div>
  );
}

/** Who approved, by name (the server names staff: their name, or email when they have none). */
export function approverText(payout: Pick<Payout, 'approvedBy' | 'approvedByName'>): string | null {
  if (!payout.approvedBy) return null;
  return `by ${payout.approvedByName ?? 'an unnamed staff member'}`;
}
