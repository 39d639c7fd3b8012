/**
 * The campaign routes' request and answer shapes: the edge where the client's words meet ours. The
 * client calls a campaign a task (`/api/tasks`, `taskId`, `taskName`, ...: docs/product/api-contract.md#user-calls);
 * those names live here and in the routes and views, and nowhere deeper.
 */
import { z } from 'zod';
import { AVAILABLE_CAMPAIGN_SORTS, type AvailableCampaignSort } from '@kobo/projector';

/** The campaign list's orders, as the campaigns read model lists the campaigns open to users. */
export const campaignSorts = AVAILABLE_CAMPAIGN_SORTS;
export type CampaignSort = AvailableCampaignSort;

export const campaignListQuery = z.object({
  sort: z.enum(campaignSorts).optional(),
  /** A platform key (facebook, playstore, ...) or a group: social-media, music-streaming, app-stores. */
  platform: z.string().trim().max(40).optional(),
});

/** The campaign taken part in, as the client names it (`taskId`). */
export const takePartBody = z.object({
  taskId: z.string({ error: 'Task id is required' }).trim().min(1, 'Task id is required').max(200),
});

/** A campaign open to users, as the client's task list shows it. */
export const campaignSchema = z
  .object({
    _id: z.string(),
    taskName: z.string(),
    taskInstructions: z.string(),
    /** Naira, 2 decimals. */
    taskPrice: z.number(),
    taskUrl: z.string(),
    taskPlatform: z.string(),
    taskVariation: z.string(),
    remainingUnits: z.number().int(),
    /** Estimated minutes. */
    taskTime: z.number().int(),
    /** A short-lived link to the guide image, or null. */
    taskImage: z.string().nullable(),
    /** Whether the signed-in user already submitted (or completed) this campaign. */
    submitted: z.boolean(),
  })
  .meta({ id: 'Campaign' });

/** The answer to submitting a proof or completing an activity: the submission made. */
export const submissionSchema = z
  .object({
    _id: z.string(),
    /** The campaign's id. */
    taskId: z.string(),
    userId: z.string(),
    /** 'task': a proof, reviewed later; 'activity': completed at once. */
    kind: z.enum(['task', 'activity']),
    /** The stored proof's key (GET /uploads/link?key= turns it into a link); null for an activity. */
    proofImage: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'rejected']),
    /** Naira, 2 decimals: what approval pays (an activity is paid at once). */
    reward: z.number(),
    submittedAt: z.string(),
  })
  .meta({ id: 'Submission' });

export const takePartAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  submission: submissionSchema,
});

export type CampaignView = z.output<typeof campaignSchema>;
export type SubmissionView = z.output<typeof submissionSchema>;

/** One line of the submissions screen (GET /users/submissions): the submission and its review. */
export const submissionListEntrySchema = z.object({
  id: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  taskPlatform: z.string(),
  reward: z.number(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type SubmissionListEntry = z.output<typeof submissionListEntrySchema>;
