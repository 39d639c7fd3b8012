import { Button, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../shared/api/api';
import { activityMinimumNote } from '../../shared/activity-minimum';
import { useGetDashboardQuery, useGetTransactionsQuery, type Transaction } from '../../shared/api/account';
import { formatNaira } from '../../shared/money';
import { newestFirst } from '../../shared/transactions';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { StatCard } from '../../shared/ui/StatCard';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { TransactionList } from '../../shared/ui/TransactionList';
import { useAddressParams } from '../../shared/ui/useAddressParams';
import { filterTransactions } from './search';
import { WITHDRAWAL_PARAM, WithdrawalDetails } from './WithdrawalDetails';
import './history.css';

export function HistoryPage() {
  const { fulfilledTimeStamp } = useGetTransactionsQuery();
  return (
    <main className="kobo-page kobo-history">
      <PageHeader
        title="Account History"
        note={<AsOf fulfilledTimeStamp={fulfilledTimeStamp} />}
        subtitle="Every reward, bonus and withdrawal on your account."
        actions={<ButtonLink to="/dashboard/statement" icon="th-list" text="Ledger statement" />}
      />
      <Totals />
      <Transactions />
      <OpenWithdrawal />
    </main>
  );
}

/** A withdrawal's details, when the address names one (`?withdrawal=<id>`). */
function OpenWithdrawal() {
  const [params, changeParams] = useAddressParams();
  const close = () =>
    changeParams((current) => {
      current.delete(WITHDRAWAL_PARAM);
      return current;
    });
  return <WithdrawalDetails withdrawalId={params.get(WITHDRAWAL_PARAM)} onClose={close} />;
}

/** A withdrawal row's link: this page with the withdrawal's details open. */
const withdrawalLink = (withdrawalId: string) =>
  `?${new URLSearchParams({ [WITHDRAWAL_PARAM]: withdrawalId }).toString()}`;

function Totals() {
  const { data, error, isLoading, refetch } = useGetDashboardQuery();
  if ((!isLoading || error) && !data)
    return (
      <section className="kobo-card kobo-history-totals-error">
        <ErrorState
          title="Your totals could not be loaded"
          message={errorMessage(error, 'Please check your connection and try again.')}
          onRetry={() => void refetch()}
        />
      </section>
    );
  // While loading, the cards keep their shape with a placeholder figure.
  const figure = (value: string | undefined) => value ?? <span className="bp6-skeleton">₦0,000.00</span>;
  return (
    <div className="kobo-grid kobo-history-totals" aria-busy={isLoading}>
      <StatCard
        label="Total Earnings"
        icon="trending-up"
        value={figure(data && formatNaira(data.totalEarnings))}
      />
      <StatCard
        label="Total Tasks"
        icon="tick-circle"
        value={figure(data && data.totalTasks.toLocaleString('en-NG'))}
      />
      <StatCard
        label="Total Withdrawn"
        icon="bank-account"
        value={figure(data && formatNaira(data.totalWithdrawn))}
      />
    </div>
  );
}

/** The signup bonus lands in the activity balance: its row says what that balance still needs. */
function useActivityRemark(): (transaction: Transaction) => string | null {
  const { data } = useGetDashboardQuery();
  return (transaction) =>
    data && transaction.type === 'bonus'
      ? activityMinimumNote(data.activityBalance, data.withdrawalRules.minActivity)
      : null;
}

function Transactions() {
  const { data, error, isLoading, isFetching, fulfilledTimeStamp, refetch } = useGetTransactionsQuery();
  const remarkOf = useActivityRemark();
  const [query, setQuery] = useState('');
  const all = useMemo(() => newestFirst(data ?? []), [data]);
  const shown = useMemo(() => filterTransactions(all, query), [all, query]);
  const searching = query.trim() !== '';

  let body;
  if (isLoading && !error) body = <LoadingState label="Loading your transactions..." />;
  else if (!data)
    body = (
      <ErrorState
        title="Your transactions could not be loaded"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void refetch()}
      />
    );
  else if (all.length === 0)
    body = (
      <EmptyState
        icon="history"
        title="No transaction history"
        description="Your transactions will appear here once you start completing tasks and earning rewards."
        action={
          <ButtonLink
            to="/dashboard/tasks"
            intent="primary"
            variant="solid"
            icon="list"
            text="Browse tasks"
          />
        }
      />
    );
  else if (shown.length === 0)
    body = (
      <EmptyState
        icon="search"
        title="No matching transactions"
        description={`Nothing in your history matches "${query.trim()}".`}
        action={<Button icon="cross" text="Clear search" onClick={() => setQuery('')} />}
      />
    );
  else
    body = (
      <TransactionList
        transactions={shown}
        label="Transaction history, newest first"
        withdrawalLink={withdrawalLink}
        remarkOf={remarkOf}
      />
    );

  return (
    <section className="kobo-card kobo-history-list" aria-labelledby="history-transactions">
      <div className="kobo-history-toolbar">
        <div>
          <h2 id="history-transactions">Transactions</h2>
          {data && all.length > 0 ? (
            <p className="kobo-muted" aria-live="polite">
              {searching ? `${shown.length} of ${all.length} shown` : `${all.length} in total, newest first`}
            </p>
          ) : null}
        </div>
        <div className="kobo-history-search">
          <label htmlFor="history-search" className="kobo-visually-hidden">
            Search transactions
          </label>
          <InputGroup
            id="history-search"
            type="search"
            leftIcon="search"
            placeholder="Search transactions..."
            value={query}
            disabled={!data || all.length === 0}
            onChange={(event) => setQuery(event.target.value)}
            rightElement={
              searching ? (
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label="Clear search"
                  onClick={() => setQuery('')}
                />
              ) : undefined
            }
          />
        </div>
      </div>
      <StaleNotice read={{ data, error, fulfilledTimeStamp, isFetching, refetch }} />
      {body}
    </section>
  );
}
