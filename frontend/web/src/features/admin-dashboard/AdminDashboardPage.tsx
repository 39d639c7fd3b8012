/**
 * The admin dashboard (/admin, docs/product/staff-area.md#admin-screens): the platform's figures as the server keeps
 * them, and the two queues that wait for an admin. The spec's fixed percent-change texts are left
 * out: they would be made-up figures.
 */
import { Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { formatNaira } from '../../shared/money';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { PageHeader } from '../../shared/ui/PageHeader';
import { StatCard } from '../../shared/ui/StatCard';
import { ErrorState } from '../../shared/ui/states';
import { useGetAdminStatsQuery, type AdminStats } from '../../shared/api/admin';
import './admin-dashboard.css';

const count = (value: number) => value.toLocaleString('en-NG');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** Stands in for a figure until the server's answer, the card keeping its size (no layout shift). */
const placeholder = (text: string) => (
  <span className="bp6-skeleton" aria-hidden="true">
    {text}
  </span>
);

/** The figures; without `stats` (loading), the same cards with placeholders in their place. */
function Figures({ stats }: { stats?: AdminStats }) {
  if (!stats)
    return (
      <div aria-busy="true">
        <p className="kobo-visually-hidden" role="status">
          Loading the figures...
        </p>
        <div className="kobo-grid kobo-admin-dashboard-stats">
          {['Total Users', 'Total Campaigns', 'Total Withdrawn'].map((label) => (
            <StatCard
              key={label}
              label={label}
              value={placeholder('0,000')}
              hint={placeholder('Loading the figure')}
            />
          ))}
        </div>
        <h2 className="kobo-admin-dashboard-title">Waiting for you</h2>
        <div className="kobo-grid kobo-admin-dashboard-stats">
          {['Pending Withdrawals', 'Proofs awaiting review'].map((label) => (
            <StatCard
              key={label}
              label={label}
              value={placeholder('000')}
              hint={placeholder('Loading the figure')}
            />
          ))}
        </div>
      </div>
    );
  return (
    <>
      <div className="kobo-grid kobo-admin-dashboard-stats">
        <StatCard
          label="Total Users"
          icon="people"
          value={count(stats.totalUsers)}
          hint={`${count(stats.activeUsers)} active · ${count(stats.inactiveUsers)} inactive · ${count(stats.suspendedUsers)} suspended`}
        />
        <StatCard
          label="Total Campaigns"
          icon="projects"
          value={count(stats.totalCampaigns)}
          hint={`${count(stats.activeCampaigns)} active now`}
        />
        <StatCard
          label="Total Withdrawn"
          icon="bank-account"
          tone="brand"
          value={<span className="kobo-money">{formatNaira(stats.totalWithdrawn)}</span>}
          hint="Paid out to users' bank accounts"
        />
      </div>
      <h2 className="kobo-admin-dashboard-title">Waiting for you</h2>
      <div className="kobo-grid kobo-admin-dashboard-stats">
        <StatCard
          label="Pending Withdrawals"
          icon="time"
          value={count(stats.pendingWithdrawals)}
          hint={
            <>
              <span className="kobo-money">{formatNaira(stats.pendingWithdrawalAmount)}</span> waiting for
              approval
            </>
          }
        />
        <Link to="/admin/review" className="kobo-admin-dashboard-card-link">
          <StatCard
            label="Proofs awaiting review"
            icon="media"
            value={count(stats.pendingSubmissions)}
            hint="Task submissions to approve or reject"
          />
        </Link>
      </div>
    </>
  );
}

function QuickLink({ to, icon, title, text }: { to: string; icon: IconName; title: string; text: string }) {
  return (
    <Link to={to} className="kobo-card kobo-admin-dashboard-link">
      <span className="kobo-admin-dashboard-link-icon" aria-hidden="true">
        <Icon icon={icon} size={20} />
      </span>
      <span className="kobo-admin-dashboard-link-text">
        <span className="kobo-admin-dashboard-link-title">{title}</span>
        <span className="kobo-muted">{text}</span>
      </span>
      <Icon icon="chevron-right" aria-hidden className="kobo-admin-dashboard-link-arrow" />
    </Link>
  );
}

export function AdminDashboardPage() {
  const stats = useGetAdminStatsQuery(undefined, { refetchOnMountOrArgChange: true });

  let body;
  if (stats.isLoading) body = <Figures />;
  else if (!stats.data)
    body = (
      <ErrorState
        title="Could not load the figures"
        message={errorMessage(stats.error, 'Please check your connection and try again.')}
        onRetry={() => void stats.refetch()}
      />
    );
  else body = <Figures stats={stats.data} />;

  const pending = stats.data;
  return (
    <main className="kobo-page kobo-admin-dashboard">
      <PageHeader
        title="Dashboard"
        note={<AsOf fulfilledTimeStamp={stats.fulfilledTimeStamp} />}
        subtitle="Kobo at a glance: people, campaigns and money paid out."
      />
      <StaleNotice read={stats} />
      {body}
      <section aria-labelledby="admin-quick-links">
        <h2 id="admin-quick-links" className="kobo-admin-dashboard-title">
          Quick links
        </h2>
        <div className="kobo-admin-dashboard-links">
          <QuickLink
            to="/admin/users"
            icon="people"
            title="Users"
            text={
              pending
                ? `${plural(pending.totalUsers, 'user', 'users')} to manage`
                : 'Find, add and edit users'
            }
          />
          <QuickLink
            to="/admin/campaigns"
            icon="projects"
            title="Campaigns"
            text={
              pending
                ? `${plural(pending.activeCampaigns, 'campaign', 'campaigns')} running`
                : 'Create, edit, pause and resume campaigns'
            }
          />
          <QuickLink
            to="/admin/withdrawals"
            icon="bank-account"
            title="Withdrawals"
            text={
              pending
                ? `${plural(pending.pendingWithdrawals, 'request', 'requests')} to approve or reject`
                : 'Approve or reject withdrawal requests'
            }
          />
          <QuickLink
            to="/admin/active-campaigns"
            icon="endorsed"
            title="Active Campaigns"
            text={
              pending
                ? `${plural(pending.pendingSubmissions, 'proof', 'proofs')} to review`
                : 'Review the proofs users sent'
            }
          />
        </div>
      </section>
    </main>
  );
}
