/** The CLI's database: DATABASE_URL, else the embedded server the launcher runs. */
import { createPool, embeddedServerUrl, type Pool } from '@kobo/platform';

export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * The `kobo` database on the embedded server `npm start` runs: DATA_DIR and EMBEDDED_PG_PORT as the
 * launcher takes them, its password from the data directory.
 */
function embeddedDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const dataDir = env.DATA_DIR?.trim() || '.data';
  const embeddedPgPort = Number(env.EMBEDDED_PG_PORT?.trim() || 25429);
  const url = embeddedServerUrl({ dataDir, embeddedPgPort }, 'kobo');
  if (!url)
    throw new DatabaseUnreachableError(
      `there is no embedded PostgreSQL in ${dataDir}/pg yet.\n` +
        `Start Kobo first (npm start runs the embedded server on port ${embeddedPgPort}) or set DATABASE_URL.`,
    );
  return url;
}

export async function connect(url = process.env.DATABASE_URL || embeddedDatabaseUrl()): Promise<Pool> {
  const pool = createPool(url, 6);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnreachableError(
      `cannot reach PostgreSQL at ${redact(url)} (${reason}).\n` +
        `Start Kobo first (npm start runs the embedded server on port 25429) or set DATABASE_URL.`,
    );
  }
  const { rows } = await pool.query<{ events: string | null; checkpoints: string | null }>(
    `SELECT to_regclass('events')::text AS events, to_regclass('projection_checkpoints')::text AS checkpoints`,
  );
  if (!rows[0]?.events || !rows[0]?.checkpoints) {
    await pool.end();
    throw new DatabaseUnreachableError(
      `the database at ${redact(url)} has no Kobo ledger tables; start Kobo once (it migrates) or point DATABASE_URL elsewhere.`,
    );
  }
  return pool;
}
