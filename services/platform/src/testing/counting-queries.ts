import type { Pool } from '../database';

/**
 * The real pool, counting the queries whose text `matches` (a counter on the way through, not a
 * mock): for tests that say how many statements or round trips something took.
 */
export function countingQueries(
  pool: Pool,
  matches: (text: string) => boolean,
): { pool: Pool; count(): number } {
  let count = 0;
  const counting = new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
      return (config: unknown, ...rest: unknown[]) => {
        const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
        if (typeof text === 'string' && matches(text)) count += 1;
        return (target.query as (...args: unknown[]) => unknown).call(target, config, ...rest);
      };
    },
  });
  return { pool: counting, count: () => count };
}
