/**
 * Reset links: 32 random bytes, of which only the SHA-256 is stored; valid 15 minutes, once.
 * The email carries {WEB_ORIGIN}/reset-password/{token}.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type EventStore, currentUser } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { Mailer } from '../../email';
import { credentialsByEmail, insertResetToken, RESET_TOKEN_LIFETIME_MINUTES } from './queries';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function resetLink(webOrigin: string, token: string): string {
  return `${webOrigin.replace(/\/+$/, '')}/reset-password/${token}`;
}

export interface ResetRequestDependencies {
  pool: Pool;
  store: EventStore;
  mailer: Mailer;
  webOrigin: string;
}

/** Sends a reset link if the email belongs to a live account; otherwise does nothing, silently. */
export async function requestPasswordReset(deps: ResetRequestDependencies, email: string): Promise<boolean> {
  const credentials = await credentialsByEmail(deps.pool, email);
  if (!credentials) return false;
  const user = await currentUser(deps.store, credentials.user_id);
  if (user.existence !== 'registered') return false;
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(deps.pool, hashResetToken(token), user.userId);
  await deps.mailer.send({
    kind: 'password_reset',
    to: credentials.email,
    subject: 'Reset your Kobo password',
    text: resetEmailText(user.firstName, resetLink(deps.webOrigin, token)),
    sensitive: true,
  });
  return true;
}

function resetEmailText(firstName: string, link: string): string {
  return [
    `Hello ${firstName || 'there'},`,
    '',
    'We received a request to reset the password of your Kobo account. Open this link to choose a new password:',
    '',
    link,
    '',
    `The link expires in ${RESET_TOKEN_LIFETIME_MINUTES} minutes and works once. If you did not ask for a new password, ignore this email: your password stays as it is.`,
    '',
    'The Kobo team',
  ].join('\n');
}
