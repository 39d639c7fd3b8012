/**
 * A personal field as the events keep it: `pd1.<subject>.<nonce>.<ciphertext and tag>`, the last two
 * base64url. AES-256-GCM under the person's data key, a random 12-byte nonce, and `pd1.<subject>` as
 * additional data, so a field opens only as the person it names. The subject is in the text, so
 * opening needs nothing else; the version prefix lets another format follow.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SealedFieldError } from './errors';

export const SEALED_PREFIX = 'pd1';

/** A person's id as a sealed field carries it: a user id (no dots). */
const SUBJECT = /^[A-Za-z0-9_-]{1,128}$/;
const SEALED = /^pd1\.([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})$/;

export function assertSubject(subject: string): void {
  if (!SUBJECT.test(subject))
    throw new TypeError(
      `not a person's id for personal data: ${JSON.stringify(subject)} (letters, digits, - and _)`,
    );
}

/** Whether a text is a sealed field (as opposed to a value stored in the clear). */
export function isSealed(text: unknown): text is string {
  return typeof text === 'string' && SEALED.test(text);
}

/** The person a sealed field belongs to. */
export function subjectOfSealed(sealed: string): string {
  return parseSealed(sealed).subject;
}

export interface ParsedSealed {
  subject: string;
  nonce: Buffer;
  /** The ciphertext followed by the 16-byte tag. */
  box: Buffer;
}

export function parseSealed(sealed: string): ParsedSealed {
  const match = SEALED.exec(sealed);
  if (!match) throw new SealedFieldError('not a sealed personal field (pd1.<subject>.<nonce>.<ciphertext>)');
  return {
    subject: match[1]!,
    nonce: Buffer.from(match[2]!, 'base64url'),
    box: Buffer.from(match[3]!, 'base64url'),
  };
}

const context = (subject: string) => Buffer.from(`${SEALED_PREFIX}.${subject}`, 'utf8');

export function sealWith(dataKey: Buffer, subject: string, value: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, nonce);
  cipher.setAAD(context(subject));
  const box = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEALED_PREFIX}.${subject}.${nonce.toString('base64url')}.${box.toString('base64url')}`;
}

export function openWith(dataKey: Buffer, parsed: ParsedSealed): string {
  const { subject, nonce, box } = parsed;
  if (box.length < 16)
    throw new SealedFieldError(`a sealed field of ${subject} is too short to hold its tag`);
  const decipher = createDecipheriv('aes-256-gcm', dataKey, nonce);
  decipher.setAAD(context(subject));
  decipher.setAuthTag(box.subarray(box.length - 16));
  try {
    return Buffer.concat([decipher.update(box.subarray(0, box.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SealedFieldError(
      `a sealed field of ${subject} does not open: it was altered, or sealed for another person`,
    );
  }
}
