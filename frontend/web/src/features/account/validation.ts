/**
 * The account forms' rules (docs/product/user-site.md#form-rules), pure so they can be tested alone. Each check
 * answers field -> message for the fields that fail; an empty object means the form may be sent.
 * The server checks the same rules again; these only spare a round trip.
 */
import { MAX_NAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '../../shared/constants';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  usernameRequired: 'Username is required',
  usernameShort: `Username must be at least ${MIN_USERNAME_LENGTH} characters`,
  usernameCharacters: 'Username may only contain letters, numbers, dots, hyphens and underscores',
  firstNameLong: `First name must be at most ${MAX_NAME_LENGTH} characters`,
  lastNameLong: `Last name must be at most ${MAX_NAME_LENGTH} characters`,
  usernameTaken: 'Username is already taken',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address.',
  phone: 'Phone number is required',
  passwordRequired: 'Password is required',
  passwordShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordsDiffer: 'Passwords do not match',
  terms: 'Please confirm you are 18 or older and agree to the Terms and Privacy Policy',
} as const;

// Deliberately loose: one @, something on each side, a dot in the domain. The server decides.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkEmail(email: string): string | undefined {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (!EMAIL.test(email.trim())) return MESSAGES.emailInvalid;
  return undefined;
}

/**
 * The server's plainer rules, checked here too to spare a round trip; the rest (which characters a
 * name may hold, the phone's shape, common passwords) only the server checks, and its field
 * messages are shown.
 */
const USERNAME = /^[A-Za-z0-9_.-]+$/;

function checkName(name: string, required: string, tooLong: string): string | undefined {
  if (!name.trim()) return required;
  if (name.trim().length > MAX_NAME_LENGTH) return tooLong;
  return undefined;
}

/** Drops the fields without a message, so `Object.keys(errors).length` counts the failures. */
function only<F extends string>(checks: Record<F, string | undefined>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) if (checks[field]) errors[field] = checks[field];
  return errors;
}

export interface SignupValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  referredBy: string;
  acceptTerms: boolean;
}

export type SignupField = keyof SignupValues;

export function validateSignup(values: SignupValues): FieldErrors<SignupField> {
  const username = values.username.trim();
  return only<SignupField>({
    firstName: checkName(values.firstName, MESSAGES.firstName, MESSAGES.firstNameLong),
    lastName: checkName(values.lastName, MESSAGES.lastName, MESSAGES.lastNameLong),
    username: !username
      ? MESSAGES.usernameRequired
      : username.length < MIN_USERNAME_LENGTH
        ? MESSAGES.usernameShort
        : !USERNAME.test(username)
          ? MESSAGES.usernameCharacters
          : undefined,
    email: checkEmail(values.email),
    phone: values.phone.trim() ? undefined : MESSAGES.phone,
    password: !values.password
      ? MESSAGES.passwordRequired
      : values.password.length < MIN_PASSWORD_LENGTH
        ? MESSAGES.passwordShort
        : undefined,
    confirmPassword: values.confirmPassword !== values.password ? MESSAGES.passwordsDiffer : undefined,
    referredBy: undefined,
    acceptTerms: values.acceptTerms ? undefined : MESSAGES.terms,
  });
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return only<keyof LoginValues>({
    email: values.email.trim() ? undefined : MESSAGES.emailRequired,
    password: values.password ? undefined : MESSAGES.passwordRequired,
  });
}

export function validateForgotPassword(values: { email: string }): FieldErrors<'email'> {
  return only<'email'>({ email: checkEmail(values.email) });
}

export interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** The length message sits on the password field, the mismatch on the confirmation field. */
export function validateReset(values: ResetValues): FieldErrors<keyof ResetValues> {
  return only<keyof ResetValues>({
    password: values.password.length < MIN_PASSWORD_LENGTH ? MESSAGES.passwordShort : undefined,
    confirmPassword: values.confirmPassword !== values.password ? MESSAGES.passwordsDiffer : undefined,
  });
}

/** Where a signed-in person goes: back where the guard stopped them if that was the user area. */
export function afterSignIn(from: unknown): string {
  return typeof from === 'string' && /^\/dashboard(?:[/?#]|$)/.test(from) ? from : '/dashboard';
}
