/**
 * A campaign's card on the grid and its detail dialog (docs/product/staff-area.md#admin-screens, #what-the-admin-screens-show). Money is the
 * server's (budget, spent, escrow left); only unit counts and the percent are derived here.
 */
import { Button, Card, Dialog, DialogBody, DialogFooter, Tag } from '@blueprintjs/core';
import { formatDate } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import type { AdminCampaign } from '../admin-review/api';
import { CampaignProgress } from '../admin-review/CampaignProgress';
import { remainingUnits } from '../admin-review/campaigns';
import { platformLabel } from './campaign-platforms';
import { STATUS_LABELS } from './campaigns-list';
import { CampaignImage } from './CampaignImage';

const STATUS_INTENT = {
  active: 'success',
  paused: 'warning',
  completed: 'primary',
  draft: 'none',
  awaiting_approval: 'warning',
  rejected: 'danger',
} as const;

export function StatusTag({ status }: { status: AdminCampaign['taskStatus'] }) {
  return (
    <Tag round minimal intent={STATUS_INTENT[status]} className="kobo-admin-campaigns-status">
      {STATUS_LABELS[status]}
    </Tag>
  );
}

export const AWAITING_APPROVAL_NOTE =
  'Its total reward is above the approval amount: it goes live once a finance user approves it. No one can take part until then.';

/** Why the campaign is not running, when finance holds or turned it down. */
export function ApprovalNote({ campaign }: { campaign: AdminCampaign }) {
  if (campaign.taskStatus === 'awaiting_approval')
    return <p className="kobo-muted kobo-admin-campaigns-approval">{AWAITING_APPROVAL_NOTE}</p>;
  if (campaign.taskStatus === 'rejected')
    return (
      <p className="kobo-admin-campaigns-approval">
        Rejected by finance{campaign.rejectionReason ? `: ${campaign.rejectionReason}` : '.'} Its escrow went
        back.
      </p>
    );
  return null;
}

export interface CampaignActions {
  onView: (campaign: AdminCampaign) => void;
  onEdit: (campaign: AdminCampaign) => void;
  onToggle: (campaign: AdminCampaign) => void;
  onDelete: (campaign: AdminCampaign) => void;
  /** The campaign whose status change is under way. */
  toggling: string | null;
}

export function CampaignCard({ campaign, actions }: { campaign: AdminCampaign; actions: CampaignActions }) {
  const titleId = `kobo-admin-campaigns-title-${campaign._id}`;
  const canToggle = campaign.taskStatus === 'active' || campaign.taskStatus === 'paused';
  const paused = campaign.taskStatus === 'paused';
  return (
    <Card className="kobo-card kobo-admin-campaigns-card" aria-labelledby={titleId}>
      <div className="kobo-admin-campaigns-card-top">
        <CampaignImage imageKey={campaign.taskImage} platform={campaign.taskPlatform} />
        <div className="kobo-admin-campaigns-card-heading">
          <h2 className="kobo-admin-campaigns-card-title" id={titleId}>
            {campaign.taskName}
          </h2>
          <p className="kobo-muted kobo-admin-campaigns-card-platform">
            {platformLabel(campaign.taskPlatform)} · {campaign.taskVariation}
          </p>
        </div>
        <StatusTag status={campaign.taskStatus} />
      </div>
      <ApprovalNote campaign={campaign} />
      <CampaignProgress campaign={campaign} />
      <dl className="kobo-admin-campaigns-facts">
        <div>
          <dt>Price/Unit</dt>
          <dd className="kobo-money">{formatNaira(campaign.taskPrice)}</dd>
        </div>
        <div>
          <dt>Units</dt>
          <dd>{campaign.taskUnits.toLocaleString('en-NG')}</dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd className="kobo-money">{formatNaira(campaign.budget)}</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd className="kobo-money">{formatNaira(campaign.spent)}</dd>
        </div>
        <div>
          <dt>Balance left</dt>
          <dd className="kobo-money">{formatNaira(campaign.escrowBalance)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(campaign.createdAt)}</dd>
        </div>
      </dl>
      <div className="kobo-admin-campaigns-actions">
        <Button
          variant="outlined"
          icon="eye-open"
          text="View"
          aria-label={`View ${campaign.taskName}`}
          onClick={() => actions.onView(campaign)}
        />
        <Button
          variant="outlined"
          icon="edit"
          text="Edit"
          aria-label={`Edit ${campaign.taskName}`}
          onClick={() => actions.onEdit(campaign)}
        />
        {canToggle ? (
          <Button
            variant="outlined"
            icon={paused ? 'play' : 'pause'}
            intent={paused ? 'success' : 'warning'}
            text={paused ? 'Resume' : 'Pause'}
            aria-label={`${paused ? 'Resume' : 'Pause'} ${campaign.taskName}`}
            loading={actions.toggling === campaign._id}
            onClick={() => actions.onToggle(campaign)}
          />
        ) : null}
        <Button
          variant="minimal"
          intent="danger"
          icon="trash"
          className="kobo-admin-campaigns-delete"
          title="Delete"
          aria-label={`Delete ${campaign.taskName}`}
          onClick={() => actions.onDelete(campaign)}
        />
      </div>
    </Card>
  );
}

