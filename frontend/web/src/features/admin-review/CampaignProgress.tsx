import { ProgressBar } from '@blueprintjs/core';
import type { AdminCampaign } from './api';
import { progressPercent } from './campaigns';

/** A campaign's completed units against its units, capped at 100% (docs/product/staff-area.md#what-the-admin-screens-show). */
export function CampaignProgress({
  campaign,
}: {
  campaign: Pick<AdminCampaign, 'completedUnits' | 'taskUnits'>;
}) {
  const percent = progressPercent(campaign.completedUnits, campaign.taskUnits);
  return (
    <div className="kobo-campaign-progress">
      <div className="kobo-campaign-progress-line">
        <span>Progress</span>
        <span>
          {campaign.completedUnits} of {campaign.taskUnits} ({percent}%)
        </span>
      </div>
      <ProgressBar
        value={percent / 100}
        intent="success"
        stripes={false}
        animate={false}
        aria-label={`Progress: ${campaign.completedUnits} of ${campaign.taskUnits} completed`}
      />
    </div>
  );
}
