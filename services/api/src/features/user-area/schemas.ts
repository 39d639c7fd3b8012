/** Request and response shapes of the user area (docs/product/user-site.md#what-the-screens-show, #form-rules; docs/product/api-contract.md#user-calls). */
import { WITHDRAWAL_STATES, type WithdrawalState } from '@kobo/ledger';
import { z } from 'zod';
import { emailField, nameField, phoneField } from '../../accounts/person-fields';
import { authMessages } from '../auth/messages';
import { submissionListEntrySchema } from '../campaigns/schemas';
import { isGuessablePin, isPinShaped, pinMessages } from '../../accounts/transaction-pin';

export const messages = {
  profileFields: 'Please fill in all fields before updating.',
  bankFields: 'Please fill in all bank details before updating.',
  bankNotListed: 'Please choose your bank from the list.',
  accountNumber: 'Account number must be 10 digits.',
  /** The account name was replaced by the one the bank holds (name enquiry). */
  bankUpdatedWithBanksName: (name: string) =>
    `Bank details updated. The account name is the one your bank holds: ${name}.`,
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

const bankField = z
  .string({ error: messages.bankFields })
  .trim()
  .min(1, messages.bankFields)
  .max(200, 'This field must be at most 200 characters');

export const profileUpdateBody = z.object({
  /** The same rules as sign-up's (accounts/person-fields.ts), with the profile's words for a blank. */
  firstName: nameField('firstName', messages.profileFields).optional(),
  lastName: nameField('lastName', messages.profileFields).optional(),
  email: emailField(messages.profileFields).optional(),
  phone: phoneField(messages.profileFields).optional(),
  /**
   * The bank by `bankCode` (GET /banks), or by `bankName` alone as the web app has always sent it.
   * `accountName` may be left out when a payout provider checks names (the bank's name is stored).
   */
  bankDetails: z
    .object(
      {
        bankCode: bankField.optional(),
        bankName: bankField.optional(),
        accountNum: bankField,
        accountName: bankField.optional(),
      },
      { error: messages.bankFields },
    )
    .refine((bank) => bank.bankCode !== undefined || bank.bankName !== undefined, {
      message: messages.bankFields,
      path: ['bankName'],
    })
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
  /** The transaction PIN, 4 digits: required once the account has one, ignored before. */
  pin: z
    .string({ error: pinMessages.needed })
    .max(64, pinMessages.needed)
    .optional()
    .describe('The 4-digit transaction PIN; required once the account has set one'),
});

/** PUT /users/pin. The PIN's shape is checked before the password (no argon2 for a bad PIN). */
export const pinUpdateBody = z.object({
  currentPassword: z
    .string({ error: pinMessages.currentPasswordNeeded })
    .min(1, pinMessages.currentPasswordNeeded)
    .max(1024, messages.currentPasswordWrong),
  pin: z
    .string({ error: pinMessages.format })
    .refine(isPinShaped, pinMessages.format)
    .refine((pin) => !isGuessablePin(pin), pinMessages.guessable),
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

/** The profile's bank details: empty strings when none are set. */
const profileBankDetails = bankDetails.extend({ bankCode: z.string() }).meta({ id: 'ProfileBankDetails' });

export const profileSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  referralCode: z.string(),
  bankDetails: profileBankDetails,
  /** Whether a transaction PIN is set (then every withdrawal needs it). */
  hasPin: z.boolean(),
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

export const pinUpdatedSchema = z.object({ message: z.string() });

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

/** Where a withdrawal's money is, in the words every screen uses (the ledger's WithdrawalState). */
export const withdrawalStateSchema = z
  .enum(WITHDRAWAL_STATES as [WithdrawalState, ...WithdrawalState[]])
  .meta({ id: 'WithdrawalState' });

export const withdrawalSchema = z.object({
  id: z.string(),
  amount: z.number(),
  fee: z.number(),
  type: z.enum(['withdrawal', 'activityWithdrawal']),
  status: z.enum(['pending', 'approved', 'sending', 'paid', 'payout_failed', 'rejected', 'reversed']),
  state: withdrawalStateSchema,
  /** The bank's or provider's reference, once paid. */
  reference: z.string().nullable(),
  bankDetails: z.object({
    bankName: z.string(),
    bankCode: z.string().nullable(),
    accountNum: z.string(),
    accountName: z.string(),
  }),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  /** When the payout provider took the transfer (Sending). */
  sentAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
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

/** The three balances' statements, each as GET /users/statement?balance= gives it. */
const statementsSchema = z.object({
  account: statementSchema,
  activity: statementSchema,
  hold: statementSchema,
});

/** What each part of the data export is, in words, beside the data (the file is read without docs). */
const dataExportAboutSchema = z.object({
  profile: z.string(),
  bankDetails: z.string(),
  submissions: z.string(),
  withdrawals: z.string(),
  statement: z.string(),
  figures: z.string(),
});

/** GET /users/data-export: a copy of everything the user area holds of the user. */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  about: dataExportAboutSchema,
  /** The profile as GET /users/dashboard gives it, with the role, the account's status and when it was registered. */
  profile: profileSchema.omit({ bankDetails: true }).extend({
    role: z.enum(['user', 'admin', 'finance']),
    status: z.enum(['active', 'inactive', 'suspended']),
    registeredAt: z.string(),
  }),
  bankDetails: profileBankDetails,
  submissions: z.array(submissionListEntrySchema),
  withdrawals: z.array(withdrawalSchema),
  statement: statementsSchema,
});
