import { Classes, Tag } from '@blueprintjs/core';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { Money } from '../../shared/ui/Money';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import {
  BANK_DETAILS_PATH,
  maskedAccount,
  needsBankCheck,
  withdrawalReference,
  withdrawalStateLook,
  withdrawalStory,
} from '../../shared/withdrawal-states';
import { useGetWithdrawalsQuery } from './api';

/** The person's withdrawals, newest first, each with where it stands. */
export function WithdrawalsList() {
  const { data, isLoading, error, refetch } = useGetWithdrawalsQuery();
  let body;
  if (isLoading) body = <LoadingState label="Loading your withdrawals..." />;
  else if (error && !data)
    body = (
      <ErrorState
        title="Could not load your withdrawals"
        message={errorMessage(error, 'Failed to fetch your withdrawals')}
        onRetry={() => void refetch()}
      />
    );
  else if (!data?.length)
    body = (
      <EmptyState
        icon="bank-account"
        title="No withdrawals yet"
        description="Withdrawals you request appear here, with their status from request to payment."
      />
    );
  else
    body = (
      <ul className="kobo-withdraw-list">
        {data.map((withdrawal) => {
          const look = withdrawalStateLook(withdrawal.state);
          return (
            <li key={withdrawal.id} className="kobo-withdraw-item" data-withdrawal={withdrawal.id}>
              <div className="kobo-withdraw-item-main">
                <p className="kobo-withdraw-item-amount">
                  <Money amount={withdrawal.amount} />
                  <span className="kobo-muted kobo-withdraw-item-kind">
                    {withdrawal.type === 'activityWithdrawal' ? 'Activity balance' : 'Account balance'}
                  </span>
                </p>
                <p className="kobo-muted kobo-withdraw-item-meta">
                  {withdrawalReference(withdrawal.id)} · Requested{' '}
                  <time dateTime={withdrawal.requestedAt}>{formatDateTime(withdrawal.requestedAt)}</time>
                  {' · '}
                  {withdrawal.bankDetails.bankName} {maskedAccount(withdrawal.bankDetails.accountNum)}
                  {withdrawal.fee > 0 ? ` · Fee ${formatNaira(withdrawal.fee)}` : null}
                </p>
              </div>
              <Tag minimal round intent={look.intent} icon={look.icon} className="kobo-withdraw-item-tag">
                {look.label}
              </Tag>
              <p className="kobo-withdraw-item-detail">{withdrawalStory(withdrawal)}</p>
              {needsBankCheck(withdrawal.state) ? (
                <p className="kobo-withdraw-item-action">
                  <ButtonLink
                    to={BANK_DETAILS_PATH}
                    className={Classes.SMALL}
                    intent="primary"
                    variant="outlined"
                    icon="bank-account"
                    text="Check your bank details"
                  />
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className="kobo-card kobo-withdraw-history" aria-labelledby="kobo-withdraw-history-title">
      <h2 id="kobo-withdraw-history-title">Your withdrawals</h2>
      {body}
    </section>
  );
}
