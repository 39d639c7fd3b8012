/** The email_outbox table (migration 0007): write a message, then record how its delivery went. */
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from '@kobo/platform';
import type { EmailStatus, EmailTransport, OutgoingEmail } from './mailer';

/** A pool or one client; no transaction is held across an SMTP conversation. */
export type Db = Pool | PoolClient;

/** Attempts in all (the first send included); then the message stays 'failed' and is left alone. */
export const MAX_EMAIL_ATTEMPTS = 8;
/** How long a retrying process owns the rows it claimed (longer than one SMTP conversation). */
export const EMAIL_CLAIM_SECONDS = 120;

export interface OutboxRow {
  id: string;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  sensitive: boolean;
  transport: EmailTransport;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  /** When a failed message is tried again; NULL once it was given up (or is not failed). */
  next_attempt_at: Date | null;
  claimed_until: Date | null;
}

/** Replaces a delivered one-time link, so the outbox does not keep a usable secret. */
export const ERASED_BODY = '(delivered; the body held a one-time link and was erased)';

/** Records a message; `recorded: false` when one with the caller's id was already there. */
export async function recordEmail(
  pool: Pool,
  email: OutgoingEmail,
  transport: EmailTransport,
): Promise<{ id: string; recorded: boolean }> {
  const id = email.id ?? randomUUID();
  const { rowCount } = await pool.query(
    `INSERT INTO email_outbox (id, kind, to_address, reply_to, subject, text_body, sensitive, transport, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending') ON CONFLICT (id) DO NOTHING`,
    [
      id,
      email.kind,
      email.to,
      email.replyTo ?? null,
      email.subject,
      email.text,
      email.sensitive === true,
      transport,
    ],
  );
  return { id, recorded: rowCount === 1 };
}

/** Marks a message delivered; a sensitive body (a one-time link) is erased at the same time. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db.query(
    `UPDATE email_outbox
        SET status = 'sent', attempts = attempts + 1, last_error = NULL, sent_at = now(),
            next_attempt_at = NULL, claimed_until = NULL,
            text_body = CASE WHEN sensitive THEN $2 ELSE text_body END
      WHERE id = $1`,
    [id, ERASED_BODY],
  );
}

/**
 * Records a failed attempt. The next one waits 1, 2, 4 … minutes (at most 6 hours); after
 * MAX_EMAIL_ATTEMPTS there is none (next_attempt_at NULL): an operator reads last_error.
 */
export async function markFailed(db: Db, id: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db.query(
    `UPDATE email_outbox
        SET status = 'failed', attempts = attempts + 1, last_error = $2, claimed_until = NULL,
            next_attempt_at = CASE WHEN attempts + 1 >= $3 THEN NULL
              ELSE now() + least(interval '1 minute' * power(2, attempts), interval '6 hours') END
      WHERE id = $1`,
    [id, message.slice(0, 2000), MAX_EMAIL_ATTEMPTS],
  );
}

/**
 * Claims undelivered SMTP messages that are due, for `EMAIL_CLAIM_SECONDS`, in one statement: the
 * row locks last only as long as it, so the sending happens outside any transaction and another
 * process skips what is claimed. Due: failed with its wait over and attempts left, or pending for
 * longer than `olderThanMs` (its process died mid-send).
 */
export async function claimUndelivered(
  pool: Pool,
  { olderThanMs, limit }: { olderThanMs: number; limit: number },
): Promise<OutboxRow[]> {
  const { rows } = await pool.query<OutboxRow>(
    `UPDATE email_outbox SET claimed_until = now() + make_interval(secs => $3)
      WHERE id IN (
        SELECT id FROM email_outbox
         WHERE transport = 'smtp' AND status <> 'sent' AND attempts < $4
           AND (claimed_until IS NULL OR claimed_until < now())
           AND ((status = 'failed' AND next_attempt_at <= now())
                OR (status = 'pending' AND created_at < now() - make_interval(secs => $1 / 1000.0)))
         ORDER BY created_at LIMIT $2
         FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [olderThanMs, limit, EMAIL_CLAIM_SECONDS, MAX_EMAIL_ATTEMPTS],
  );
  return rows;
}

/** Deletes delivered messages sent more than `days` ago; harmless when two processes run it. */
export async function purgeSentEmails(pool: Pool, days: number): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM email_outbox WHERE status = 'sent' AND sent_at < now() - make_interval(days => $1)`,
    [days],
  );
  return rowCount ?? 0;
}

export async function outboxRow(pool: Pool, id: string): Promise<OutboxRow | undefined> {
  const { rows } = await pool.query<OutboxRow>('SELECT * FROM email_outbox WHERE id = $1', [id]);
  return rows[0];
}
