/** Request and response shapes of the auth and account routes. */
import { z } from 'zod';
import {
  emailField,
  nameField,
  newPasswordField,
  phoneField,
  usernameField,
} from '../../accounts/person-fields';
import { authMessages } from './messages';

/** Sign-in accepts longer passwords than sign-up: bootstrap passwords come from the environment. */
const MAX_SIGN_IN_PASSWORD_LENGTH = 1024;

export const registerBody = z.object({
  firstName: nameField('firstName'),
  lastName: nameField('lastName'),
  username: usernameField,
  email: emailField(),
  password: newPasswordField(),
  phone: phoneField(),
  /** The referrer's code; optional (empty or null means none). */
  referredBy: z
    .string({ error: 'Referral code must be text' })
    .trim()
    .max(32, 'Referral code is not valid.')
    .nullish()
    .transform((code) => (code ? code : null)),
});

export const registeredResponse = z
  .object({ message: z.string(), id: z.string(), username: z.string(), referralCode: z.string() })
  .meta({ id: 'AuthRegistered' });

export const signInBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    // No address holds a control character; PostgreSQL text cannot hold NUL.
    .refine(
      (email) => ![...email].some((c) => c < ' ' || c === '\x7f'),
      'Please enter a valid email address',
    ),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_SIGN_IN_PASSWORD_LENGTH, `Password must be at most ${MAX_SIGN_IN_PASSWORD_LENGTH} characters`),
});

const roleField = z.enum(['user', 'admin', 'finance']);

export const signedInResponse = z
  .object({ id: z.string(), token: z.string(), isAdmin: z.boolean(), role: roleField })
  .meta({ id: 'AuthSignedIn' });

export const adminSignedInResponse = z
  .object({ _id: z.string(), token: z.string(), isAdmin: z.boolean(), role: roleField })
  .meta({ id: 'AuthAdminSignedIn' });

export const forgotPasswordBody = z.object({ email: emailField() });

export const resetPasswordBody = z.object({
  token: z
    .string({ error: authMessages.resetTokenMissing })
    .trim()
    .min(1, authMessages.resetTokenMissing)
    .max(200, authMessages.resetLinkInvalid),
  newPassword: newPasswordField(),
});

export const changePasswordBody = z.object({
  oldPassword: z
    .string({ error: authMessages.currentPasswordMissing })
    .min(1, authMessages.currentPasswordMissing)
    .max(MAX_SIGN_IN_PASSWORD_LENGTH, authMessages.currentPasswordWrong),
  newPassword: newPasswordField(authMessages.passwordTooShortOnChange),
});

export const deleteAccountBody = z.object({
  password: z
    .string({ error: authMessages.deletePasswordMissing })
    .min(1, authMessages.deletePasswordMissing)
    .max(MAX_SIGN_IN_PASSWORD_LENGTH, authMessages.deletePasswordWrong),
});

export const usernameQuery = z.object({ username: usernameField });

export const usernameAvailability = z
  .object({ username: z.string(), available: z.boolean() })
  .meta({ id: 'AuthUsernameAvailability' });

export const messageResponse = z.object({ message: z.string() }).meta({ id: 'AuthMessage' });
