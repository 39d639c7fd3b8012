/**
 * ledger status: each consumer's checkpoint, lag, whether a live instance leads it, and open
 * failures: the projectors, then the reactors (every other consumer with a checkpoint).
 */
import type { EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { projections } from '../../read-models';
import { readCheckpoints } from '../../runtime/checkpoints';
import { readConsumerStatus } from '../../runtime/status';
import { LEADER_LOCK_CLASS } from '../../runtime/sql';

export async function statusCommand(
  pool: Pool,
  store: EventStore,
  out: (line: string) => void,
): Promise<number> {
  const projectors: string[] = projections.map((p) => p.name);
  const reactors = [...(await readCheckpoints(pool)).keys()]
    .filter((name) => !projectors.includes(name))
    .sort();
  const names = [...projectors, ...reactors];
  const statuses = await readConsumerStatus(pool, store, names);
  const { rows } = await pool.query<{ name: string }>(
    `SELECT n.name FROM unnest($1::text[]) AS n(name)
     JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.classid = $2 AND l.objid::int = hashtext(n.name)
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [names, LEADER_LOCK_CLASS],
  );
  const led = new Set(rows.map((row) => row.name));
  out(`log head: position ${statuses[0]?.head ?? 0}`);
  out(`${'consumer'.padEnd(16)}${'position'.padStart(12)}${'lag'.padStart(10)}  live  state`);
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
