/** Query shapes of the finance routes. */
import { z } from 'zod';

const time = (label: string) =>
  z
    .string()
    .trim()
    .refine((text) => !Number.isNaN(Date.parse(text)), `${label} must be a date and time (ISO 8601)`)
    .transform((text) => new Date(text));

export const rangeQuery = z.object({
  from: time('From').optional(),
  to: time('To').optional(),
});

const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};

export const journalQuery = rangeQuery.extend({
  account: z.string().trim().min(1).max(200).optional(),
  type: z.string().trim().min(1).max(100).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...paging,
});

export const statementQuery = rangeQuery.extend(paging);

export const balanceQuery = z.object({
  at: time('At').optional(),
  limit: z.coerce.number().int().min(0).max(1000).default(100),
});

export const accountParams = z.object({ account: z.string().trim().min(1).max(200) });

export const payoutStates = ['pending', 'paid', 'failed', 'all'] as const;
export const payoutsQuery = z.object({ state: z.enum(payoutStates).default('pending') });

export const withdrawalParams = z.object({ withdrawalId: z.string().trim().min(1).max(200) });
export const markPaidBody = z.object({
  reference: z
    .string({ error: 'The bank reference is required.' })
    .trim()
    .min(1, 'The bank reference is required.')
    .max(200),
});
export const markFailedBody = z.object({
  reason: z
    .string({ error: 'A reason is required when a payout fails.' })
    .trim()
    .min(1, 'A reason is required when a payout fails.')
    .max(500),
});
