/**
 * The mailer used when SMTP_URL is not set: the outbox table is the delivery channel. An operator
 * reads undelivered messages there (docs/api/auth.md shows the query); in development the log
 * line carries the body too, so a developer can follow a reset link without a mail server.
 */
import type { Logger, Pool } from '@kobo/platform';
import type { Mailer } from './mailer';
import { recordEmail } from './outbox-store';

export interface OutboxMailerOptions {
  pool: Pool;
  logger: Pick<Logger, 'info'>;
  /** Log the message body as well (development only: bodies may hold one-time links). */
  logBodies?: boolean;
}

export function createOutboxMailer({ pool, logger, logBodies = false }: OutboxMailerOptions): Mailer {
  return {
    transport: 'outbox',
    async send(email) {
      const { id, recorded } = await recordEmail(pool, email, 'outbox');
      if (!recorded) return { id, transport: 'outbox', status: 'pending', duplicate: true };
      logger.info(
        {
          emailId: id,
          kind: email.kind,
          to: email.to,
          subject: email.subject,
          ...(logBodies ? { body: email.text } : {}),
        },
        'email written to the outbox (SMTP_URL is not set)',
      );
      return { id, transport: 'outbox', status: 'pending' };
    },
  };
}
