import { Button, Icon, type IconName } from '@blueprintjs/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { useGetDashboardQuery, useGetTransactionsQuery } from '../../shared/api/account';
import { RECENT_TRANSACTIONS_SHOWN } from '../../shared/constants';
import { activityMinimumNote } from '../../shared/activity-minimum';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { newestFirst } from '../../shared/transactions';
import { Money } from '../../shared/ui/Money';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { TransactionList } from '../../shared/ui/TransactionList';
import { useHiddenBalances } from './hidden-balances';
import { InvitationCard } from './InvitationCard';
import { OverviewCarousel } from './OverviewCarousel';
import { PayoutProblemCallout } from './PayoutProblemCallout';
import { WelcomePopup } from './WelcomePopup';
import './dashboard.css';

const QUICK_ACTIONS: { to: string; label: string; hint: string; icon: IconName }[] = [
  { to: '/dashboard/tasks', label: 'Perform Tasks', hint: 'Earn from new tasks', icon: 'clipboard' },
  { to: '/dashboard/withdraw', label: 'Withdraw', hint: 'Cash out to your bank', icon: 'bank-account' },
  { to: '/dashboard/settings', label: 'Settings', hint: 'Profile and bank details', icon: 'cog' },
  { to: '/dashboard/history', label: 'History', hint: 'Every transaction', icon: 'history' },
];

/** Shows the server's message once per failure, as well as the error state on the page. */
function useErrorToast(error: unknown, fallback: string) {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(errorMessage(error, fallback));
  }, [error, fallback, toast]);
}

function BalanceCard({
  label,
  hint,
  amount,
  icon,
  hidden,
  brand = false,
}: {
  label: string;
  hint: string;
  amount: number;
  icon: IconName;
  hidden: boolean;
  brand?: boolean;
}) {
  return (
    <section
      className={`kobo-card kobo-dashboard-balance${brand ? ' kobo-dashboard-balance-brand' : ''}`}
      aria-label={label}
    >
      <div className="kobo-dashboard-balance-head">
        <p className="kobo-dashboard-balance-label">{label}</p>
        <span className="kobo-dashboard-balance-icon" aria-hidden="true">
          <Icon icon={icon} size={16} />
        </span>
      </div>
      <p className="kobo-dashboard-balance-value">
        {hidden ? <span aria-label="Hidden">₦ ••••••</span> : <Money amount={amount} />}
      </p>
      <p className="kobo-dashboard-balance-hint">{hint}</p>
    </section>
  );
}

/** A withdrawal in the recent list opens its details on the history page. */
const historyLink = (withdrawalId: string) =>
  `/dashboard/history?withdrawal=${encodeURIComponent(withdrawalId)}`;

function RecentTransactions() {
  const { data, error, isLoading, isFetching, fulfilledTimeStamp, refetch } = useGetTransactionsQuery();
  useErrorToast(error, 'We could not load your transactions.');
  const recent = data ? newestFirst(data).slice(0, RECENT_TRANSACTIONS_SHOWN) : [];

  return (
    <section className="kobo-card kobo-dashboard-section" aria-labelledby="recent-title">
      <div className="kobo-dashboard-section-head">
        <h2 id="recent-title" className="kobo-dashboard-title">
          Recent Transactions
        </h2>
        {recent.length > 0 ? <Link to="/dashboard/history">View all</Link> : null}
      </div>
      <StaleNotice read={{ data, error, fulfilledTimeStamp, isFetching, refetch }} />
      {isLoading && !error ? (
        <LoadingState label="Loading transactions..." />
      ) : error && !data ? (
        <ErrorState
          title="Transactions unavailable"
          message={errorMessage(error, 'We could not load your transactions.')}
          onRetry={refetch}
        />
      ) : recent.length === 0 ? (
        <EmptyState
          icon="exchange"
          title="No recent transactions"
          description="Your recent transactions will appear here once you start completing tasks and earning rewards."
        />
      ) : (
        <TransactionList transactions={recent} label="Recent transactions" withdrawalLink={historyLink} />
      )}
    </section>
  );
}

