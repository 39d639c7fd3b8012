/**
 * Follows the ledger and sends each user their notices (notices-for-events.ts) through the
 * mailer: SMTP when configured, otherwise the outbox table. The checkpoint moves after a batch's
 * notices are recorded, and each notice carries an id from its event, so a crash or a replay
 * sends nothing twice and loses nothing.
 */
import type { EventStore, Subscription } from '@kobo/ledger';
import { readReactorCheckpoint, saveReactorCheckpoint } from '@kobo/jobs';
import type { Logger, Pool } from '@kobo/platform';
import type { Mailer } from '../email';
import { noticeFor } from './notices-for-events';

export const NOTICES_REACTOR = 'notices';

export async function startNoticeReactor(options: {
  pool: Pool;
  store: EventStore;
  mailer: Mailer;
  logger: Logger;
}): Promise<{ stop(): Promise<void> }> {
  const { pool, store, mailer, logger } = options;
  const subscription: Subscription = store.subscribe(
    await readReactorCheckpoint(pool, NOTICES_REACTOR),
    async (events) => {
      for (const event of events) {
        const notice = noticeFor(event);
        if (!notice) continue;
        const { rows } = await pool.query<{ email: string; first_name: string; title: string | null }>(
          `SELECT u.email, u.first_name, c.title
             FROM users u LEFT JOIN campaigns c ON c.campaign_id = $2
            WHERE u.user_id = $1 AND NOT u.deleted`,
          [notice.userId, notice.campaignId ?? null],
        );
        const user = rows[0];
        // A deleted user gets no mail; a user the users view has not reached yet is retried.
        if (!user) {
          const { rowCount } = await pool.query('SELECT 1 FROM users WHERE user_id = $1', [notice.userId]);
          if (rowCount) continue;
          throw new Error(`user ${notice.userId} is not in the users view yet`);
        }
        await mailer.send({
          id: notice.id,
          kind: 'notice',
          to: user.email,
          subject: notice.subject,
          text: notice.text({ firstName: user.first_name, title: user.title ?? 'your task' }),
        });
      }
      await saveReactorCheckpoint(pool, NOTICES_REACTOR, events[events.length - 1]!.globalPosition);
    },
    {
      batchSize: 200,
      onError: (error) => logger.warn({ err: error }, 'notice emails: batch failed; retrying'),
    },
  );
  return { stop: () => subscription.close() };
}
