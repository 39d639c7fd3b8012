/** The email_outbox table (migration 0007): write a message, then record how its delivery went. */
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from '@kobo/platform';
import type { EmailStatus, EmailTransport, OutgoingEmail } from './mailer';

/** A pool, or one client inside a transaction (the retry holds row locks on its client). */
export type Db = Pool | PoolClient;

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
            text_body = CASE WHEN sensitive THEN $2 ELSE text_body END
      WHERE id = $1`,
    [id, ERASED_BODY],
  );
}

export async function markFailed(db: Db, id: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db.query(
    `UPDATE email_outbox SET status = 'failed', attempts = attempts + 1, last_error = $2 WHERE id = $1`,
    [id, message.slice(0, 2000)],
  );
}

export async function outboxRow(pool: Pool, id: string): Promise<OutboxRow | undefined> {
  const { rows } = await pool.query<OutboxRow>('SELECT * FROM email_outbox WHERE id = $1', [id]);
  return rows[0];
}
