/** The task routes' request and answer shapes (the client's field names: docs/product/api-contract.md#user-calls). */
import { z } from 'zod';
import { AVAILABLE_CAMPAIGN_SORTS, type AvailableCampaignSort } from '@kobo/projector';

/** The task list's orders, as the campaigns read model lists the campaigns open to users. */
export const taskSorts = AVAILABLE_CAMPAIGN_SORTS;
export type TaskSort = AvailableCampaignSort;

export const taskListQuery = z.object({
  sort: z.enum(taskSorts).optional(),
  /** A platform key (facebook, playstore, ...) or a group: social-media, music-streaming, app-stores. */
  platform: z.string().trim().max(40).optional(),
});

export const submitTaskBody = z.object({
  taskId: z.string({ error: 'Task id is required' }).trim().min(1, 'Task id is required').max(200),
});

export const taskSchema = z
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
    /** Whether the signed-in user already submitted (or completed) this task. */
    submitted: z.boolean(),
  })
  .meta({ id: 'Task' });

/** The answer to submitting a task or completing an activity: the submission made. */
export const taskSubmissionSchema = z
  .object({
    _id: z.string(),
    taskId: z.string(),
    userId: z.string(),
    kind: z.enum(['task', 'activity']),
    /** The stored proof's key (GET /uploads/link?key= turns it into a link); null for an activity. */
    proofImage: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'rejected']),
    /** Naira, 2 decimals: what approval pays (an activity is paid at once). */
    reward: z.number(),
    submittedAt: z.string(),
  })
  .meta({ id: 'TaskSubmission' });

export const submitTaskAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  submission: taskSubmissionSchema,
});

export type TaskView = z.output<typeof taskSchema>;
export type TaskSubmission = z.output<typeof taskSubmissionSchema>;

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
