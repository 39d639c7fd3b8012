import type { PoolClient } from 'pg';
import type { Pool } from '../database';

type Query = (config: unknown, ...rest: unknown[]) => unknown;

/**
 * The real pool, counting the queries whose text `matches` (a counter on the way through, not a
 * mock): for tests that say how many statements or round trips something took. Queries of the
 * clients checked out of it (`connect()`, as transactions do) are counted too.
 */
export function countingQueries(
  pool: Pool,
  matches: (text: string) => boolean,
): { pool: Pool; count(): number } {
  let count = 0;
  const counted =
    (query: Query): Query =>
    (config, ...rest) => {
      const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
      if (typeof text === 'string' && matches(text)) count += 1;
      return query(config, ...rest);
    };
  const countingClient = (client: PoolClient) =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'query') return counted(target.query.bind(target) as Query);
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  const counting = new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'query') return counted(target.query.bind(target) as Query);
      // Without a callback (the only way our code checks a client out), it answers a promise.
      if (property === 'connect') return async () => countingClient(await target.connect());
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { pool: counting, count: () => count };
}
