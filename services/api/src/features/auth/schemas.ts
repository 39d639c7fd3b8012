/** Request and response shapes of the auth and account routes. */
import { z } from 'zod';
import { authMessages } from './messages';

export const MIN_PASSWORD_LENGTH = 6;
/** Bounded so a huge string is a 400, and argon2 never hashes megabytes. */
export const MAX_PASSWORD_LENGTH = 128;
/** Sign-in accepts longer passwords than sign-up: bootstrap passwords come from the environment. */
const MAX_SIGN_IN_PASSWORD_LENGTH = 1024;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address.'));

export const usernameField = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, hyphens and underscores');

const newPassword = (tooShort: string) =>
  z
    .string({ error: 'Password is required' })
    .min(MIN_PASSWORD_LENGTH, tooShort)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const registerBody = z.object({
  firstName: requiredText('First name', 50),
  lastName: requiredText('Last name', 50),
  username: usernameField,
  email: emailField,
  password: newPassword('Password must be at least 6 characters'),
  phone: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(20, 'Phone number must be at most 20 characters')
    .regex(/^\+?[0-9][0-9 -]{5,}$/, 'Please enter a valid phone number.'),
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
    .max(254, 'Email must be at most 254 characters'),
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

export const forgotPasswordBody = z.object({ email: emailField });

export const resetPasswordBody = z.object({
  token: z
    .string({ error: authMessages.resetTokenMissing })
    .trim()
    .min(1, authMessages.resetTokenMissing)
    .max(200, authMessages.resetLinkInvalid),
  newPassword: newPassword('Password must be at least 6 characters'),
});

export const changePasswordBody = z.object({
  oldPassword: z
    .string({ error: authMessages.currentPasswordMissing })
    .min(1, authMessages.currentPasswordMissing)
    .max(MAX_SIGN_IN_PASSWORD_LENGTH, authMessages.currentPasswordWrong),
  newPassword: newPassword(authMessages.passwordTooShortOnChange),
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
