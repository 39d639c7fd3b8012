/**
 * One withdrawal in full, opened from the history (`?withdrawal=<id>`, so it can be linked to and
 * survives a reload): when it was asked for, where it stands and what that means for the money,
 * where it goes, the bank's reference once paid, the reason once the money came back, and the
 * amounts. The figures are the server's (GET /api/users/withdrawals).
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Money } from '../../shared/ui/Money';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import {
  BANK_DETAILS_PATH,
  maskedAccount,
  needsBankCheck,
  returnReason,
  withdrawalReference,
  withdrawalStateLook,
  withdrawalStory,
} from '../../shared/withdrawal-states';
import { useGetWithdrawalsQuery, type Withdrawal } from '../withdraw/api';

/** The address parameter that opens a withdrawal's details. */
export const WITHDRAWAL_PARAM = 'withdrawal';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="kobo-withdrawal-details-item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What was sent to the bank: the amount less the fee, both as the server gave them (naira, 2 decimals). */
function amountSent(withdrawal: Withdrawal): number {
  return (Math.round(withdrawal.amount * 100) - Math.round(withdrawal.fee * 100)) / 100;
}

function Details({ withdrawal }: { withdrawal: Withdrawal }) {
  const look = withdrawalStateLook(withdrawal.state);
  const reason = returnReason(withdrawal);
  const sentOrToSend =
    withdrawal.state === 'paid' || withdrawal.state === 'sending' ? 'Amount sent' : 'Amount to send';
  return (
    <>
      <p className="kobo-withdrawal-details-state">
        <Tag large minimal round intent={look.intent} icon={look.icon}>
          {look.label}
        </Tag>
      </p>
      <p className="kobo-withdrawal-details-story">{withdrawalStory(withdrawal)}</p>
      {needsBankCheck(withdrawal.state) ? (
        <Callout intent="warning" icon="bank-account" compact className="kobo-withdrawal-details-callout">
          The bank did not take this payout. Check that your bank details are right before you withdraw again.{' '}
          <ButtonLink
            to={BANK_DETAILS_PATH}
            intent="primary"
            variant="minimal"
            text="Check your bank details"
          />
        </Callout>
      ) : null}
      <dl className="kobo-withdrawal-details-list">
        <Item term="Requested">
          <time dateTime={withdrawal.requestedAt}>{formatDateTime(withdrawal.requestedAt)}</time>
        </Item>
        <Item term="Bank">{withdrawal.bankDetails.bankName}</Item>
        <Item term="Account">
          {maskedAccount(withdrawal.bankDetails.accountNum)} · {withdrawal.bankDetails.accountName}
        </Item>
        {withdrawal.state === 'paid' && withdrawal.reference ? (
          <Item term="Bank reference">
            <code>{withdrawal.reference}</code>
          </Item>
        ) : null}
        {reason ? <Item term="Reason">{reason}</Item> : null}
        <Item term="Amount">
          <Money amount={withdrawal.amount} />
        </Item>
        <Item term="Fee">
          <Money amount={withdrawal.fee} />
        </Item>
        {look.moneyReturned ? (
          <Item term="Returned to your balance">
            <Money amount={withdrawal.amount} />
          </Item>
        ) : (
          <Item term={sentOrToSend}>
            <Money amount={amountSent(withdrawal)} />
          </Item>
        )}
      </dl>
    </>
  );
}

/** The dialog for the withdrawal the address names, or nothing when it names none. */
export function WithdrawalDetails({
  withdrawalId,
  onClose,
}: {
  withdrawalId: string | null;
  onClose: () => void;
}) {
  const list = useGetWithdrawalsQuery(undefined, { skip: withdrawalId === null });
  const withdrawal = list.data?.find((candidate) => candidate.id === withdrawalId);
  let body;
  if (list.isLoading) body = <LoadingState label="Loading the withdrawal..." />;
  else if (!list.data)
    body = (
      <ErrorState
        title="The withdrawal could not be loaded"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!withdrawal)
    body = <Callout intent="warning">There is no such withdrawal on your account.</Callout>;
  else body = <Details withdrawal={withdrawal} />;
  return (
    <Dialog
      isOpen={withdrawalId !== null}
      onClose={onClose}
      title={withdrawalId ? `Withdrawal ${withdrawalReference(withdrawalId)}` : 'Withdrawal'}
      icon="bank-account"
      className="kobo-withdrawal-details"
    >
      <DialogBody>{body}</DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
