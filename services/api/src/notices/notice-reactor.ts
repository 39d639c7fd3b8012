/**
 * Follows the ledger and sends each user their notices (notices-for-events.ts) through the
 * mailer: SMTP when configured, otherwise the outbox table. A consumer of the log on the consumer
 * runtime (@kobo/projector): one process leads it, its checkpoint moves after a batch's notices
 * are recorded, and each notice carries an id from its event, so a crash or a replay sends
 * nothing twice and loses nothing. A notice that keeps failing is recorded and shown in status.
 */
import type { EventStore } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import {
  findNoticeRecipient,
  RetryLaterError,
  startConsumers,
  type ConsumersHandle,
  type Reactor,
  type StartConsumersOptions,
} from '@kobo/projector';
import type { Mailer } from '../email';
import { noticeFor } from './notices-for-events';

export const NOTICES_REACTOR = 'notices';

export function noticesReactor({ pool, mailer }: { pool: Pool; mailer: Mailer }): Reactor {
  return {
    kind: 'reactor',
    name: NOTICES_REACTOR,
    description: 'Emails users about their approved and rejected tasks, withdrawals and payouts',
    async react(events) {
      for (const event of events) {
        const notice = noticeFor(event);
        if (!notice) continue;
        const user = await findNoticeRecipient(pool, notice.userId, notice.campaignId ?? null);
        // A user the users view has not reached yet is waited for; a deleted user gets no mail.
        if (!user) throw new RetryLaterError(`user ${notice.userId} is not in the users view yet`);
        if (user.deleted) continue;
        await mailer.send({
          id: notice.id,
          kind: 'notice',
          to: user.email,
          subject: notice.subject,
          text: notice.text({ firstName: user.first_name, title: user.title ?? 'your task' }),
        });
      }
    },
  };
}

export function startNoticeReactor(
  options: { pool: Pool; store: EventStore; mailer: Mailer; logger: Logger } & Pick<
    StartConsumersOptions,
    'pollIntervalMs' | 'leaderRetryMs' | 'retryDelayMs' | 'kafka'
  >,
): Promise<ConsumersHandle> {
  const { pool, store, mailer, logger, ...timing } = options;
  return startConsumers({
    pool,
    store,
    logger,
    consumers: [noticesReactor({ pool, mailer })],
    // A crash repeats at most one batch of sends (each absorbed by its id): keep batches small.
    batchSize: 200,
    maxBatchSize: 200,
    ...timing,
  });
}
