/**
 * A campaign whose total reward is above the approval threshold waits for a second person
 * (separation of duties, like a balance change): a finance user other than the admin who asked
 * approves it (it takes the status its request named) or rejects it (it ends: pending submissions
 * are turned down and its escrow goes back).
 */
import { Accounts, transfer } from '../../money';
import { conflict, forbidden, invalid, notFound } from '../errors';
import type { CampaignApproved, CampaignEvent, CampaignRejected } from '../events';
import { isBlank } from '../text';
import type { ApproveCampaign, RejectCampaign } from './commands';
import { pendingRejections, requireCampaign } from './lifecycle';
import type { CampaignApproval, CampaignState } from './state';

export const CAMPAIGN_NOT_APPROVED = 'This campaign was not approved by finance.';

function requireApproval(state: CampaignState, approvalId: string): CampaignApproval {
  requireCampaign(state);
  const approval = state.approval;
  if (!approval || approval.approvalId !== approvalId) throw notFound('Adjustment not found.');
  return approval;
}

export function approveCampaign(command: ApproveCampaign, state: CampaignState): CampaignApproved[] {
  const { campaignId, approvalId, by } = command.data;
  const approval = requireApproval(state, approvalId);
  if (approval.state === 'approved') return [];
  if (approval.state === 'rejected') throw conflict('This campaign was already rejected.');
  // The same person, whatever role they asked in.
  if (approval.requestedBy.id === by.id) throw forbidden('You cannot approve a campaign you asked for.');
  return [
    {
      type: 'CampaignApproved',
      data: { campaignId, approvalId, total: approval.total, status: approval.statusAfter, by },
    },
  ];
}

export function rejectCampaign(command: RejectCampaign, state: CampaignState): CampaignEvent[] {
  const { campaignId, approvalId, reason, by } = command.data;
  const approval = requireApproval(state, approvalId);
  if (approval.state === 'rejected') return [];
  if (approval.state === 'approved') throw conflict('This campaign was already approved.');
  if (isBlank(reason)) throw invalid('Please give a reason for the rejection.', 'reason');
  const refund = state.escrow;
  const rejected: CampaignRejected = {
    type: 'CampaignRejected',
    data: {
      campaignId,
      approvalId,
      reason: reason.trim(),
      by,
      refund,
      postings: refund > 0 ? transfer(Accounts.campaignEscrow(campaignId), Accounts.world, refund) : [],
    },
  };
  return [...pendingRejections(state, campaignId, CAMPAIGN_NOT_APPROVED, by), rejected];
}
