/** Request and answer shapes of the admin users routes. */
import { z } from 'zod';
import { USER_SORTS } from '@kobo/projector';
import {
  emailField,
  nameField,
  newPasswordField,
  optionalPhoneField,
  optionalUsernameField,
} from '../../../accounts/person-fields';
import { pagingQuery } from '../../../http';
import { erasedAtField, messageSchema, nairaInput } from '../wire';
import { sharedBankAccountSchema } from './shared-bank-accounts';

const REQUIRED = 'Please fill in all required fields.';
const statuses = ['active', 'inactive', 'suspended'] as const;
const status = z.enum(statuses, { error: 'Status must be active, inactive or suspended.' });
/** The list's filter: a status, or the deleted (erased) accounts, which no other filter lists. */
const listStatus = z.enum([...statuses, 'deleted'], {
  error: 'Status must be active, inactive, suspended or deleted.',
});

/** Why the balance changes: trimmed, 3 to 200 characters; blank counts as not given. */
const REASON_LENGTH = 'The reason must be 3 to 200 characters.';
const adjustmentReason = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.string().min(3, REASON_LENGTH).max(200, REASON_LENGTH).optional())
  .optional();

export const userListQuery = z.object({ ...pagingQuery(USER_SORTS), status: listStatus.optional() });

export const adminUserSchema = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string(),
    totalTasks: z.number(),
    totalReferrals: z.number(),
    accountBalance: z.number(),
    activityBalance: z.number(),
    heldBalance: z.number(),
    status: z.string(),
    role: z.string(),
    bankName: z.string().nullable(),
    accountName: z.string().nullable(),
    accountNumber: z.string().nullable(),
    sharedBankAccount: sharedBankAccountSchema,
    createdAt: z.string(),
    erasedAt: erasedAtField,
    deletionReason: z
      .string()
      .nullable()
      .describe(
        "Why the account was deleted, in the admin's words; null when the user deleted it, or not said",
      ),
  })
  .meta({ id: 'AdminUser' });

/** The same rules as sign-up's and the profile's (accounts/person-fields.ts), with the form's words for a blank. */
export const createUserBody = z.object({
  firstName: nameField('firstName', REQUIRED),
  lastName: nameField('lastName', REQUIRED),
  email: emailField(REQUIRED),
  phone: optionalPhoneField.optional(),
  /** Built from the names when not given (or blank). */
  username: optionalUsernameField.optional(),
  password: newPasswordField().optional(),
  /** The opening account balance in naira. */
  balance: nairaInput('Balance', { min: 0 }).optional(),
  /** Why the opening balance is given; default 'Opening balance set by an admin'. */
  reason: adjustmentReason,
  status: status.optional(),
});

export const updateUserBody = z.object({
  firstName: nameField('firstName', REQUIRED).optional(),
  lastName: nameField('lastName', REQUIRED).optional(),
  email: emailField(REQUIRED).optional(),
  /** Blank leaves the stored number alone. */
  phone: optionalPhoneField.optional(),
  /** The account balance wanted, in naira: the difference is posted as an adjustment. */
  balance: nairaInput('Balance', { min: 0 }).optional(),
  /** Required when the balance changes. */
  reason: adjustmentReason,
  status: status.optional(),
});

/** Why the account is deleted: trimmed, 1 to 200 characters; the body may be left out. */
const DELETION_REASON_LENGTH = 'The reason must be 1 to 200 characters.';
export const DEFAULT_DELETION_REASON = 'Deleted by an admin';
export const deleteUserBody = z.object({
  reason: z
    .string({ error: DELETION_REASON_LENGTH })
    .trim()
    .min(1, DELETION_REASON_LENGTH)
    .max(200, DELETION_REASON_LENGTH)
    .optional()
    .describe(`Why the account is deleted; without it '${DEFAULT_DELETION_REASON}'`),
});

export const userIdParams = z.object({ id: z.string().min(1).max(200) });

export const userAnswer = messageSchema.extend({ user: adminUserSchema });

/** A balance change above the approval threshold, waiting for finance (amount in naira, signed). */
export const pendingAdjustmentSchema = z
  .object({
    adjustmentId: z.string(),
    amount: z.number(),
    state: z.literal('pending'),
    message: z.string(),
  })
  .meta({ id: 'PendingAdjustment' });

export const userUpdateAnswer = userAnswer.extend({ pendingAdjustment: pendingAdjustmentSchema.optional() });
export { messageSchema };
