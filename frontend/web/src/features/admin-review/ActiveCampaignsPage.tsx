/**
 * Active Campaigns (docs/product/staff-area.md#admin-screens): the running campaigns with their progress, a
 * search and platform filter kept in the URL, and for each card the way to its review queue and
 * the pause/resume toggle.
 */
import { Button, ButtonGroup, Card, FormGroup, HTMLSelect, Icon, InputGroup, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { formatDate } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { StatCard } from '../../shared/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { platformOf } from '../campaigns/platforms';
import { useGetAdminCampaignsQuery, useToggleCampaignStatusMutation, type AdminCampaign } from './api';
import {
  CAMPAIGN_SORTS,
  PENDING_FILTERS,
  PLATFORM_FILTERS,
  STATUS_VIEWS,
  countByStatus,
  filterCampaigns,
  parseCampaignSort,
  parsePendingFilter,
  parseStatusView,
  remainingUnits,
  summarise,
} from './campaigns';
import { CampaignProgress } from './CampaignProgress';
import { REVIEW_QUEUE_PATH, proofsLine } from './review-queue';
import './admin-review.css';

const TOGGLE_FAILED = 'Failed to change campaign status. Please try again.';

export function ActiveCampaignsPage() {
  const campaigns = useGetAdminCampaignsQuery();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const platform = params.get('platform') ?? '';
  const status = parseStatusView(params.get('status'));
  const pending = parsePendingFilter(params.get('pending'));
  const sort = parseCampaignSort(params.get('sort'));

  function setParam(name: string, value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  const all = useMemo(() => campaigns.data ?? [], [campaigns.data]);
  const summary = useMemo(() => summarise(all), [all]);
  const byStatus = useMemo(() => countByStatus(all), [all]);
  const shown = useMemo(
    () => filterCampaigns(all, { search, platform, status, pending, sort }),
    [all, search, platform, status, pending, sort],
  );

  let body;
  if (campaigns.isLoading) body = <LoadingState label="Loading campaigns..." />;
  else if (!campaigns.data)
    body = (
      <ErrorState
        title="Could not load campaigns"
        message={errorMessage(campaigns.error, 'Please check your connection and try again.')}
        onRetry={() => void campaigns.refetch()}
      />
    );
  else
    body = (
      <>
        <div className="kobo-grid kobo-review-stats">
          <StatCard label="Total Active" value={summary.totalActive} icon="pulse" tone="brand" />
          <StatCard label="Total Participants" value={summary.totalParticipants} icon="people" />
          <StatCard label="Total Budget" value={formatNaira(summary.totalBudget)} icon="bank-account" />
          <StatCard label="Completed Tasks" value={summary.completedTasks} icon="tick-circle" />
        </div>
        <ButtonGroup className="kobo-review-status-toggle" aria-label="Campaign status">
          {STATUS_VIEWS.map((view) => (
            <Button
              key={view.value}
              variant={status === view.value ? 'solid' : 'outlined'}
              intent={status === view.value ? 'primary' : 'none'}
              aria-pressed={status === view.value}
              text={`${view.label} (${byStatus[view.value]})`}
              onClick={() => setParam('status', view.value === 'active' ? '' : view.value)}
            />
          ))}
        </ButtonGroup>
        <div className="kobo-card kobo-review-filters" role="search">
          <FormGroup
            label="Search campaigns"
            labelFor="kobo-review-search"
            className="kobo-review-filter-search"
          >
            <InputGroup
              id="kobo-review-search"
              type="search"
              leftIcon="search"
              placeholder="Search by title"
              value={search}
              onValueChange={(value) => setParam('q', value)}
            />
          </FormGroup>
          <FormGroup label="Proofs to review" labelFor="kobo-review-pending">
            <HTMLSelect
              id="kobo-review-pending"
              value={pending}
              onChange={(event) => setParam('pending', event.currentTarget.value)}
              options={PENDING_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              fill
            />
          </FormGroup>
          <FormGroup label="Sort" labelFor="kobo-review-sort">
            <HTMLSelect
              id="kobo-review-sort"
              value={sort}
              onChange={(event) =>
                setParam('sort', event.currentTarget.value === 'newest' ? '' : event.currentTarget.value)
              }
              options={CAMPAIGN_SORTS.map((f) => ({ value: f.value, label: f.label }))}
              fill
            />
          </FormGroup>
          <FormGroup label="Platform" labelFor="kobo-review-platform">
            <HTMLSelect
              id="kobo-review-platform"
              value={platform}
              onChange={(event) => setParam('platform', event.currentTarget.value)}
              options={PLATFORM_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              fill
            />
          </FormGroup>
        </div>
        {shown.length === 0 ? (
          <div className="kobo-card">
            <EmptyState
              icon="search"
              title="No campaigns found"
              description={
                search || platform || pending
                  ? 'No running campaign matches this search. Clear the filters to see them all.'
                  : status === 'paused'
                    ? 'No campaign is paused right now.'
                    : 'There are no active campaigns right now.'
              }
            />
          </div>
        ) : (
          <ul className="kobo-review-campaigns" aria-label="Campaigns">
            {shown.map((campaign) => (
              <li key={campaign._id}>
                <CampaignCard campaign={campaign} />
              </li>
            ))}
          </ul>
        )}
      </>
    );

  return (
    <main className="kobo-page">
      <PageHeader
        title={
          <span className="kobo-review-title">
            Active Campaigns
            {campaigns.data ? (
              <Tag round intent="success" aria-label={`${summary.totalActive} active`}>
                {summary.totalActive}
              </Tag>
            ) : null}
          </span>
        }
        subtitle="Running campaigns and their review queues."
        actions={
          <ButtonLink
            to={REVIEW_QUEUE_PATH}
            icon="inbox"
            intent="primary"
            variant="solid"
            text="Review queue"
          />
        }
      />
      {body}
    </main>
  );
}

function StatusBadge({ status }: { status: AdminCampaign['taskStatus'] }) {
  const intent = status === 'active' ? 'success' : status === 'paused' ? 'warning' : 'none';
  return (
    <Tag round minimal intent={intent} className="kobo-review-status">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Tag>
  );
}

function CampaignCard({ campaign }: { campaign: AdminCampaign }) {
  const [toggle, toggling] = useToggleCampaignStatusMutation();
  const toast = useToast();
  const { label, icon, color } = platformOf(campaign.taskPlatform);
  const paused = campaign.taskStatus === 'paused';
  const pending = campaign.pendingUnits;
  const titleId = `kobo-review-campaign-${campaign._id}`;

  async function onToggle() {
    try {
      const answer = await toggle(campaign._id).unwrap();
      toast.success(
        `The campaign has been ${answer.status === 'paused' ? 'paused' : 'resumed'} successfully.`,
      );
    } catch (error) {
      toast.error(errorMessage(error, TOGGLE_FAILED));
    }
  }

  return (
    <Card className="kobo-card kobo-review-campaign" aria-labelledby={titleId}>
      <div className="kobo-review-campaign-top">
        <span className="kobo-review-platform">
          <Icon icon={icon} size={14} style={{ color }} aria-hidden />
          {label}
        </span>
        <span className="kobo-review-campaign-badges">
          <Tag
            round
            intent={pending > 0 ? 'warning' : 'none'}
            minimal={pending === 0}
            className="kobo-review-pending-badge"
          >
            {proofsLine(pending)}
          </Tag>
          <StatusBadge status={campaign.taskStatus} />
        </span>
      </div>
      <h2 className="kobo-review-campaign-title" id={titleId}>
        {campaign.taskName}
      </h2>
      <p className="kobo-review-campaign-description kobo-muted">{campaign.taskInstructions}</p>
      <CampaignProgress campaign={campaign} />
      <dl className="kobo-review-facts">
        <div>
          <dt>Completed</dt>
          <dd>{campaign.completedUnits}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd>{remainingUnits(campaign)}</dd>
        </div>
        <div>
          <dt>Price/Task</dt>
          <dd className="kobo-money">{formatNaira(campaign.taskPrice)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd className="kobo-money">{formatNaira(campaign.escrowBalance)}</dd>
        </div>
        <div>
          <dt>Est. Time</dt>
          <dd>{campaign.taskTime} min</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(campaign.createdAt)}</dd>
        </div>
      </dl>
      <div className="kobo-review-campaign-actions">
        <ButtonLink
          to={`/admin/active-campaigns/${encodeURIComponent(campaign._id)}/review`}
          icon="eye-open"
          intent="primary"
          variant="solid"
          text={pending > 0 ? `Review Tasks (${pending})` : 'Review Tasks'}
          aria-label={`Review Tasks for ${campaign.taskName}${pending > 0 ? `, ${pending} pending` : ''}`}
        />
        <Button
          variant="outlined"
          icon={paused ? 'play' : 'pause'}
          intent={paused ? 'success' : 'warning'}
          text={paused ? 'Resume' : 'Pause'}
          loading={toggling.isLoading}
          onClick={() => void onToggle()}
          aria-label={`${paused ? 'Resume' : 'Pause'} ${campaign.taskName}`}
        />
      </div>
    </Card>
  );
}
