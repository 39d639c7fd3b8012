/** The reactor's place in the event log (table jobs_reactor_checkpoints, migration 0006). */
import type { Pool } from '@kobo/platform';

export async function readCheckpoint(pool: Pool, reactor: string): Promise<number> {
  const { rows } = await pool.query<{ position: number }>(
    'SELECT position FROM jobs_reactor_checkpoints WHERE reactor = $1',
    [reactor],
  );
  return rows[0]?.position ?? 0;
}

/** Never moves backwards: a second reactor that is behind cannot undo the first one's progress. */
export async function saveCheckpoint(pool: Pool, reactor: string, position: number): Promise<void> {
  await pool.query(
    `INSERT INTO jobs_reactor_checkpoints (reactor, position) VALUES ($1, $2)
     ON CONFLICT (reactor) DO UPDATE
       SET position = GREATEST(jobs_reactor_checkpoints.position, EXCLUDED.position), updated_at = now()`,
    [reactor, position],
  );
}
