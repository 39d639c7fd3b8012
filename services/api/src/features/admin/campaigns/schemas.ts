/** Request shapes of the admin campaign and review routes; the decider words the missing-field messages. */
import { CAMPAIGN_TEXT_LIMITS, campaignTextTooLong, type CampaignText } from '@kobo/ledger';
import { z } from 'zod';
import { CAMPAIGN_SORTS } from '@kobo/projector';
import { pagingQuery } from '../../../http';
import { countInput, nairaInput } from '../wire';

/** A blank form field counts as not given. */
const blankIsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
/** A text the campaign keeps, at most as long as the ledger allows (the field message says how long). */
const boundedText = (field: CampaignText) =>
  z.string().max(CAMPAIGN_TEXT_LIMITS[field].max, campaignTextTooLong(field));

const campaignFields = {
  taskName: boundedText('title').optional(),
  taskPlatform: boundedText('platform').optional(),
  taskVariation: boundedText('variation').optional(),
  taskInstructions: boundedText('instructions').optional(),
  taskUrl: boundedText('url').optional(),
  taskPrice: z.preprocess(blankIsMissing, nairaInput('Price per unit').optional()),
  taskUnits: z.preprocess(blankIsMissing, countInput().optional()),
  /** Estimated minutes. */
  taskTime: z.preprocess(blankIsMissing, countInput().optional()),
  /** Object-store key of the guide image; null removes it. */
  taskImage: boundedText('image').nullable().optional(),
};

export const createCampaignBody = z.object({
  ...campaignFields,
  taskStatus: z.enum(['active', 'draft']).optional(),
});

export const updateCampaignBody = z.object({
  ...campaignFields,
  taskStatus: z.enum(['active', 'paused', 'completed', 'draft']).optional(),
});

export type CampaignFields = z.output<typeof updateCampaignBody>;

export const campaignListQuery = z.object({
  ...pagingQuery(CAMPAIGN_SORTS),
  status: z
    .enum(['active', 'paused', 'completed', 'draft', 'awaiting_approval', 'rejected'], {
      error: 'Status is active, paused, completed, draft, awaiting_approval or rejected',
    })
    .optional(),
  /** Comma-separated platform keys or groups (social-media, music-streaming, app-stores). */
  platform: z
    .string()
    .max(200)
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .optional(),
  submissions: z.enum(['all', 'none'], { error: 'Submissions is all or none' }).optional(),
});

export const campaignQuery = z.object({ submissions: campaignListQuery.shape.submissions });

export const submissionListQuery = z.object({
  ...pagingQuery(['submittedAt']),
  status: z
    .enum(['pending', 'approved', 'rejected'], { error: 'Status is pending, approved or rejected' })
    .optional(),
});

/** A campaign's id in the path, as the client names it (`/admin/tasks/:taskId`). */
export const campaignIdParams = z.object({ taskId: z.string().trim().min(1).max(200) });
export const idParams = z.object({ id: z.string().trim().min(1).max(200) });

/** The old client names the campaign twice (campaignId and taskId) and the submitter by userId. */
export const reviewBody = z.object({
  campaignId: z.string().trim().optional(),
  taskId: z.string().trim().optional(),
  userId: z.string().trim().optional(),
  submissionId: z.string().trim().optional(),
  reason: z.string().trim().max(500).optional(),
});

export const statusAnswer = z.object({ status: z.string(), message: z.string() });
export const reviewAnswer = z.object({ status: z.literal('success'), message: z.string() });

/** A submission as the admin review screen reads it (campaign.completedBy). */
export const adminSubmissionSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    username: z.string(),
    fullName: z.string(),
    userEmail: z.string(),
    userAvatar: z.null(),
    /** The stored proof's key (GET /uploads/link turns it into a link); null for an activity. */
    proofImage: z.string().nullable(),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'rejected']),
    kind: z.enum(['task', 'activity']),
    /** Naira: what the submission earns (0 once rejected). */
    earnings: z.number(),
    flags: z.array(z.string()),
    reason: z.string().nullable(),
  })
  .meta({ id: 'AdminSubmission' });

/** A campaign in the old server's shape (docs/product/staff-area.md#what-the-admin-screens-show); money in naira. */
export const adminCampaignSchema = z
  .object({
    _id: z.string(),
    taskId: z.string(),
    taskName: z.string(),
    taskPlatform: z.string(),
    taskVariation: z.string(),
    taskInstructions: z.string(),
    taskUrl: z.string(),
    taskPrice: z.number(),
    taskUnits: z.number().int(),
    completedUnits: z.number().int(),
    pendingUnits: z.number().int(),
    rejectedUnits: z.number().int(),
    /**
     * awaiting_approval: its total reward is above the approval threshold and waits for a finance
     * user (no one can take part yet); rejected: finance turned it down (rejectionReason says why).
     */
    taskStatus: z.enum(['active', 'paused', 'completed', 'draft', 'awaiting_approval', 'rejected']),
    rejectionReason: z.string().nullable(),
    taskTime: z.number().int(),
    estimatedTime: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Object-store key of the guide image. */
    taskImage: z.string().nullable(),
    spent: z.number(),
    budget: z.number(),
    totalCost: z.number(),
    /** Units still open: neither approved nor waiting for review. */
    remaining: z.number().int(),
    /** Naira still in the campaign's escrow. */
    escrowBalance: z.number(),
    participants: z.number().int(),
    completedBy: z.array(adminSubmissionSchema),
  })
  .meta({ id: 'AdminCampaign' });

/** A pending submission in the review queue: the submission with the campaign it is for. */
export const pendingProofSchema = adminSubmissionSchema
  .extend({
    campaignId: z.string(),
    taskName: z.string(),
    taskPlatform: z.string(),
    taskVariation: z.string(),
    taskStatus: adminCampaignSchema.shape.taskStatus,
  })
  .meta({ id: 'PendingProof' });

const pagingFields = pagingQuery(['submittedAt']);

export const pendingProofQuery = z.object({
  page: pagingFields.page,
  pageSize: pagingFields.pageSize,
  after: pagingFields.after,
  campaignId: z.string().trim().min(1).max(200, 'Campaign id is at most 200 characters').optional(),
  /** Comma-separated platform keys or groups, as the campaign list's filter. */
  platform: campaignListQuery.shape.platform,
});

export type AdminSubmission = z.output<typeof adminSubmissionSchema>;
export type PendingProof = z.output<typeof pendingProofSchema>;
export type AdminCampaign = z.output<typeof adminCampaignSchema>;

/** Create and edit answer the campaign as read back (null only if it vanished meanwhile). */
export const campaignAnswer = z.object({ message: z.string(), task: adminCampaignSchema.nullable() });
