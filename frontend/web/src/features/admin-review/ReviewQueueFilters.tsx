/**
 * The review queue's filters: the campaigns with proofs waiting (and the one chosen, even with none
 * left) and the platforms.
 */
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useGetAdminCampaignsQuery } from './api';
import { PLATFORM_FILTERS } from './campaigns';
import type { QueueView } from './useReviewQueueAddress';

export function ReviewQueueFilters({
  campaignId,
  platform,
  show,
}: {
  campaignId: string;
  platform: string;
  show: (next: QueueView) => void;
}) {
  const campaigns = useGetAdminCampaignsQuery();
  const campaignOptions = useMemo(() => {
    const waiting = (campaigns.data ?? []).filter((c) => c.pendingUnits > 0 || c._id === campaignId);
    return [
      { value: '', label: 'All campaigns' },
      ...waiting.map((c) => ({ value: c._id, label: `${c.taskName} (${c.pendingUnits})` })),
      ...(campaignId && !waiting.some((c) => c._id === campaignId)
        ? [{ value: campaignId, label: `Campaign #${campaignId}` }]
        : []),
    ];
  }, [campaigns.data, campaignId]);

  return (
    <div className="kobo-card kobo-review-filters kobo-review-queue-filters" role="search">
      <FormGroup label="Campaign" labelFor="kobo-queue-campaign">
        <HTMLSelect
          id="kobo-queue-campaign"
          value={campaignId}
          onChange={(event) => show({ campaign: event.currentTarget.value })}
          options={campaignOptions}
          fill
        />
      </FormGroup>
      <FormGroup label="Platform" labelFor="kobo-queue-platform">
        <HTMLSelect
          id="kobo-queue-platform"
          value={platform}
          onChange={(event) => show({ platform: event.currentTarget.value })}
          options={PLATFORM_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          fill
        />
      </FormGroup>
    </div>
  );
}
