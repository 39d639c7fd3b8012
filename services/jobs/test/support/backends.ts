/**
 * The queue backends the tests run on. PostgreSQL is always there (the test database); Redis is
 * the one REDIS_URL names (`npm run stack:up` starts one and prints it; CI exports it). Without
 * REDIS_URL only the Redis cases are skipped, and they say so; with it, a Redis that does not
 * answer fails them.
 */
import { randomBytes } from 'node:crypto';
import type { DefaultJobOptions } from 'bullmq';
import { createQueues, type JobQueues } from '../../src/queues';

export const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;

if (!REDIS_URL)
  console.log('SKIPPED: the Redis backend cases (REDIS_URL not set; npm run stack:up prints it)');

export interface Backend {
  name: 'postgres' | 'redis';
  available: boolean;
}

export const backends: Backend[] = [
  { name: 'postgres', available: true },
  { name: 'redis', available: REDIS_URL !== undefined },
];

/** describe for an available backend, describe.skip (already announced) for one that is not. */
export function describeBackend(backend: Backend, body: () => void): void {
  (backend.available ? describe : describe.skip)(`on the ${backend.name} backend`, body);
}

export function queuesFor(
  backend: Backend,
  databaseUrl: string,
  jobOptions?: { verification?: DefaultJobOptions; payouts?: DefaultJobOptions },
): JobQueues {
  return createQueues({
    databaseUrl,
    redisUrl: backend.name === 'redis' ? REDIS_URL : undefined,
    // Every Redis run gets its own keys; PostgreSQL runs get their own test database.
    redisPrefix: `kobo-test-${randomBytes(4).toString('hex')}`,
    jobOptions,
  });
}

/** Removes a Redis run's keys (PostgreSQL's go with the test database). */
export async function discardQueues(queues: JobQueues): Promise<void> {
  if (queues.backend === 'redis')
    for (const queue of queues.list()) await queue.obliterate({ force: true }).catch(() => undefined);
  await queues.close();
}
