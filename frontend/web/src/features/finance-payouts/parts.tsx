/** Small pieces the payout table, cards and dialogs share. */
import { Button, Tag } from '@blueprintjs/core';
import { useToast } from '../../shared/toast/toast';
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

/** The bank reference, the provider's words on a held payout, or why the money came back. */
export function PayoutOutcome({ payout }: { payout: Payout }) {
  if (payout.state === 'paid' && payout.reference)
    return (
      <span className="kobo-finance-payouts-outcome">
        Ref <code className="kobo-finance-payouts-mono">{payout.reference}</code>
      </span>
    );
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
      <span className="kobo-muted">{payout.email}</span>
    </div>
  );
}

/** Who approved: the server gives the staff member's id; its start is enough to tell them apart. */
export function approverText(payout: Payout): string | null {
  return payout.approvedBy ? `by staff ${payout.approvedBy.slice(0, 8)}` : null;
}
