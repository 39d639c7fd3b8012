/**
 * Versioned schema migrations with node-pg-migrate (see docs/decisions/0003-migrations.md).
 * Each package keeps the schema it owns in its own migrations folder (services/<package>/migrations:
 * the ledger the event store, the platform the rest), numbered, plain SQL, applied at every start
 * in one order by number across all folders. node-pg-migrate records a migration by its file name
 * alone, so moving a file between folders changes nothing for a database that already ran it
 * (docs/decisions/0019-package-boundaries.md). test/global-setup.mjs reads the same folders.
 */
import { join } from 'node:path';

export const migrationFiles = join(__dirname, '..', '..', '*', 'migrations', '*.sql');

export async function migrate(databaseUrl: string, log: (message: string) => void = () => undefined) {
  // node-pg-migrate is ESM-only; Node 20.19+ loads it from CommonJS through a native import.
  const { runner } = await import('node-pg-migrate');
  await runner({
    databaseUrl,
    dir: migrationFiles,
    useGlob: true,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    count: Infinity,
    checkOrder: true,
    singleTransaction: true,
    // Processes started together (KOBO_ROLES, decisions/0026) queue on the runner's lock: the
    // first migrates, the others then find nothing to do (its default, 'fail', ends them).
    advisoryLockMode: 'wait',
    log,
  });
}
