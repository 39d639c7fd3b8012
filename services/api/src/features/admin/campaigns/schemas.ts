/** Request shapes of the admin campaign and review routes; the decider words the missing-field messages. */
import { z } from 'zod';
import { countInput, nairaInput } from '../wire';

/** A blank form field counts as not given. */
const blankIsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalText = () => z.string().optional();

const campaignFields = {
  taskName: optionalText(),
  taskPlatform: optionalText(),
  taskVariation: optionalText(),
  taskInstructions: optionalText(),
  taskUrl: optionalText(),
  taskPrice: z.preprocess(blankIsMissing, nairaInput('Price per unit').optional()),
  taskUnits: z.preprocess(blankIsMissing, countInput().optional()),
  /** Estimated minutes. */
  taskTime: z.preprocess(blankIsMissing, countInput().optional()),
  /** Object-store key of the guide image; null removes it. */
  taskImage: z.string().nullable().optional(),
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

export const taskIdParams = z.object({ taskId: z.string().trim().min(1).max(200) });
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
