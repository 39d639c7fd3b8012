/**
 * Versioned schema migrations with node-pg-migrate (see docs/decisions/0003-migrations.md).
 * Each package keeps the schema it owns in its own migrations folder (services/<package>/migrations:
 * the ledger the event store, the platform the rest), and each read model its tables in its own
 * folder (services/projector/src/read-models/<name>/migrations, docs/decisions/0049): numbered,
 * plain SQL, applied at every start in one order by number across all folders. node-pg-migrate
 * records a migration by its file name alone, so moving a file between folders changes nothing
 * for a database that already ran it (docs/decisions/0019-package-boundaries.md).
 * test/global-setup.mjs reads the same folders.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

const services = join(__dirname, '..', '..');

/** Where migrations are: a package's folder, and a read model's. */
export const migrationFiles = [
  join(services, '*', 'migrations', '*.sql'),
  join(services, '*', 'src', 'read-models', '*', 'migrations', '*.sql'),
];

/** Every migration file's path, in the order the migrator runs them (by number across folders). */
export function migrationFilePaths(): string[] {
  const filesIn = (folder: string) => {
    try {
      return readdirSync(folder)
        .filter((file) => file.endsWith('.sql'))
        .map((file) => join(folder, file));
    } catch {
      return [];
    }
  };
  const readModels = (pkg: string) => {
    const root = join(services, pkg, 'src', 'read-models');
    let names: string[];
    try {
      names = readdirSync(root);
    } catch {
      return [];
    }
    return names.flatMap((name) => filesIn(join(root, name, 'migrations')));
  };
  return readdirSync(services)
    .flatMap((pkg) => [...filesIn(join(services, pkg, 'migrations')), ...readModels(pkg)])
    .sort((a, b) => basename(a).localeCompare(basename(b)));
}

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
