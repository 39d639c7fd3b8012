/**
 * The database the product runs on: DATABASE_URL when set, otherwise PostgreSQL started from the
 * embedded-postgres package with its data under DATA_DIR. Either way the schema is migrated.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { migrate } from '../migrate';

export interface ProvidedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'kobo';
/** PASSWORD_FILE of embedded-postgres.mjs (an ESM module, which this CommonJS cannot load synchronously). */
const EMBEDDED_PASSWORD_FILE = 'kobo-password';

/** The embedded server's data, under DATA_DIR. */
const embeddedDataDir = (config: Pick<Config, 'dataDir'>) => resolve(config.dataDir, 'pg');

/**
 * The superuser's URL of the embedded PostgreSQL kept under DATA_DIR (its password is in the data
 * directory, `kobo-password`, written by embedded-postgres.mjs), or undefined before it was first
 * made. For a process that uses the server another one runs (a second `npm start`, the ledger CLI).
 */
export function embeddedServerUrl(
  config: Pick<Config, 'dataDir' | 'embeddedPgPort'>,
  database = 'postgres',
): string | undefined {
  const file = join(embeddedDataDir(config), EMBEDDED_PASSWORD_FILE);
  if (!existsSync(file)) return undefined;
  const password = encodeURIComponent(readFileSync(file, 'utf8').trim());
  return `postgres://postgres:${password}@127.0.0.1:${config.embeddedPgPort}/${database}`;
}

export async function provideDatabase(config: Config, logger: Logger): Promise<ProvidedDatabase> {
  let url = config.databaseUrl;
  let stop: () => Promise<void> = async () => undefined;
  if (!url) {
    if (config.env === 'production')
      throw new Error(
        'NODE_ENV=production needs its own PostgreSQL: set DATABASE_URL (the embedded one is for a ' +
          "developer's machine and the tests)",
      );
    const dataDir = embeddedDataDir(config);
    // ESM-only module, loaded natively (Node >= 20.19 runs import() from CommonJS).
    const { runningEmbeddedPostgres, startEmbeddedPostgres } = (await import(
      join(__dirname, 'embedded-postgres.mjs')
    )) as typeof import('./embedded-postgres.mjs');
    // Refuses a port answered by another data directory's server (EmbeddedPortTakenError).
    let embeddedUrl = await runningEmbeddedPostgres({ dataDir, port: config.embeddedPgPort });
    if (embeddedUrl) {
      // Another Kobo process (npm start) of this data directory already runs it: share it.
      logger.info(
        { dataDir, port: config.embeddedPgPort },
        'using the embedded PostgreSQL that is already running',
      );
    } else {
      logger.info(
        { dataDir, port: config.embeddedPgPort },
        'DATABASE_URL is unset: starting embedded PostgreSQL',
      );
      const server = await startEmbeddedPostgres({
        dataDir,
        port: config.embeddedPgPort,
        log: (line) => logger.debug({ postgres: line.trim() }),
      });
      stop = server.stop;
      embeddedUrl = server.url;
    }
    url = await ensureDatabase(embeddedUrl, EMBEDDED_DATABASE);
  }
  await assertReachable(url);
  await migrate(url, (message) => logger.debug({ migration: message }));
  logger.info('database schema is up to date');
  return { url, embedded: !config.databaseUrl, stop };
}

async function ensureDatabase(serverUrl: string, database: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const safe = new URL(url);
    safe.password = safe.password ? '***' : '';
    throw new Error(`Cannot reach PostgreSQL at ${safe.toString()}: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}
