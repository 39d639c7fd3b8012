/**
 * The PostgreSQL pool of a benchmark. A connection ended from outside (the server restarting, an
 * operator's `pg_terminate_backend`: 57P01) makes an idle client emit `error`; unheard, that is an
 * unhandled event and a crash with a stack. A benchmark ends instead with one line that says what
 * happened, as the product would.
 */
import pg from 'pg';

export function lostConnectionMessage(error: unknown): string {
  const code = (error as { code?: string }).code;
  const detail = error instanceof Error ? error.message : String(error);
  return (
    `the database connection was ended from outside (${code ? `${code}: ` : ''}${detail}); ` +
    'the benchmark stops here and its figures are incomplete'
  );
}

function endBenchmark(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(1);
}

export function benchPool(
  connectionString: string,
  max: number,
  onLost: (message: string) => void = endBenchmark,
): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', (error) => onLost(lostConnectionMessage(error)));
  return pool;
}
