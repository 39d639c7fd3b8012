/** Answer shapes of the admin withdrawals routes (money in naira). */
import { WITHDRAWAL_STATES, type WithdrawalState } from '@kobo/ledger';
import { z } from 'zod';
import { withdrawalStateSchema } from '../../user-area/schemas';
import { pagingQuery } from '../../../http';
import { sharedBankAccountSchema } from '../users/shared-bank-accounts';
import { erasedAtField } from '../wire';
import { WITHDRAWAL_SORTS } from './views';

export const withdrawalListQuery = z.object({
  ...pagingQuery(WITHDRAWAL_SORTS),
  status: z
    .enum(['pending', 'approved', 'rejected'], { error: 'Status is pending, approved or rejected' })
    .optional(),
  state: z
    .enum(WITHDRAWAL_STATES as [WithdrawalState, ...WithdrawalState[]], {
      error: `State is one of ${WITHDRAWAL_STATES.join(', ')}`,
    })
    .optional(),
});

export const adminWithdrawalSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    fullName: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string(),
    erasedAt: erasedAtField,
    amount: z.number(),
    withdrawalAmount: z.number(),
    fee: z.number(),
    method: z.literal('Bank Transfer'),
    type: z.enum(['withdrawal', 'activityWithdrawal']),
    createdAt: z.string(),
    /** The old client's three words: every later payout status was approved (`state` says where the money is). */
    status: z.enum(['pending', 'approved', 'rejected']),
    state: withdrawalStateSchema,
    bankCode: z.string().nullable(),
    totalTasks: z.number().int(),
    totalReferrals: z.number().int(),
    accountBalance: z.number(),
    activityBalance: z.number(),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    accountDetails: z.string(),
    sharedBankAccount: sharedBankAccountSchema,
    transactionId: z.string(),
    payoutReference: z.string().nullable(),
    sentAt: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    failureReason: z.string().nullable(),
    reversedAt: z.string().nullable(),
    reversalReason: z.string().nullable(),
    /** The payout provider's words when it held the payout for finance. */
    heldReason: z.string().nullable(),
    needsConfirmation: z
      .boolean()
      .describe('Above WITHDRAWAL_CONFIRM_ABOVE_NAIRA: approving it must be confirmed (`confirmed: true`)'),
    undoableUntil: z
      .string()
      .nullable()
      .describe(
        'While approved and before this time its approval may be undone (POST /admin/withdrawals/undo)',
      ),
  })
  .meta({ id: 'AdminWithdrawal' });

/** What the desk shows beside a request before it is approved (GET /admin/withdrawals/{withdrawalId}/checks). */
export const withdrawalChecksSchema = z
  .object({
    withdrawalId: z.string(),
    accountCreatedAt: z.string().nullable().describe('When the user signed up (null: the user is gone)'),
    bankDetailsSetAt: z
      .string()
      .nullable()
      .describe(
        'When the user last set or changed their bank details (null: not known, saved before it was kept)',
      ),
    accountNameCheck: z
      .enum(['resolved', 'unchecked'])
      .nullable()
      .describe(
        "resolved: the account name is the bank's own (name enquiry); unchecked: as typed; null: not said",
      ),
    accountNameMatchesUser: z
      .boolean()
      .describe(
        "The account name this withdrawal pays holds the user's first and last names (any order, any case)",
      ),
    earlierPayouts: z.object({
      count: z.number().int().describe("The user's other withdrawals paid (reversed ones not counted)"),
      total: z.number().describe('Their amounts together, naira'),
      lastPaidAt: z.string().nullable(),
      lastAmount: z.number().nullable(),
    }),
    sharedBankAccount: sharedBankAccountSchema,
  })
  .meta({ id: 'WithdrawalChecks' });

export type WithdrawalChecks = z.output<typeof withdrawalChecksSchema>;

export type AdminWithdrawal = z.output<typeof adminWithdrawalSchema>;
