/**
 * The mailer used when SMTP_URL is set. The outbox row is written before the SMTP conversation
 * and marked sent after it, so a crash or an SMTP failure leaves the message visible ('pending'
 * or 'failed') and `deliverUndelivered` can send it again.
 */
import nodemailer from 'nodemailer';
import type { Logger, Pool } from '@kobo/platform';
import type { Mailer, OutgoingEmail } from './mailer';
import { claimUndelivered, markFailed, markSent, recordEmail } from './outbox-store';

export interface SmtpMailerOptions {
  pool: Pool;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  smtpUrl: string;
  from: string;
}

export interface SmtpMailer extends Mailer {
  /**
   * Sends again what is still undelivered and due ('failed' with its backoff over and attempts
   * left, or 'pending' longer than `olderThanMs`, which means the process died mid-send). Safe to
   * run from several processes: rows are claimed for a while, no transaction spans a send.
   */
  deliverUndelivered(options?: {
    olderThanMs?: number;
    limit?: number;
  }): Promise<{ sent: number; failed: number }>;
  close(): void;
}

export function createSmtpMailer({ pool, logger, smtpUrl, from }: SmtpMailerOptions): SmtpMailer {
  // nodemailer waits two minutes by default; a request should not.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  const deliver = async (id: string, email: OutgoingEmail): Promise<boolean> => {
    try {
      await transporter.sendMail({
        from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
      });
    } catch (error) {
      await markFailed(pool, id, error);
      logger.warn(
        { emailId: id, kind: email.kind, err: error },
        'email delivery failed; kept in the outbox for a retry',
      );
      return false;
    }
    await markSent(pool, id);
    return true;
  };

  return {
    transport: 'smtp',
    async send(email) {
      const { id, recorded } = await recordEmail(pool, email, 'smtp');
      // Already recorded under this id: delivered then, or left for deliverUndelivered.
      if (!recorded) return { id, transport: 'smtp', status: 'pending', duplicate: true };
      const sent = await deliver(id, email);
      return { id, transport: 'smtp', status: sent ? 'sent' : 'failed' };
    },
    async deliverUndelivered({ olderThanMs = 60_000, limit = 50 } = {}) {
      let sent = 0;
      let failed = 0;
      for (const row of await claimUndelivered(pool, { olderThanMs, limit })) {
        const ok = await deliver(row.id, {
          kind: row.kind,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        });
        if (ok) sent++;
        else failed++;
      }
      return { sent, failed };
    },
    close() {
      transporter.close();
    },
  };
}
