/** Turns the old client's campaign fields and status changes into campaign commands. */
import {
  AWAITING_APPROVAL,
  CAMPAIGN_REJECTED,
  currentCampaign,
  kobo,
  type CampaignDetails,
  type CampaignState,
} from '@kobo/ledger';
import type { ApiContext } from '../../../context';
import { HttpProblem, type Principal, principalActor } from '../../../http';
import type { CampaignFields } from './schemas';

export function detailsFrom(fields: CampaignFields): Partial<CampaignDetails> {
  const details: Partial<CampaignDetails> = {};
  if (fields.taskName !== undefined) details.title = fields.taskName;
  if (fields.taskPlatform !== undefined) details.platform = fields.taskPlatform;
  if (fields.taskVariation !== undefined) details.variation = fields.taskVariation;
  if (fields.taskInstructions !== undefined) details.instructions = fields.taskInstructions;
  if (fields.taskUrl !== undefined) details.url = fields.taskUrl;
  if (fields.taskPrice !== undefined) details.price = kobo(fields.taskPrice);
  if (fields.taskUnits !== undefined) details.units = fields.taskUnits;
  if (fields.taskTime !== undefined) details.estimatedMinutes = fields.taskTime;
  if (fields.taskImage !== undefined) details.image = fields.taskImage;
  return details;
}

/** The campaign as the ledger has it (the read model may lag a toggle just made). */
export async function readCampaign(ctx: ApiContext, campaignId: string): Promise<CampaignState> {
  return currentCampaign(ctx.store, campaignId);
}

export async function requireCampaign(ctx: ApiContext, campaignId: string): Promise<CampaignState> {
  const state = await readCampaign(ctx, campaignId);
  if (state.existence === 'none' || state.status === 'deleted')
    throw new HttpProblem('not_found', 'Campaign not found.');
  return state;
}

type Status = NonNullable<CampaignFields['taskStatus']>;

/** Moves a campaign to the status asked for; the same status again changes nothing. */
export async function setCampaignStatus(
  ctx: ApiContext,
  principal: Principal,
  state: CampaignState,
  wanted: Status,
  /** Without an Idempotency-Key (the toggle has none), undefined. */
  commandId: string | undefined,
): Promise<number> {
  const data = { campaignId: state.campaignId, by: principalActor(principal) };
  if (wanted === state.status) return 0;
  switch (wanted) {
    case 'active':
      return (await ctx.commands.resumeCampaign(data, { commandId })).lastPosition;
    case 'paused':
      return (await ctx.commands.pauseCampaign(data, { commandId })).lastPosition;
    case 'completed':
      return (await ctx.commands.completeCampaign(data, { commandId })).lastPosition;
    case 'draft':
      throw new HttpProblem('conflict', 'A published campaign cannot go back to draft.', {
        taskStatus: 'A published campaign cannot go back to draft.',
      });
  }
}

/** The toggle: active pauses, paused (or a draft) goes live; an ended campaign has no toggle. */
export function toggledStatus(state: CampaignState): 'active' | 'paused' {
  if (state.status === 'active') return 'paused';
  if (state.status === 'paused' || state.status === 'draft') return 'active';
  if (state.status === 'awaiting_approval') throw new HttpProblem('conflict', AWAITING_APPROVAL);
  if (state.status === 'rejected') throw new HttpProblem('conflict', CAMPAIGN_REJECTED);
  throw new HttpProblem('conflict', 'A completed campaign cannot be paused or resumed.');
}
