/**
 * What follows a change of the sign-in email, whoever made it (the user, or an admin): the
 * credentials move to the new address, and the old address hears of it, so that if a stolen
 * session moved the account, the owner learns of it where they still read their mail.
 */
import { v5 as uuidv5 } from 'uuid';
import type { HandledEvent, UserState } from '@kobo/ledger';
import type { ApiContext } from '../context';
import { emailFor } from '../email';
import { updateSignInEmail } from './credentials';

/**
 * Ids the email to the old address, one per change. Keep the value: the outbox knows the emails it
 * sent by these ids.
 */
const EMAIL_CHANGED_NOTICE_NAMESPACE = '6f2b0c9e-3d41-4a7a-9b5e-1c8d2e7f4a90';

/** 'ch***i@kobo.test': enough for the owner to recognise it, not enough to hand it to anyone. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local[0]! : `${local.slice(0, 2)}***${local.slice(-1)}`;
  return `${shown}${local.length <= 2 ? '***' : ''}${email.slice(at)}`;
}

/** The new sign-in email a profile command recorded, if it changed one. */
function emailChangeIn(events: readonly HandledEvent[]): { email: string; eventId: string } | undefined {
  for (const event of events)
    if (event.type === 'UserProfileUpdated') {
      const email = (event.data as { email?: unknown }).email;
      if (typeof email === 'string') return { email, eventId: event.id };
    }
  return undefined;
}

/** After a profile command: if it changed the email, move the sign-in and tell the old address. */
export async function followEmailChange(
  ctx: ApiContext,
  before: Pick<UserState, 'userId' | 'firstName' | 'email'>,
  events: readonly HandledEvent[],
): Promise<void> {
  const change = emailChangeIn(events);
  if (!change) return;
  await updateSignInEmail(ctx.pool, before.userId, change.email);
  // A repeat of the command (its answer lost) read the state after it: the old address is no
  // longer known, and the new one is not told that it replaced itself.
  if (before.email === change.email) return;
  await tellOldAddress(ctx, {
    eventId: change.eventId,
    firstName: before.firstName,
    oldEmail: before.email,
    newEmail: change.email,
  });
}

async function tellOldAddress(
  ctx: ApiContext,
  change: { eventId: string; firstName: string; oldEmail: string; newEmail: string },
): Promise<void> {
  const { mailer } = emailFor(ctx);
  const contact = `${ctx.config.webOrigin}/contact`;
  try {
    await mailer.send({
      // One notice per change, however often the request is retried.
      id: uuidv5(`email-changed:${change.eventId}`, EMAIL_CHANGED_NOTICE_NAMESPACE),
      kind: 'email_changed',
      to: change.oldEmail,
      subject: 'Your Kobo sign-in email was changed',
      text:
        `Hi ${change.firstName},\n\n` +
        `The sign-in email of your Kobo account was changed to ${maskEmail(change.newEmail)}. ` +
        `From now on, sign-in and password resets use that address.\n\n` +
        `If this was you, there is nothing to do.\n\n` +
        `If it was not you, someone may have got into your account. Contact us at once at ${contact} ` +
        `(or reply to this email) so we can lock the account and give it back to you.\n\nKobo`,
    });
  } catch (error) {
    // The change stands even if the notice could not be recorded; the log says so.
    ctx.logger.error({ err: error }, 'email change: the notice to the old address was not recorded');
  }
}
