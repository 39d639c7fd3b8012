/**
 * Whether a PostgreSQL log still holds personal data in the clear: events appended before personal
 * fields were sealed (docs/decisions/0052-personal-data-in-the-log.md). Their email and username
 * claims are streams named by the value, which the sealing store does not look under, so such a
 * log must be re-sealed (`npm run ledger -- reseal`) before it serves: otherwise an address
 * registered before could be registered again.
 */
import type pg from 'pg';

export async function clearPersonalDataRemains(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT 1 FROM streams
      WHERE stream_id ~ '^unique-(email|username)-' AND stream_id !~ '^unique-(email|username)-k1-[0-9a-f]{64}$'
      LIMIT 1`,
  );
  return rows.length > 0;
}
