/**
 * Campaigns with their progress: details, status and unit counters from the campaign's own stream
 * (`campaigns`), and what was paid from its escrow by events of the users' streams, RewardCredited
 * (`campaign_payouts`). The two are kept apart because only a row changed by one stream may be
 * overwritten or updated: read from Kafka's partitions, a user's stream may be applied before the
 * campaign's (decision 0028). The escrow balance is the sum of both rows' escrow columns.
 */
import {
  type CampaignDetails,
  type CampaignStatus,
  postingsOf,
  type RecordedKoboEvent,
  streams,
} from '@kobo/ledger';
import { ops, timeOf, type Projection, type Row, type RowOp } from '../../projection';
import { parseCampaignEscrow } from '../accounts';

/** A row of `campaigns`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface CampaignRow {
  campaign_id: string;
  title: string;
  platform: string;
  variation: string;
  instructions: string;
  url: string;
  price: number;
  units: number;
  estimated_minutes: number;
  image: string | null;
  status: CampaignStatus;
  /** Why finance rejected it (status `rejected`). */
  rejection_reason: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  /** Approved submissions plus completed activities. */
  approved: number;
  pending: number;
  rejected: number;
  participants: number;
  /** Postings to the escrow by the campaign's own events (funded when created, returned when it ends). */
  escrow_held: number;
  /** Generated: units not yet approved or reserved by a pending submission. */
  remaining: number;
  /** Generated: units × price. */
  budget: number;
}

/** A row of `campaign_payouts`: what the users' streams took from a campaign's escrow, in kobo. */
export interface CampaignPayoutsRow {
  campaign_id: string;
  /** Rewards credited for the campaign's approved submissions. */
  total_paid: number;
  /** Postings to the escrow by the users' events (rewards: negative). */
  escrow_paid: number;
}

function detailColumns(details: Partial<CampaignDetails>): Row {
  return {
    title: details.title,
    platform: details.platform,
    variation: details.variation,
    instructions: details.instructions,
    url: details.url,
    price: details.price,
    units: details.units,
    estimated_minutes: details.estimatedMinutes,
    image: details.image,
  };
}

function campaignChanges(event: RecordedKoboEvent): RowOp[] {
  const at = timeOf(event);
  const key = 'campaignId' in event.data ? { campaign_id: event.data.campaignId } : null;
  const touch = (set: Row = {}, add: Record<string, number> = {}) =>
    key ? [ops.update('campaigns', key, { set: { ...set, updated_at: at }, add })] : [];
  switch (event.type) {
    case 'CampaignCreated':
      return [
        ops.insert('campaigns', {
          campaign_id: event.data.campaignId,
          ...detailColumns(event.data.details),
          image: event.data.details.image,
          status: event.data.status,
          created_by: event.data.by.id,
          created_at: at,
          updated_at: at,
        }),
      ];
    case 'CampaignUpdated':
      return touch(detailColumns(event.data.changes));
    case 'CampaignApprovalRequested':
      return touch({ status: 'awaiting_approval' });
    case 'CampaignApproved':
      return touch({ status: event.data.status });
    case 'CampaignRejected':
      return touch({ status: 'rejected', rejection_reason: event.data.reason });
    case 'CampaignPaused':
      return touch({ status: 'paused' });
    case 'CampaignResumed':
      return touch({ status: 'active' });
    case 'CampaignCompleted':
      return touch({ status: 'completed' });
    case 'CampaignDeleted':
      return touch({ status: 'deleted' });
    case 'TaskSubmitted':
      return touch({}, { pending: 1, participants: 1 });
    case 'SubmissionApproved':
      return touch({}, { pending: -1, approved: 1 });
    case 'SubmissionRejected':
      return touch({}, { pending: -1, rejected: 1 });
    case 'ActivityCompleted':
      return touch({}, { approved: 1, participants: 1 });
    case 'RewardCredited':
      return [
        ops.upsert(
          'campaign_payouts',
          { campaign_id: event.data.campaignId },
          { add: { total_paid: event.data.amount } },
        ),
      ];
    default:
      return [];
  }
}

export const campaigns: Projection<'campaigns'> = {
  name: 'campaigns',
  description: 'campaign details, status, unit progress, escrow balance and totals',
  tables: [
    { name: 'campaigns', key: ['campaign_id'] },
    { name: 'campaign_payouts', key: ['campaign_id'] },
  ],
  handle(event) {
    const changes = campaignChanges(event);
    for (const posting of postingsOf(event)) {
      const campaignId = parseCampaignEscrow(posting.account);
      if (!campaignId) continue;
      const key = { campaign_id: campaignId };
      changes.push(
        event.streamId === streams.campaign(campaignId)
          ? ops.update('campaigns', key, { add: { escrow_held: posting.amount } })
          : ops.upsert('campaign_payouts', key, { add: { escrow_paid: posting.amount } }),
      );
    }
    return changes;
  },
};
