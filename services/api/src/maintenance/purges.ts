/**
 * The scheduled purge: idempotency keys past their retention (a key older than that is reusable
 * anyway), the ledger's record of the commands named from them after the same retention (counted
 * from when the command was recorded, so never before its key), and delivered email older than 30
 * days. Plain DELETEs by age, so every process may run it on its own timer: two at once delete
 * each row once, the other finds nothing.
 */
import type { EventStore } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import { purgeSentEmails } from '../email/outbox-store';
import { KEYED_COMMAND_ID_PREFIX } from '../http/idempotency/middleware';
import { createIdempotencyStore, IDEMPOTENCY_RETENTION_MS } from '../http/idempotency/store';

export const SENT_EMAIL_RETENTION_DAYS = 30;
export const PURGE_EVERY_MS = 60 * 60 * 1000;

export interface PurgeResult {
  idempotencyKeys: number;
  /** Commands named from Idempotency-Keys; commands other callers name (the demo seed) stay. */
  keyedCommands: number;
  sentEmails: number;
}

export async function purgeExpired(pool: Pool, store: EventStore): Promise<PurgeResult> {
  return {
    idempotencyKeys: await createIdempotencyStore(pool).purgeExpired(),
    keyedCommands: await store.forgetCommands({
      idPrefix: KEYED_COMMAND_ID_PREFIX,
      olderThanMs: IDEMPOTENCY_RETENTION_MS,
    }),
    sentEmails: await purgeSentEmails(pool, SENT_EMAIL_RETENTION_DAYS),
  };
}

/** Runs the purge a minute after start, then hourly; the timers never keep the process alive. */
export function schedulePurges(
  pool: Pool,
  store: EventStore,
  logger: Pick<Logger, 'info' | 'warn'>,
): { stop(): void } {
  const run = () =>
    purgeExpired(pool, store).then(
      (purged) => {
        if (purged.idempotencyKeys || purged.keyedCommands || purged.sentEmails)
          logger.info(purged, 'purged expired records');
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
