/** contact_messages (migration 0007) and where support mail goes. */
import { randomUUID } from 'node:crypto';
import { communityDecider, StreamReader, streams, type EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { ContactMessage } from './schemas';

export async function storeContactMessage(pool: Pool, message: ContactMessage): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `INSERT INTO contact_messages (id, full_name, email, subject, message) VALUES ($1, $2, $3, $4, $5)`,
    [id, message.fullName, message.email, message.subject, message.message],
  );
  return id;
}

export async function linkContactEmail(pool: Pool, messageId: string, emailId: string): Promise<void> {
  await pool.query('UPDATE contact_messages SET email_id = $2 WHERE id = $1', [messageId, emailId]);
}

/**
 * The community email the admins set (read from its stream, so a change counts at once), else
 * SUPPORT_EMAIL; undefined when neither is a usable address.
 */
export async function supportAddress(
  store: EventStore,
  fallback: string | undefined,
): Promise<string | undefined> {
  const community = await new StreamReader(store).load(streams.community, communityDecider);
  const email = community.email.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : fallback;
}
