/**
 * Versioned schema migrations with node-pg-migrate (see docs/decisions/0003-migrations.md).
 * Files live in services/platform/migrations, numbered, plain SQL; applied at every start.
 */
import { join } from 'node:path';

export const migrationsDir = join(__dirname, '..', 'migrations');

export async function migrate(databaseUrl: string, log: (message: string) => void = () => undefined) {
  // node-pg-migrate is ESM-only; Node 20.19+ loads it from CommonJS through a native import.
  const { runner } = await import('node-pg-migrate');
  await runner({
    databaseUrl,
    dir: migrationsDir,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    count: Infinity,
    checkOrder: true,
    singleTransaction: true,
    log,
  });
}
