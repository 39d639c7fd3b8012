/**
 * The passwords people choose most, refused as new passwords: the first 10,000 of zxcvbn-ts's
 * common list (`@zxcvbn-ts/language-common`, most common first, gathered from published breaches),
 * compared without regard to case. Kept in a Set: one look-up per password set, a few hundred
 * kilobytes once per process. See docs/decisions/0038-person-fields.md.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORDS_REFUSED = 10_000;

const common = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((word) => word.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
