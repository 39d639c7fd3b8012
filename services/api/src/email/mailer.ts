/**
 * The Mailer port. Every message is written to the email_outbox table before anything else, so
 * none is ever dropped: without SMTP the outbox is where an operator reads it; with SMTP a row
 * that could not be delivered stays 'pending' or 'failed' for a retry.
 */
export interface OutgoingEmail {
  /** What the message is for ('password_reset', 'contact'): lets an operator filter the outbox. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Holds a secret (a one-time link): its body is erased from the outbox once delivered. */
  sensitive?: boolean;
  /**
   * Chosen by the caller when a message must go out once only (a notice per ledger event):
   * sending the same id again records and delivers nothing.
   */
  id?: string;
}

export type EmailTransport = 'smtp' | 'outbox';
export type EmailStatus = 'pending' | 'sent' | 'failed';

export interface SentEmail {
  id: string;
  transport: EmailTransport;
  status: EmailStatus;
  /** True when a message with this id was already recorded: nothing new was sent. */
  duplicate?: boolean;
}

export interface Mailer {
  readonly transport: EmailTransport;
  /**
   * Records the message and delivers it when a transport can. Throws only when the message
   * could not even be recorded; a failed delivery is recorded (status 'failed'), not thrown.
   */
  send(email: OutgoingEmail): Promise<SentEmail>;
}
