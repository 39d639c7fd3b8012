/**
 * The queue backends the tests run on. PostgreSQL is always there (the test database); Redis is
 * checked once, synchronously, so a missing Redis skips only its cases and says so plainly.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { DefaultJobOptions } from 'bullmq';
import { createQueues, type JobQueues } from '../../src/queues';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisReachable(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `
    const socket = require('node:net').connect(${Number(port || 6379)}, ${JSON.stringify(hostname)});
    socket.setTimeout(1500, () => process.exit(1));
    socket.on('error', () => process.exit(1));
    socket.on('connect', () => socket.write('PING\\r\\n'));
    socket.on('data', (d) => process.exit(String(d).startsWith('+PONG') ? 0 : 1));`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5000 }).status === 0;
}

const redisUp = redisReachable(REDIS_URL);
if (!redisUp)
  console.log(`SKIPPED: Redis not reachable at ${REDIS_URL}; the Redis backend cases did not run`);

export interface Backend {
  name: 'postgres' | 'redis';
  available: boolean;
}

export const backends: Backend[] = [
  { name: 'postgres', available: true },
  { name: 'redis', available: redisUp },
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
