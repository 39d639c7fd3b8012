/**
 * The log as a consumer's feed: the events after its checkpoint, through the event store's port.
 * Across processes one instance of a consumer reads it at a time: the one holding its leadership
 * advisory lock, on one connection per start that also listens for appends (every consumer of the
 * start is woken by them) and whose loss makes every consumer here a follower again.
 */
import { escapeLiteral } from 'pg';
import type { EventStore } from '@kobo/ledger';
import type { Logger, Pool } from '@kobo/platform';
import { advanceSql, readCheckpoint } from './checkpoints';
import { DedicatedClient } from './dedicated-client';
import type { Feeds } from './feed';
import { CHECKPOINT_CHANNEL, EVENTS_CHANNEL, TRY_LEADER_LOCK } from './sql';

const QUOTED_CHANNEL = escapeLiteral(CHECKPOINT_CHANNEL);

export function logFeeds(options: { pool: Pool; store: EventStore; logger: Logger }): Feeds {
  const { pool, store, logger } = options;
  const wakes: (() => void)[] = [];
  const wakeAll = () => wakes.forEach((wake) => wake());
  const leading = new Set<string>();
  const leadership = new DedicatedClient(
    pool,
    [EVENTS_CHANNEL],
    () => wakeAll(),
    () => {
      // Session locks die with the connection: every consumer here is a follower again.
      leading.clear();
      logger.warn('consumer leadership connection lost; reacquiring');
      wakeAll();
    },
  );

  return {
    feed(consumer, wake) {
      wakes.push(wake);
      const { name } = consumer;
      const quotedName = escapeLiteral(name);
      /** The checkpoint as of our last commit (undefined: read it from the table). */
      let known: number | undefined;
      return {
        async lead() {
          if (leading.has(name)) return true;
          try {
            const result = await leadership.query<{ acquired: boolean }>(TRY_LEADER_LOCK, [name]);
            if (result.rows[0]?.acquired !== true) return false;
          } catch (error) {
            logger.warn({ consumer: name, err: error }, 'could not reach the database for leadership');
            return false;
          }
          leading.add(name);
          return true;
        },
        trouble: () => null,
        async read(limit) {
          // Our own last commit says where we are; the batch re-checks it under the lock, and a
          // mismatch (a rebuild swapped the tables in, another instance moved it) makes us read it again.
          const position = known ?? (await readCheckpoint(pool, name));
          known = position;
          const events = await store.readAll({ after: position, limit });
          if (!events.length) return null;
          const lastOf = (count: number) => events[count - 1]!.globalPosition;
          return {
            lane: 0,
            events,
            standing: (count) => ({
              expect: [`SELECT kobo_expect_checkpoint(${quotedName}, ${Number(position)})`],
              advance: [
                advanceSql({
                  consumer: quotedName,
                  position: String(lastOf(count)),
                  rebuilt: 'false',
                  channel: QUOTED_CHANNEL,
                  payload: escapeLiteral(`${name}:${lastOf(count)}`),
                }),
              ],
            }),
            committed: async (count) => {
              known = lastOf(count);
            },
            moved: () => (known = undefined),
          };
        },
      };
    },
    start: async () => undefined,
    stop: () => leadership.close(), // releases the leadership locks
  };
}
