/**
 * The request fields of a person, one schema for each: sign-up, the profile and the admin's user
 * form build their bodies from these, so a value one refuses the others refuse too. The rules and
 * their words are the ledger's (`nameProblem`, `usernameProblem`, `emailProblem`, `phoneProblem`),
 * which its deciders check again; the new password's rules (length, not a common one) are here,
 * since passwords never reach the ledger.
 *
 * Each field takes the words its form uses for a blank value (sign-up's 'First name is required',
 * the profile's 'Please fill in all fields before updating.', the admin form's 'Please fill in all
 * required fields.').
 */
import {
  EMAIL_MAX_LENGTH,
  emailProblem,
  NAME_MAX_LENGTH,
  nameProblem,
  type NameField,
  PHONE_MAX_LENGTH,
  personMessages,
  phoneProblem,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  usernameProblem,
} from '@kobo/ledger';
import { z } from 'zod';
import { isCommonPassword } from './common-passwords';

export const MIN_PASSWORD_LENGTH = 6;
/** Bounded so a huge string is a 400, and argon2 never hashes megabytes. */
export const MAX_PASSWORD_LENGTH = 128;

export const passwordMessages = {
  required: 'Password is required',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  common: 'This password is too common and easy to guess. Please choose another.',
} as const;

/**
 * A trimmed string, required (blank gives `blank`), at most `max` long, then checked by the rule.
 * The length is also said as a bound so the OpenAPI document shows it.
 */
function ruled(blank: string, max: number, tooLong: string, rule: (value: string) => string | undefined) {
  return z
    .string({ error: blank })
    .trim()
    .min(1, blank)
    .max(max, tooLong)
    .superRefine((value, ctx) => {
      const problem = rule(value);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    });
}

export function nameField(field: NameField, blank: string = personMessages.nameRequired(field)) {
  return ruled(blank, NAME_MAX_LENGTH, personMessages.nameTooLong(field), (value) =>
    nameProblem(field, value),
  );
}

/** ASCII letters, digits, dot, hyphen and underscore; 3 to 30 characters. */
export const usernameField = z
  .string({ error: personMessages.usernameRequired })
  .trim()
  .min(1, personMessages.usernameRequired)
  .min(USERNAME_MIN_LENGTH, personMessages.usernameTooShort)
  .max(USERNAME_MAX_LENGTH, personMessages.usernameTooLong)
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Trimmed and lower-cased; an ASCII address. */
export function emailField(blank: string = personMessages.emailRequired) {
  return z
    .string({ error: blank })
    .trim()
    .toLowerCase()
    .min(1, blank)
    .max(EMAIL_MAX_LENGTH, personMessages.emailTooLong)
    .superRefine((value, ctx) => {
      const problem = emailProblem(value);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** A Nigerian mobile number, as typed (trimmed). */
export function phoneField(blank: string = personMessages.phoneRequired) {
  return ruled(blank, PHONE_MAX_LENGTH, personMessages.phoneInvalid, phoneProblem);
}

/**
 * A password being set (sign-up, reset, change, the admin's user form): at least 6 characters,
 * in the words of the form it is typed in, and not one of the most common passwords.
 */
export function newPasswordField(tooShort: string = passwordMessages.tooShort) {
  return z
    .string({ error: passwordMessages.required })
    .min(MIN_PASSWORD_LENGTH, tooShort)
    .max(MAX_PASSWORD_LENGTH, passwordMessages.tooLong)
    .refine((password) => !isCommonPassword(password), passwordMessages.common);
}

/** A field the form may leave blank: blank (after trimming) is kept as '', meaning not given. */
function blankOr(max: number, tooLong: string, rule: (value: string) => string | undefined) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .superRefine((value, ctx) => {
      const problem = value === '' ? undefined : rule(value);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** The admin's form: phone is optional ('' leaves it unset). */
export const optionalPhoneField = blankOr(PHONE_MAX_LENGTH, personMessages.phoneInvalid, phoneProblem);

/** The admin's form: a username, or '' to have one built from the names. */
export const optionalUsernameField = blankOr(
  USERNAME_MAX_LENGTH,
  personMessages.usernameTooLong,
  usernameProblem,
);
