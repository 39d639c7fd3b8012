/** ledger status: each projector's checkpoint, lag, whether a live instance leads it, and open failures. */
import type { EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { projections } from '../../projections';
import { readProjectorStatus } from '../../runtime/status';
import { LEADER_LOCK_CLASS } from '../../runtime/sql';

export async function statusCommand(
  pool: Pool,
  store: EventStore,
  out: (line: string) => void,
): Promise<number> {
  const names = projections.map((p) => p.name);
  const statuses = await readProjectorStatus(pool, store, names);
  const { rows } = await pool.query<{ name: string }>(
    `SELECT n.name FROM unnest($1::text[]) AS n(name)
     JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.classid = $2 AND l.objid::int = hashtext(n.name)
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [names, LEADER_LOCK_CLASS],
  );
  const led = new Set(rows.map((row) => row.name));
  out(`log head: position ${statuses[0]?.head ?? 0}`);
  out(`${'projector'.padEnd(16)}${'position'.padStart(12)}${'lag'.padStart(10)}  live  state`);
  let failing = 0;
  for (const s of statuses) {
    if (s.failure) failing++;
    const state = s.failure
      ? `✘ stopped at position ${s.failure.globalPosition} (${s.failure.eventType} ${s.failure.eventId}), ${s.failure.attempts} attempt(s): ${s.failure.error.split('\n')[0]}`
      : s.lag === 0
        ? '✔ up to date'
        : '… catching up';
    out(
      `${s.name.padEnd(16)}${String(s.position).padStart(12)}${String(s.lag).padStart(10)}  ${(led.has(s.name) ? 'yes' : 'no').padEnd(4)}  ${state}`,
    );
  }
  return failing ? 1 : 0;
}
