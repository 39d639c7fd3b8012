import { Tag } from '@blueprintjs/core';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { Money } from '../../shared/ui/Money';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useGetWithdrawalsQuery } from './api';
import { maskAccountNumber } from './bank-details';
import { withdrawalState } from './withdrawal-state';

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
          const state = withdrawalState(withdrawal);
          const failed = withdrawal.status === 'rejected' || withdrawal.status === 'payout_failed';
          return (
            <li key={withdrawal.id} className="kobo-withdraw-item">
              <div className="kobo-withdraw-item-main">
                <p className="kobo-withdraw-item-amount">
                  <Money amount={withdrawal.amount} />
                  <span className="kobo-muted kobo-withdraw-item-kind">
                    {withdrawal.type === 'activityWithdrawal' ? 'Activity balance' : 'Account balance'}
                  </span>
                </p>
                <p className="kobo-muted kobo-withdraw-item-meta">
                  Requested{' '}
                  <time dateTime={withdrawal.requestedAt}>{formatDateTime(withdrawal.requestedAt)}</time>
                  {' · '}
                  {withdrawal.bankDetails.bankName} {maskAccountNumber(withdrawal.bankDetails.accountNum)}
                  {withdrawal.fee > 0 ? ` · Fee ${formatNaira(withdrawal.fee)}` : null}
                </p>
              </div>
              <Tag minimal round intent={state.intent} className="kobo-withdraw-item-tag">
                {state.label}
              </Tag>
              <p className={`kobo-withdraw-item-detail${failed ? ' is-failed' : ''}`}>{state.detail}</p>
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
