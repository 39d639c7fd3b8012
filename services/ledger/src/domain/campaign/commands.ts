/** What can be asked of a campaign stream (campaign-{campaignId}). Amounts are kobo. */
import type { Kobo } from '../../money';
import type { Actor } from '../actor';
import type { CampaignDetails, LookAlike } from '../events';
import type { CampaignRules } from '../money-rules';

type Command<Type extends string, Data> = { type: Type; data: Data };

export type CreateCampaign = Command<
  'CreateCampaign',
  {
    campaignId: string;
    title: string;
    platform: string;
    variation?: string;
    instructions?: string;
    url: string;
    /** Price per unit; missing is refused with the form's message. */
    price: Kobo | null | undefined;
    units: number | null | undefined;
    /** Minutes; 5 when not given. */
    estimatedMinutes?: number;
    image?: string | null;
    /** 'active' unless created as a draft. */
    status?: 'active' | 'draft';
    by: Actor;
    /** The price cap and the approval threshold; absent: their defaults. */
    rules?: CampaignRules;
  }
>;
export type UpdateCampaign = Command<
  'UpdateCampaign',
  { campaignId: string; changes: Partial<CampaignDetails>; by: Actor; rules?: CampaignRules }
>;
/** A finance user approves the campaign's pending approval request (`approvalId`). */
export type ApproveCampaign = Command<
  'ApproveCampaign',
  { campaignId: string; approvalId: string; by: Actor }
>;
/** A finance user turns the campaign down: it ends and its escrow goes back. */
export type RejectCampaign = Command<
  'RejectCampaign',
  { campaignId: string; approvalId: string; reason: string; by: Actor }
>;
export type PauseCampaign = Command<'PauseCampaign', { campaignId: string; by: Actor }>;
/** Resumes a paused campaign, or publishes a draft. */
export type ResumeCampaign = Command<'ResumeCampaign', { campaignId: string; by: Actor }>;
export type CompleteCampaign = Command<'CompleteCampaign', { campaignId: string; by: Actor }>;
export type DeleteCampaign = Command<'DeleteCampaign', { campaignId: string; by: Actor }>;
export type SubmitTask = Command<
  'SubmitTask',
  { campaignId: string; submissionId: string; userId: string; proofImage: string }
>;
export type RecordVerification = Command<
  'RecordVerification',
  {
    campaignId: string;
    submissionId: string;
    perceptualHash: string | null;
    flags: string[];
    /** Whose look-alike proofs the flags are (SubmissionVerified); none when absent. */
    lookAlikes?: LookAlike[];
  }
>;
export type ApproveSubmission = Command<
  'ApproveSubmission',
  { campaignId: string; submissionId: string; by: Actor }
>;
export type RejectSubmission = Command<
  'RejectSubmission',
  { campaignId: string; submissionId: string; reason: string; by: Actor }
>;
export type CompleteActivity = Command<
  'CompleteActivity',
  { campaignId: string; submissionId: string; userId: string }
>;

export type CampaignCommand =
  | CreateCampaign
  | UpdateCampaign
  | ApproveCampaign
  | RejectCampaign
  | PauseCampaign
  | ResumeCampaign
  | CompleteCampaign
  | DeleteCampaign
  | SubmitTask
  | RecordVerification
  | ApproveSubmission
  | RejectSubmission
  | CompleteActivity;
