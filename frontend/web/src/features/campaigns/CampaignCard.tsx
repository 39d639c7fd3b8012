import { Button, Icon, Tag } from '@blueprintjs/core';
import { Money } from '../../shared/ui/Money';
import type { Campaign, Submission } from './api';
import { PlatformBadge } from './PlatformBadge';
import { isActivity } from './platforms';
import { SubmissionStateTag } from './SubmissionState';

function unitsLeft(units: number): string {
  return `${units.toLocaleString('en-NG')} ${units === 1 ? 'unit' : 'units'} left`;
}

/**
 * One campaign in the grid (a task, in the screen's words). A campaign the person already took part
 * in shows where it stands instead of the Perform Task button (one submission per user per campaign).
 */
export function CampaignCard({
  campaign,
  submission,
  onPerform,
}: {
  campaign: Campaign;
  /** The person's submission for this campaign, when the submissions list knows it. */
  submission?: Submission;
  onPerform: (campaign: Campaign) => void;
}) {
  const titleId = `kobo-campaign-${campaign._id}`;
  return (
    <article className="kobo-card kobo-campaigns-card" aria-labelledby={titleId}>
      <div className="kobo-campaigns-card-top">
        <PlatformBadge platform={campaign.taskPlatform} />
        <span className="kobo-campaigns-card-price">
          <Money amount={campaign.taskPrice} />
        </span>
      </div>
      <h2 id={titleId} className="kobo-campaigns-card-title">
        {campaign.taskName}
      </h2>
      <p className="kobo-campaigns-card-text">{campaign.taskInstructions}</p>
      <div className="kobo-campaigns-card-bottom">
        <span className="kobo-muted kobo-campaigns-units">
          <Icon icon="layers" size={12} aria-hidden /> {unitsLeft(campaign.remainingUnits)}
        </span>
        {campaign.submitted ? (
          <span className="kobo-campaigns-card-state">
            {submission ? (
              <SubmissionStateTag status={submission.status} />
            ) : (
              <Tag minimal round intent="primary" icon="tick">
                {isActivity(campaign.taskPlatform) ? 'Completed' : 'Submitted'}
              </Tag>
            )}
          </span>
        ) : (
          <Button
            intent="primary"
            text="Perform Task"
            endIcon="arrow-right"
            aria-label={`Perform Task: ${campaign.taskName}`}
            onClick={() => onPerform(campaign)}
          />
        )}
      </div>
      {submission?.status === 'rejected' && submission.rejectionReason ? (
        <p className="kobo-campaigns-card-reason">
          <strong>Reason:</strong> {submission.rejectionReason}
        </p>
      ) : null}
    </article>
  );
}
