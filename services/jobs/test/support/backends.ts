/**
 * The queue backends the tests run on. PostgreSQL is always there (the test database); Redis is
 * the one REDIS_URL names (`npm run stack:up` starts one and prints it; CI exports it). Without
 * REDIS_URL only the Redis cases are skipped, and they say so. With it, Redis is asked once,
 * synchronously: one that does not answer fails at once, rather than hang every case in retries.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { DefaultJobOptions } from 'bullmq';
import { createQueues, type JobQueues } from '../../src/queues';

export const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;

function redisAnswers(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `
    const socket = require('node:net').connect(${Number(port || 6379)}, ${JSON.stringify(hostname)});
    socket.setTimeout(1500, () => process.exit(1));
    socket.on('error', () => process.exit(1));
    socket.on('connect', () => socket.write('PING\\r\\n'));
    socket.on('data', (d) => process.exit(String(d).startsWith('+PONG') ? 0 : 1));`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5000 }).status === 0;
}

const redis = !REDIS_URL ? 'not set' : redisAnswers(REDIS_URL) ? 'answers' : 'silent';
if (redis === 'not set')
  console.log('SKIPPED: the Redis backend cases (REDIS_URL not set; npm run stack:up prints it)');

export interface Backend {
  name: 'postgres' | 'redis';
  available: boolean;
}

export const backends: Backend[] = [
  { name: 'postgres', available: true },
  { name: 'redis', available: redis === 'answers' },
];

/**
 * describe for an available backend, describe.skip (already announced) for Redis without
 * REDIS_URL, and one failing case for a REDIS_URL that does not answer.
 */
export function describeBackend(backend: Backend, body: () => void): void {
  if (backend.name === 'redis' && redis === 'silent')
    describe('on the redis backend', () => {
      it('reaches the Redis that REDIS_URL names', () => {
        throw new Error(`REDIS_URL is ${REDIS_URL}, which does not answer PING`);
      });
    });
  else (backend.available ? describe : describe.skip)(`on the ${backend.name} backend`, body);
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