export function CampaignDetailsDialog({
  campaign,
  onClose,
}: {
  campaign: AdminCampaign | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={campaign !== null}
      onClose={onClose}
      title="Campaign details"
      icon="info-sign"
      className="kobo-admin-campaigns-dialog"
    >
      {campaign ? (
        <>
          <DialogBody>
            <div className="kobo-admin-campaigns-card-top">
              <CampaignImage
                imageKey={campaign.taskImage}
                platform={campaign.taskPlatform}
                thumb={false}
                alt={`Guide image of ${campaign.taskName}`}
              />
              <div className="kobo-admin-campaigns-card-heading">
                <h2 className="kobo-admin-campaigns-card-title">{campaign.taskName}</h2>
                <p className="kobo-muted kobo-admin-campaigns-card-platform">
                  {platformLabel(campaign.taskPlatform)} · {campaign.taskVariation}
                </p>
              </div>
              <StatusTag status={campaign.taskStatus} />
            </div>
            <ApprovalNote campaign={campaign} />
            <CampaignProgress campaign={campaign} />
            <h3 className="kobo-admin-campaigns-subheading">Instructions</h3>
            <p className="kobo-admin-campaigns-instructions">
              {campaign.taskInstructions || <span className="kobo-muted">None given.</span>}
            </p>
            <dl className="kobo-admin-campaigns-facts">
              <div className="kobo-admin-campaigns-fact-wide">
                <dt>URL</dt>
                <dd>
                  <a href={campaign.taskUrl} target="_blank" rel="noreferrer noopener">
                    {campaign.taskUrl}
                  </a>
                </dd>
              </div>
              <div>
                <dt>Price/Unit</dt>
                <dd className="kobo-money">{formatNaira(campaign.taskPrice)}</dd>
              </div>
              <div>
                <dt>Units</dt>
                <dd>{campaign.taskUnits.toLocaleString('en-NG')}</dd>
              </div>
              <div>
                <dt>Completed</dt>
                <dd>{campaign.completedUnits}</dd>
              </div>
              <div>
                <dt>Awaiting review</dt>
                <dd>{campaign.pendingUnits}</dd>
              </div>
              <div>
                <dt>Rejected</dt>
                <dd>{campaign.rejectedUnits}</dd>
              </div>
              <div>
                <dt>Remaining</dt>
                <dd>{remainingUnits(campaign)}</dd>
              </div>
              <div>
                <dt>Open to users</dt>
                <dd>{campaign.remaining}</dd>
              </div>
              <div>
                <dt>Participants</dt>
                <dd>{campaign.participants}</dd>
              </div>
              <div>
                <dt>Total cost</dt>
                <dd className="kobo-money">{formatNaira(campaign.totalCost)}</dd>
              </div>
              <div>
                <dt>Budget</dt>
                <dd className="kobo-money">{formatNaira(campaign.budget)}</dd>
              </div>
              <div>
                <dt>Spent</dt>
                <dd className="kobo-money">{formatNaira(campaign.spent)}</dd>
              </div>
              <div>
                <dt>Balance left</dt>
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
              <div>
                <dt>Updated</dt>
                <dd>{formatDate(campaign.updatedAt)}</dd>
              </div>
              <div className="kobo-admin-campaigns-fact-wide">
                <dt>Campaign ID</dt>
                <dd className="kobo-admin-campaigns-id">{campaign._id}</dd>
              </div>
            </dl>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Close" onClick={onClose} />
                <ButtonLink
                  to={`/admin/active-campaigns/${encodeURIComponent(campaign._id)}/review`}
                  icon="eye-open"
                  intent="primary"
                  variant="solid"
                  text="Review submissions"
                />
              </>
            }
          />
        </>
      ) : null}
    </Dialog>
  );
}
