/**
 * The scheduled purge: idempotency keys past their retention (a key older than that is reusable
 * anyway) and delivered email older than 30 days. Plain DELETEs by age, so every process may run
 * it on its own timer: two at once delete each row once, the other finds nothing.
 */
import type { Logger, Pool } from '@kobo/platform';
import { purgeSentEmails } from '../email/outbox-store';
import { createIdempotencyStore } from '../http/idempotency/store';

export const SENT_EMAIL_RETENTION_DAYS = 30;
export const PURGE_EVERY_MS = 60 * 60 * 1000;

export interface PurgeResult {
  idempotencyKeys: number;
  sentEmails: number;
}

export async function purgeExpired(pool: Pool): Promise<PurgeResult> {
  return {
    idempotencyKeys: await createIdempotencyStore(pool).purgeExpired(),
    sentEmails: await purgeSentEmails(pool, SENT_EMAIL_RETENTION_DAYS),
  };
}

/** Runs the purge a minute after start, then hourly; the timers never keep the process alive. */
export function schedulePurges(pool: Pool, logger: Pick<Logger, 'info' | 'warn'>): { stop(): void } {
  const run = () =>
    purgeExpired(pool).then(
      (purged) => {
        if (purged.idempotencyKeys || purged.sentEmails) logger.info(purged, 'purged expired records');
      },
      (error: unknown) => logger.warn({ err: error }, 'purge failed; it runs again within the hour'),
    );
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, PURGE_EVERY_MS);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
