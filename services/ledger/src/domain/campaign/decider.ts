/** The campaign decider: campaign-{campaignId}, the campaign, its escrow and its submissions. */
import type { Decider } from '../decider';
import type { CampaignEvent } from '../events';
import { approveCampaign, rejectCampaign } from './approval';
import type { CampaignCommand } from './commands';
import {
  completeCampaign,
  createCampaign,
  deleteCampaign,
  pauseCampaign,
  resumeCampaign,
  updateCampaign,
} from './lifecycle';
import { evolveCampaign, initialCampaignState, restoreCampaignState, type CampaignState } from './state';
import {
  approveSubmission,
  completeActivity,
  recordVerification,
  rejectSubmission,
  submitTask,
} from './submissions';

export function decideCampaign(command: CampaignCommand, state: CampaignState): CampaignEvent[] {
  switch (command.type) {
    case 'CreateCampaign':
      return createCampaign(command, state);
    case 'UpdateCampaign':
      return updateCampaign(command, state);
    case 'ApproveCampaign':
      return approveCampaign(command, state);
    case 'RejectCampaign':
      return rejectCampaign(command, state);
    case 'PauseCampaign':
      return pauseCampaign(command, state);
    case 'ResumeCampaign':
      return resumeCampaign(command, state);
    case 'CompleteCampaign':
      return completeCampaign(command, state);
    case 'DeleteCampaign':
      return deleteCampaign(command, state);
    case 'SubmitTask':
      return submitTask(command, state);
    case 'RecordVerification':
      return recordVerification(command, state);
    case 'ApproveSubmission':
      return approveSubmission(command, state);
    case 'RejectSubmission':
      return rejectSubmission(command, state);
    case 'CompleteActivity':
      return completeActivity(command, state);
  }
}

export const campaignDecider: Decider<CampaignState, CampaignCommand, CampaignEvent> = {
  decide: decideCampaign,
  evolve: evolveCampaign,
  initialState: initialCampaignState,
  snapshot: { kind: 'campaign@2', restore: restoreCampaignState },
};
