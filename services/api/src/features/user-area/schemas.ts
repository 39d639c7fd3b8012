/** Request and response shapes of the user area (user-site.md sections 3, 5 and 7). */
import { z } from 'zod';
import { authMessages } from '../auth/messages';

export const messages = {
  profileFields: 'Please fill in all fields before updating.',
  bankFields: 'Please fill in all bank details before updating.',
  bankNotListed: 'Please choose your bank from the list.',
  accountNumber: 'Account number must be 10 digits.',
  profileUpdated: 'Profile updated successfully!',
  bankUpdated: 'Bank details updated successfully!',
  withdrawalSubmitted: 'Withdrawal request submitted successfully!',
  activityWithdrawalSubmitted: 'Activity withdrawal request submitted successfully!',
  invalidAmount: 'Please enter a valid amount.',
  withdrawalType: "Withdrawal type must be 'withdrawal' or 'activityWithdrawal'.",
  userNotFound: 'User not found.',
  currentPasswordNeeded: 'Please enter your current password to change your email or bank details.',
  /** The change-password route's words. */
  currentPasswordWrong: authMessages.currentPasswordWrong,
} as const;

// ---- requests --------------------------------------------------------------------------------

const profileField = z
  .string({ error: messages.profileFields })
  .trim()
  .min(1, messages.profileFields)
  .max(200, 'This field must be at most 200 characters');
const bankField = z
  .string({ error: messages.bankFields })
  .trim()
  .min(1, messages.bankFields)
  .max(200, 'This field must be at most 200 characters');

export const profileUpdateBody = z.object({
  firstName: profileField.optional(),
  lastName: profileField.optional(),
  email: profileField.optional(),
  phone: profileField.optional(),
  bankDetails: z
    .object(
      { bankName: bankField, accountNum: bankField, accountName: bankField },
      { error: messages.bankFields },
    )
    .optional(),
  /** Needed when the email changes or bank details are set or changed (a stolen session is not enough). */
  currentPassword: z
    .string({ error: messages.currentPasswordNeeded })
    .max(1024, messages.currentPasswordWrong)
    .optional(),
});
export type ProfileUpdateBody = z.output<typeof profileUpdateBody>;

/** Naira as a JSON number or a numeric string, at most 2 decimals; at most ₦1,000,000,000. */
const nairaAmount = z
  .union([z.number(), z.string()], { error: messages.invalidAmount })
  .refine(
    (value) =>
      /^\d{1,10}(\.\d{1,2})?$/.test(typeof value === 'number' ? String(value) : value.trim()) &&
      Number(value) > 0 &&
      Number(value) <= 1_000_000_000,
    messages.invalidAmount,
  );

export const withdrawalBody = z.object({
  amount: nairaAmount,
  type: z.enum(['withdrawal', 'activityWithdrawal'], { error: messages.withdrawalType }),
});

export const statementQuery = z.object({
  balance: z
    .enum(['account', 'activity', 'hold'], { error: "Balance must be 'account', 'activity' or 'hold'." })
    .default('account'),
});

/** Path of GET /users/statement/entries/:eventId/proof (any text: an id that is not an event is a 404). */
export const entryProofParams = z.object({ eventId: z.string() });

// ---- responses (documentation) ---------------------------------------------------------------

const bankDetails = z.object({ bankName: z.string(), accountNum: z.string(), accountName: z.string() });

export const profileSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  referralCode: z.string(),
  bankDetails,
});

export const dashboardSchema = profileSchema.extend({
  accountBalance: z.number(),
  activityBalance: z.number(),
  heldBalance: z.number(),
  totalTasks: z.number().int(),
  totalEarnings: z.number(),
  totalReferrals: z.number().int(),
  totalWithdrawn: z.number(),
  withdrawalRules: z.object({ minAccount: z.number(), minActivity: z.number(), fee: z.number() }),
});

export const profileUpdatedSchema = z.object({ message: z.string(), profile: profileSchema });

export const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(['withdrawal', 'activityWithdrawal', 'referral', 'bonus', 'task', 'activity', 'other']),
  title: z.string(),
  amount: z.number(),
  status: z.enum(['Completed', 'Pending', 'Failed']),
  withdrawalId: z
    .string()
    .nullable()
    .describe('The withdrawal this transaction is (GET /users/withdrawals); null for the rest'),
  // Where the withdrawal's money is, in the one vocabulary every screen speaks.
  state: z
    .enum(['requested', 'approved', 'sending', 'paid', 'failed', 'declined', 'reversed'])
    .nullable()
    .describe(
      "A withdrawal's state: failed, declined and reversed each mean the money is back on the balance; null for the rest",
    ),
  createdAt: z.string(),
});

export const payoutStates = ['awaiting_approval', 'queued', 'paid', 'failed', 'cancelled'] as const;

export const withdrawalSchema = z.object({
  id: z.string(),
  amount: z.number(),
  fee: z.number(),
  type: z.enum(['withdrawal', 'activityWithdrawal']),
  status: z.enum(['pending', 'approved', 'rejected', 'paid', 'payout_failed']),
  payoutState: z.enum(payoutStates),
  reference: z.string().nullable(),
  bankDetails,
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
});

export const balancesSchema = z.object({
  accountBalance: z.number(),
  activityBalance: z.number(),
  heldBalance: z.number(),
});

export const withdrawalSubmittedSchema = z.object({
  message: z.string(),
  withdrawal: withdrawalSchema,
  balances: balancesSchema,
});

export const statementSchema = z.object({
  account: z.string(),
  balance: z.number(),
  entries: z.array(
    z.object({
      eventId: z.string(),
      /** The event's place in the ledger (global position). */
      position: z.number().int(),
      hash: z.string(),
      type: z.string(),
      /** What happened, in words: 'Task approved: <task name>', 'Withdrawal requested', ... */
      title: z.string(),
      amount: z.number(),
      runningBalance: z.number(),
      recordedAt: z.string(),
    }),
  ),
});

export const entryProofSchema = z.object({
  eventId: z.string(),
  position: z.number().int(),
  /** The hash of the event before it in the log (64 zeros for the first event). */
  previousHash: z.string(),
  /** The hash stored with the event. */
  hash: z.string(),
  /** SHA-256(previousHash || canonical encoding of the stored event), computed now. */
  recomputedHash: z.string(),
  /** hash = recomputedHash, the event links to the previous hash, and the next event links back. */
  verified: z.boolean(),
  nextHash: z.string().nullable(),
  /** Whether the next event's previous-hash is this hash; null for the newest event. */
  nextLinksBack: z.boolean().nullable(),
  checkedAt: z.string(),
});
