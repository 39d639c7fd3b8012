/** Request and answer shapes of the finance routes (money in naira, with kobo beside it where finance reconciles). */
import { z } from 'zod';
import { payoutStates } from '@kobo/projector';
import { pagingQuery, timeQuery } from '../../http';
import { withdrawalStateSchema } from '../user-area/schemas';
import { sharedBankAccountSchema } from '../admin/users/shared-bank-accounts';
import { erasedAtField } from '../admin/wire';

export const rangeQuery = z.object({
  from: timeQuery('From').optional(),
  to: timeQuery('To').optional(),
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
  at: timeQuery('At').optional(),
  limit: z.coerce.number().int().min(0).max(1000).default(100),
});

export const accountParams = z.object({ account: z.string().trim().min(1).max(200) });

/**
 * The payout desk's lists: pending (the manual desk: finance pays these by hand), sending (with
 * the provider), attention (the provider held them: its words in heldReason), and the outcomes.
 */
/** The payout desk's lists (the withdrawals read model's). */
export { payoutStates };
export const payoutsQuery = z
  .object({
    state: z.enum(payoutStates, { error: `State is one of ${payoutStates.join(', ')}` }).default('pending'),
    ...pagingQuery(['approvedAt']),
    /** [from, to) on the list's date: paid, failed or reversed for those lists, approved for the others. */
    from: timeQuery('From').optional(),
    to: timeQuery('To').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: 'To must be after From.', path: ['to'] });
export type PayoutsQuery = z.infer<typeof payoutsQuery>;

export const payoutSummarySchema = z.object({
  /** Payouts on the manual desk, not yet paid or failed. */
  awaiting: z.number().int(),
  /** What the bank must send for them, fees already taken off (naira). */
  totalToSend: z.number(),
  oldestApprovedAt: z.string().nullable(),
  /** Payouts the provider held for finance to look at. */
  needsAttention: z.number().int(),
  /** Payouts the provider is sending. */
  sending: z.number().int(),
});

export const payoutDiscrepanciesSchema = z.object({
  discrepancies: z.array(
    z.object({
      withdrawalId: z.string(),
      userId: z.string(),
      fullName: z.string(),
      erasedAt: erasedAtField,
      kind: z.enum(['success_after_failure', 'paid_twice', 'amount_mismatch']),
      provider: z.string(),
      detail: z.string(),
      foundAt: z.string(),
    }),
  ),
});

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

// ---- answers ---------------------------------------------------------------------------------------

/** One posting of one event (ledger_entries). */
export const journalEntrySchema = z
  .object({
    eventId: z.string(),
    /** The event's global position in the log. */
    position: z.number().int(),
    postingIndex: z.number().int(),
    /** The event type. */
    type: z.string(),
    account: z.string(),
    amount: z.number(),
    amountKobo: z.number().int(),
    recordedAt: z.string(),
  })
  .meta({ id: 'JournalEntry' });

/** An entry with the account's running balance after it. */
export const statementEntrySchema = journalEntrySchema
  .extend({ balance: z.number(), balanceKobo: z.number().int() })
  .meta({ id: 'StatementEntry' });

export const journalPageSchema = z.object({
  entries: z.array(journalEntrySchema),
  total: z.number().int(),
  sum: z.number(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How far the journal has read the event log. */
  journalPosition: z.number().int(),
});

export const statementSchema = z.object({
  account: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  total: z.number().int(),
  entries: z.array(statementEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  journalPosition: z.number().int(),
});

export const balanceSchema = z.object({
  account: z.string(),
  at: z.string(),
  balance: z.number(),
  balanceKobo: z.number().int(),
  entryCount: z.number().int(),
  entries: z.array(statementEntrySchema),
  journalPosition: z.number().int(),
});

export const verifyReportSchema = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().int(),
});

const projectorStates = [
  'starting',
  'follower',
  'catching-up',
  'idle',
  'failed',
  'retrying',
  'stopped',
] as const;

/** A consumer of the log (a projector or a reactor) as the answering process sees it. */
const consumerStatusSchema = z.object({
  name: z.string(),
  /** `projection` (writes read models) or `reactor` (acts outside: jobs, email). */
  kind: z.enum(['projection', 'reactor']),
  description: z.string().nullable(),
  position: z.number().int(),
  head: z.number().int(),
  lag: z.number().int(),
  state: z.enum(projectorStates),
  /** Whether the answering process runs this consumer. */
  leader: z.boolean(),
  failure: z
    .object({
      globalPosition: z.number().int(),
      eventId: z.string(),
      eventType: z.string(),
      error: z.string(),
      attempts: z.number().int(),
    })
    .nullable(),
  lastError: z.string().nullable(),
  updatedAt: z.string().nullable(),
  rebuiltAt: z.string().nullable(),
});

export const projectionsReportSchema = z.object({
  head: z.number().int(),
  /** No consumer (projector or reactor) stopped at a poison event, and no open failure. */
  ok: z.boolean(),
  projectors: z.array(consumerStatusSchema),
  /** The reactors this process runs (jobs, notices): the same runtime and status as the projectors. */
  reactors: z.array(consumerStatusSchema),
  /** Open failures of every consumer; `projector` is the consumer's name. */
  failures: z.array(
    z.object({
      projector: z.string(),
      globalPosition: z.number().int(),
      eventId: z.string(),
      eventType: z.string(),
      error: z.string(),
      attempts: z.number().int(),
      firstFailedAt: z.string().nullable(),
      lastFailedAt: z.string().nullable(),
    }),
  ),
});

export const payoutSchema = z
  .object({
    withdrawalId: z.string(),
    userId: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    erasedAt: erasedAtField,
    type: z.enum(['withdrawal', 'activityWithdrawal']),
    amount: z.number(),
    fee: z.number(),
    /** What goes to the bank account: the amount less the fee. */
    payoutAmount: z.number(),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    sharedBankAccount: sharedBankAccountSchema,
    requestedAt: z.string(),
    approvedAt: z.string().nullable(),
    approvedBy: z.string().nullable(),
    /** The approver's name, or email when they have none. */
    approvedByName: z.string().nullable(),
    state: withdrawalStateSchema,
    /** Who pays it: the provider, or finance by hand (manual); null while no desk has taken it. */
    desk: z.enum(['provider', 'manual']).nullable(),
    bankCode: z.string().nullable(),
    provider: z.string().nullable(),
    /** The bank's or provider's reference (ours while sending; the provider's transfer code once paid). */
    reference: z.string().nullable(),
    sentAt: z.string().nullable(),
    /** The provider's words when it held the payout for finance. */
    heldReason: z.string().nullable(),
    paidAt: z.string().nullable(),
    /** The staff member who marked it paid by hand; null when the provider paid it (provider names it). */
    paidBy: z.string().nullable(),
    /** Their name, or email when they have none. */
    paidByName: z.string().nullable(),
    /** The provider's own code for the transfer (Paystack's TRF_…), when it gave one. */
    transferCode: z.string().nullable(),
    failedAt: z.string().nullable(),
    failureReason: z.string().nullable(),
    reversedAt: z.string().nullable(),
    reversalReason: z.string().nullable(),
  })
  .meta({ id: 'Payout' });

export type PayoutView = z.output<typeof payoutSchema>;
export type PayoutSummary = z.output<typeof payoutSummarySchema>;

export const settledPayoutSchema = z.object({ message: z.string(), withdrawal: payoutSchema });