export function DashboardPage() {
  const {
    data: dashboard,
    error,
    isLoading,
    isFetching,
    fulfilledTimeStamp,
    refetch,
  } = useGetDashboardQuery();
  useErrorToast(error, 'We could not load your dashboard.');
  const [hidden, toggleHidden] = useHiddenBalances();

  return (
    <main className="kobo-page kobo-dashboard">
      <header className="kobo-dashboard-greeting">
        {/* The name comes from the last-known answer or the server's; until one is known, a placeholder. */}
        <h1>
          {isLoading && !error ? (
            <>
              Hi,{' '}
              <span className="bp6-skeleton" aria-hidden="true">
                Username
              </span>
            </>
          ) : (
            `Hi, ${dashboard?.firstName || dashboard?.username || 'Boss'}`
          )}
          <AsOf fulfilledTimeStamp={dashboard ? fulfilledTimeStamp : undefined} />
        </h1>
        <div className="kobo-dashboard-greeting-line">
          <p className="kobo-muted">Here is your money at a glance.</p>
          <Button
            variant="minimal"
            size="small"
            icon={hidden ? 'eye-open' : 'eye-off'}
            text={hidden ? 'Show balances' : 'Hide balances'}
            aria-pressed={hidden}
            onClick={toggleHidden}
          />
        </div>
      </header>

      <StaleNotice read={{ data: dashboard, error, fulfilledTimeStamp, isFetching, refetch }} />
      {/* A failure stays said while a retry runs (no spinner in its place). */}
      {isLoading && !error ? (
        <LoadingState label="Loading your dashboard..." />
      ) : !dashboard ? (
        <div className="kobo-card kobo-dashboard-section">
          <ErrorState
            title="Your dashboard is unavailable"
            message={errorMessage(error, 'We could not load your dashboard.')}
            onRetry={refetch}
          />
        </div>
      ) : (
        <>
          <div className="kobo-dashboard-balances">
            <BalanceCard
              brand
              label="Account Balance"
              hint="Available for withdrawal"
              amount={dashboard.accountBalance}
              icon="bank-account"
              hidden={hidden}
            />
            <BalanceCard
              label="Activity Balance"
              hint={activityMinimumNote(dashboard.activityBalance, dashboard.withdrawalRules.minActivity, {
                hidden,
              })}
              amount={dashboard.activityBalance}
              icon="flash"
              hidden={hidden}
            />
          </div>
          <PayoutProblemCallout />
          {dashboard.heldBalance > 0 ? (
            <p className="kobo-dashboard-held">
              <Icon icon="time" size={14} aria-hidden />
              <span>
                <strong>{hidden ? '₦ ••••••' : formatNaira(dashboard.heldBalance)}</strong> waiting for
                approval
              </span>
              <Link to="/dashboard/history">Details</Link>
            </p>
          ) : null}

          <section className="kobo-dashboard-section-plain" aria-labelledby="actions-title">
            <h2 id="actions-title" className="kobo-dashboard-title">
              Quick Actions
            </h2>
            <ul className="kobo-dashboard-actions">
              {QUICK_ACTIONS.map((action) => (
                <li key={action.to}>
                  <Link to={action.to} className="kobo-card kobo-dashboard-action">
                    <span className="kobo-dashboard-action-icon" aria-hidden="true">
                      <Icon icon={action.icon} size={18} />
                    </span>
                    <span className="kobo-dashboard-action-label">{action.label}</span>
                    <span className="kobo-dashboard-action-hint">{action.hint}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <Link to="/dashboard/statement" className="kobo-card kobo-dashboard-statement">
              <span className="kobo-dashboard-action-icon" aria-hidden="true">
                <Icon icon="th-list" size={18} />
              </span>
              <span>
                <span className="kobo-dashboard-action-label">Statement</span>
                <span className="kobo-dashboard-action-hint">
                  Account for every kobo: each ledger entry behind your balances.
                </span>
              </span>
              <Icon icon="chevron-right" aria-hidden className="kobo-dashboard-statement-arrow" />
            </Link>
          </section>

          <OverviewCarousel
            stats={[
              {
                label: 'Total Tasks',
                value: dashboard.totalTasks.toLocaleString('en-NG'),
                hint: 'Tasks completed',
                icon: 'tick-circle',
              },
              {
                label: 'Total Earnings',
                value: <Money amount={dashboard.totalEarnings} />,
                hint: 'Rewards and bonuses',
                icon: 'trending-up',
              },
              {
                label: 'Total Referrals',
                value: dashboard.totalReferrals.toLocaleString('en-NG'),
                hint: 'Friends who joined',
                icon: 'people',
              },
              {
                label: 'Total Withdrawn',
                value: <Money amount={dashboard.totalWithdrawn} />,
                hint: 'Paid to your bank',
                icon: 'bank-account',
              },
            ]}
          />

          <div className="kobo-dashboard-columns">
            <RecentTransactions />
            <InvitationCard referralCode={dashboard.referralCode} />
          </div>
        </>
      )}
      <WelcomePopup username={dashboard?.username} />
    </main>
  );
}
