/**
 * A person's fields: first and last name, username, email and phone. One set of rules and words,
 * which the deciders check (registration, profile updates) and the API's request schemas are built
 * from (sign-up, the profile, the admin's user form), so what one refuses the others refuse too.
 *
 * Each check answers the message to show, or undefined when the value is fine. Values are checked
 * as the decider stores them: trimmed (and the email lower-cased).
 */

export const NAME_MAX_LENGTH = 50;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** A phone number as typed: 11 digits, or +234 and 10, with a few separators. */
export const PHONE_MAX_LENGTH = 20;

export type NameField = 'firstName' | 'lastName';
const NAME_LABEL: Record<NameField, string> = { firstName: 'First name', lastName: 'Last name' };

export const personMessages = {
  nameRequired: (field: NameField) => `${NAME_LABEL[field]} is required`,
  nameTooLong: (field: NameField) => `${NAME_LABEL[field]} must be at most ${NAME_MAX_LENGTH} characters`,
  nameCharacters: (field: NameField) =>
    `${NAME_LABEL[field]} may only contain letters, numbers, spaces, hyphens, dots and apostrophes`,
  usernameRequired: 'Username is required',
  usernameTooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Username may only contain letters, numbers, dots, hyphens and underscores',
  emailRequired: 'Email is required',
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  emailInvalid: 'Please enter a valid email address.',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number.',
} as const;

/**
 * Letters of any script with their combining marks, digits, and the space, hyphen, dot and
 * apostrophes names are written with; starting with a letter. Control characters, zero-width
 * and bidirectional-override characters (Unicode "format" characters) and markup are not letters,
 * so they are refused.
 */
const NAME = /^\p{L}[\p{L}\p{M}\p{Nd} .'’-]*$/u;

/** The first or last name, trimmed. */
export function nameProblem(field: NameField, value: string): string | undefined {
  const name = value.trim();
  if (name === '') return personMessages.nameRequired(field);
  if ([...name].length > NAME_MAX_LENGTH) return personMessages.nameTooLong(field);
  if (!NAME.test(name)) return personMessages.nameCharacters(field);
  return undefined;
}

/** ASCII letters and digits, dot, hyphen, underscore: a username reads the same on every screen. */
const USERNAME = /^[A-Za-z0-9_.-]+$/;

export function usernameProblem(value: string): string | undefined {
  const username = value.trim();
  if (username === '') return personMessages.usernameRequired;
  if (username.length < USERNAME_MIN_LENGTH) return personMessages.usernameTooShort;
  if (username.length > USERNAME_MAX_LENGTH) return personMessages.usernameTooLong;
  if (!USERNAME.test(username)) return personMessages.usernameCharacters;
  return undefined;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * An address in ASCII: a local part of letters, digits and `_'+-.` (no leading, trailing or doubled
 * dot) and a domain of ASCII labels ending in a top-level domain of letters. Look-alike letters
 * from other scripts (a Greek υ, a Cyrillic е) are refused rather than stored beside the ASCII
 * address they imitate.
 */
const EMAIL =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isEmail(email: string): boolean {
  return EMAIL.test(email);
}

/** The address as stored (trimmed, lower case) must be an ASCII address. */
export function emailProblem(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (email === '') return personMessages.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH) return personMessages.emailTooLong;
  if (!isEmail(email)) return personMessages.emailInvalid;
  return undefined;
}

/**
 * A Nigerian mobile number: 0 and 10 digits (0803 123 4567) or the same with +234 (or 234) in
 * place of the 0, the network prefix 70, 80, 81, 90 or 91 and so on (7, 8 or 9, then 0 or 1).
 * Spaces and hyphens between the digits are allowed; nothing else.
 */
const PHONE_DIGITS = /^(?:\+?234|0)[789][01]\d{8}$/;

export function isNigerianPhone(value: string): boolean {
  const phone = value.trim();
  return /^\+?[0-9][0-9 -]*$/.test(phone) && PHONE_DIGITS.test(phone.replace(/[ -]/g, ''));
}

export function phoneProblem(value: string): string | undefined {
  const phone = value.trim();
  if (phone === '') return personMessages.phoneRequired;
  if (phone.length > PHONE_MAX_LENGTH || !isNigerianPhone(phone)) return personMessages.phoneInvalid;
  return undefined;
}
