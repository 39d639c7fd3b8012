import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { returnReason, withdrawalReference, withdrawalStateLook } from '../../shared/withdrawal-states';
import type { AdminWithdrawal } from './api';
import { ErasedNote } from '../../shared/ui/ErasedPerson';
import { SharedBankAccountTag } from '../../shared/ui/SharedBankAccountTag';
import { StatusTag } from './StatusTag';
import { typeLabel } from './filters';
import { WithdrawalChecks } from './WithdrawalChecks';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="kobo-admin-withdrawals-section" aria-label={title}>
      <h3>{title}</h3>
      <dl>{children}</dl>
    </section>
  );
}

function Item({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'kobo-admin-withdrawals-wide' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Everything the admin needs to decide on a request: who, their activity, where the money goes. */
export function WithdrawalDetailsDialog({
  withdrawal,
  onClose,
  onApprove,
  onReject,
}: {
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
  onApprove: (withdrawal: AdminWithdrawal) => void;
  onReject: (withdrawal: AdminWithdrawal) => void;
}) {
  const w = withdrawal;
  return (
    <Dialog
      isOpen={w !== null}
      onClose={onClose}
      title={w ? `Withdrawal ${withdrawalReference(w._id)}` : 'Withdrawal details'}
      icon="bank-account"
      className="kobo-admin-withdrawals-dialog"
    >
      {w ? (
        <>
          <DialogBody>
            <Section title="Personal Information">
              <Item term="Full name">{w.fullName}</Item>
              {w.erasedAt ? (
                <Item term="Account" wide>
                  <ErasedNote erasedAt={w.erasedAt} />: their personal data is gone
                </Item>
              ) : (
                <>
                  <Item term="Email" wide>
                    {w.email}
                  </Item>
                  <Item term="Phone">{w.phone || 'N/A'}</Item>
                </>
              )}
            </Section>
            <Section title="Activity Summary">
              <Item term="Total tasks">{w.totalTasks}</Item>
              <Item term="Total referred">{w.totalReferrals}</Item>
              <Item term="Account balance">{formatNaira(w.accountBalance)}</Item>
            </Section>
            <Section title="Bank Details">
              <Item term="Bank name">{w.bankName || 'N/A'}</Item>
              <Item term="Account name">{w.accountName || (w.erasedAt ? 'Erased' : 'N/A')}</Item>
              <Item term="Account number">
                <span className="kobo-admin-withdrawals-acct">
                  {w.accountNumber || (w.erasedAt ? 'Erased' : 'N/A')}
                </span>
              </Item>
              {w.sharedBankAccount && (
                <Item term="Shared">
                  <SharedBankAccountTag shared={w.sharedBankAccount} />
                </Item>
              )}
            </Section>
            <WithdrawalChecks withdrawalId={w._id} />
            <Section title="Withdrawal Request">
              <Item term="Reference" wide>
                <span title={w._id}>{withdrawalReference(w._id)}</span>
              </Item>
              <Item term="Date and time">{formatDateTime(w.createdAt)}</Item>
              <Item term="Amount">
                {formatNaira(w.amount)}
                {w.fee > 0 ? <span className="kobo-muted"> (fee {formatNaira(w.fee)})</span> : null}
              </Item>
              <Item term="Type">{typeLabel(w.type)}</Item>
              <Item term="State">
                <StatusTag withdrawal={w} />
              </Item>
              <Item term="Money">{withdrawalStateLook(w.state).moneyShort}</Item>
              {returnReason(w) ? <Item term="Reason">{returnReason(w)}</Item> : null}
              {w.heldReason ? <Item term="Held by the provider">{w.heldReason}</Item> : null}
              {w.payoutReference ? <Item term="Payout reference">{w.payoutReference}</Item> : null}
            </Section>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Close" onClick={onClose} />
                {w.status === 'pending' ? (
                  <>
                    <Button
                      intent="danger"
                      variant="outlined"
                      icon="cross"
                      text="Reject"
                      onClick={() => onReject(w)}
                    />
                    <Button intent="success" icon="tick" text="Approve" onClick={() => onApprove(w)} />
                  </>
                ) : null}
              </>
            }
          />
        </>
      ) : null}
    </Dialog>
  );
}
