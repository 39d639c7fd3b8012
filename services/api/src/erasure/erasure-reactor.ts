/**
 * Erases a person once their account's deletion is recorded (UserDeleted; the ledger refuses it
 * while money is in flight): their proof images and what the API keeps of them outside the log
 * (sign-in, stored answers, also those of an admin's requests about them, devices, mail, support
 * messages) are deleted, and then their data key
 * is destroyed, so every sealed field of theirs, in the log, in Kafka and in every backup, can no
 * longer be opened (docs/decisions/0052-personal-data-in-the-log.md). The read models forget them
 * from the same event (their projections).
 *
 * Their proofs are listed from the submissions read model, once it has applied the deletion (every
 * submission before it): until then the deletion waits (RetryLaterError). A submission recorded
 * after the deletion (SubmitTask reads the user's stream but appends to the campaign's, so one that
 * read the user just before the deletion lands just after it) has its proof deleted when the
 * reactor comes to it: its person is erased by then (their key destroyed, the erasure's last step).
 *
 * A consumer of the log on the consumer runtime, like the notices: a crash repeats the batch, and
 * every step is idempotent. The key goes last: until then the person's values can still be read
 * from the log, to find what was kept under them (an email in the outbox).
 */
import type { EventStore, PersonalDataKeys, RecordedEvent } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import {
  proofImagesOfUser,
  readConsumerStatus,
  RetryLaterError,
  startConsumers,
  type ConsumersHandle,
  type Reactor,
  type StartConsumersOptions,
} from '@kobo/projector';
import type { ObjectStore } from '../uploads/object-store';
import { deleteImage } from '../uploads/stored-images';
import { personalValuesOf } from './personal-values';

export const ERASURE_REACTOR = 'erasure';
/** The read model the person's proofs are listed from. */
const SUBMISSIONS = 'submissions';

export interface ErasureDeps {
  pool: Pool;
  store: EventStore;
  keys: PersonalDataKeys;
  images: ObjectStore;
}

export function erasureReactor(deps: ErasureDeps): Reactor {
  return {
    kind: 'reactor',
    name: ERASURE_REACTOR,
    description:
      "Erases a deleted account's person: proof images, what the API keeps of them, their data key",
    async react(events) {
      const erased = await erasedAmong(deps, events);
      for (const event of events)
        if (event.type === 'UserDeleted') {
          await erase(deps, event);
          erased.add((event.data as { userId: string }).userId);
        } else if (event.type === 'TaskSubmitted') {
          const { userId, proofImage } = event.data as { userId: string; proofImage: string };
          if (erased.has(userId)) await deleteImage(deps.images, proofImage);
        }
    },
  };
}

/**
 * The people of the batch's submissions erased before it (their key destroyed): a submission of
 * theirs was recorded after their deletion. One look-up for the batch; those the batch erases are
 * added as it does.
 */
async function erasedAmong({ keys }: ErasureDeps, events: readonly RecordedEvent[]): Promise<Set<string>> {
  const people = new Set<string>();
  for (const event of events)
    if (event.type === 'TaskSubmitted') people.add((event.data as { userId: string }).userId);
  return keys.destroyedAmong([...people]);
}

/** The person's proofs, once the submissions read model holds every submission before their deletion. */
async function proofImagesBefore({ pool, store }: ErasureDeps, userId: string, deletedAt: number) {
  const [submissions] = await readConsumerStatus(pool, store, [SUBMISSIONS]);
  const position = submissions?.position ?? 0;
  if (position < deletedAt)
    throw new RetryLaterError(
      `the ${SUBMISSIONS} read model is at ${position}, before the deletion at ${deletedAt}: the proofs are listed once it is past`,
    );
  return proofImagesOfUser(pool, userId);
}

async function erase(deps: ErasureDeps, event: RecordedEvent): Promise<void> {
  const { pool, store, keys, images } = deps;
  const { userId } = event.data as { userId: string };
  for (const proofImage of await proofImagesBefore(deps, userId, event.globalPosition))
    await deleteImage(images, proofImage);
  const values = await personalValuesOf(store, userId);
  const emails = values.emails.map((email) => email.toLowerCase());
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const statement of [
      'DELETE FROM credentials WHERE user_id::text = $1',
      'DELETE FROM password_reset_tokens WHERE user_id::text = $1',
      'DELETE FROM idempotency_keys WHERE user_id = $1',
      'DELETE FROM known_devices WHERE user_id = $1',
      'DELETE FROM push_subscriptions WHERE user_id = $1',
    ])
      await client.query(statement, [userId]);
    // Answers kept for others' requests about them (an admin's change to their account, a decision
    // on their withdrawal) show their id, their name or what they gave.
    const named = [
      userId,
      ...emails,
      ...values.usernames,
      ...values.phones,
      ...values.accountNumbers,
      ...values.fullNames,
    ].map((value) => value.toLowerCase());
    await client.query(
      `DELETE FROM idempotency_keys
        WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS v WHERE strpos(lower(response_body), v) > 0)`,
      [named],
    );
    if (emails.length > 0) {
      await client.query('DELETE FROM email_outbox WHERE lower(to_address) = ANY($1::text[])', [emails]);
      await client.query('DELETE FROM contact_messages WHERE lower(email) = ANY($1::text[])', [emails]);
      // Sign-in limits are keyed by what was typed (an email or a username) and the address.
      const typed = [...emails, ...values.usernames.map((name) => name.toLowerCase())];
      for (const table of ['sign_in_backoff', 'rate_limit_hits'])
        await client.query(
          `DELETE FROM ${table} WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS v WHERE strpos(lower(key), v) > 0)`,
          [typed],
        );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await keys.destroy(userId, 'account deleted');
}

export function startErasureReactor(
  options: ErasureDeps & { logger: Logger } & Pick<
      StartConsumersOptions,
      'pollIntervalMs' | 'leaderRetryMs' | 'retryDelayMs' | 'kafka'
    >,
): Promise<ConsumersHandle> {
  const { pool, store, keys, images, logger, ...timing } = options;
  return startConsumers({
    pool,
    store,
    logger,
    consumers: [erasureReactor({ pool, store, keys, images })],
    batchSize: 100,
    maxBatchSize: 100,
    ...timing,
  });
}
