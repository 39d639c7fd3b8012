/**
 * Every account deleted during a run is erased (docs/decisions/0052-personal-data-in-the-log.md).
 * At the end, once the erasure reactor has handled the last UserDeleted and any later submission of
 * a deleted user (its checkpoint, no sleep),
 * for each deleted user: their data key is destroyed; the log, read through the sealing store,
 * opens none of what they signed up with (email, username, names, phone, bank account number);
 * no table of the database holds any of it; and the proof images they submitted are gone.
 * The values are unique to each simulated user (see `register`), so a match is theirs, and any
 * occurrence fails the check: also in another user's event or row (a look-alike proof's flag names
 * the other user by id, never by name).
 */
import { ERASURE_REACTOR } from '@kobo/api';
import type { SimUser, SimulationRun } from './run';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** What a person gave that an erasure must leave nowhere. */
function personalValues(user: SimUser): string[] {
  return [user.email, user.username, user.firstName, user.lastName, user.phone, user.accountNum].filter(
    (value): value is string => value !== undefined,
  );
}

/**
 * Waits until the erasure reactor's checkpoint has passed the last event it erases on: the last
 * UserDeleted, or a deleted user's TaskSubmitted recorded after it (a submission under way at the
 * deletion: its proof is deleted when the reactor reaches it). Resolves to an error message when it
 * does not within `timeoutMs` (a reactor stuck on a batch, or not running).
 */
export async function erasureCaughtUp(run: SimulationRun, timeoutMs = 60_000): Promise<string | undefined> {
  await run.watch.catchUp(); // every event recorded so far, a late submission included
  const { deleted, lastSubmitted } = run.watch;
  const last = Math.max(
    0,
    ...deleted.values(),
    ...[...deleted.keys()].map((userId) => lastSubmitted.get(userId) ?? 0),
  );
  if (last === 0) return undefined;
  const until = Date.now() + timeoutMs;
  let position = 0;
  while (Date.now() < until) {
    const { rows } = await run.options.pool.query<{ position: string }>(
      'SELECT position FROM projection_checkpoints WHERE projector = $1',
      [ERASURE_REACTOR],
    );
    position = Number(rows[0]?.position ?? 0);
    if (position >= last) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `the erasure reactor stood at position ${position}, the last event it erases on is at ${last}, after ${timeoutMs} ms`;
}

export async function erasureChecks(run: SimulationRun): Promise<Check[]> {
  const { erased, system, watch, options } = run;
  if (erased.length === 0)
    return [{ name: 'erasure: deleted accounts erased', ok: true, detail: 'no account was deleted' }];
  const ids = erased.map((u) => u.userId);

  const { rows: destroyed } = await options.pool.query<{ subject_id: string }>(
    'SELECT subject_id FROM person_data_keys WHERE subject_id = ANY($1::text[]) AND destroyed_at IS NOT NULL',
    [ids],
  );
  const keysLeft = erased.filter((u) => !destroyed.some((row) => row.subject_id === u.userId));

  const inLog = await valuesInTheLog(run, erased);
  const inTables = await tablesHolding(run, erased.flatMap(personalValues));

  const imagesLeft: string[] = [];
  for (const u of erased)
    for (const key of watch.proofImages.get(u.userId) ?? [])
      if (await system.images.get(key)) imagesLeft.push(`${u.username}: ${key}`);
  const images = erased.reduce((n, u) => n + (watch.proofImages.get(u.userId)?.length ?? 0), 0);

  const who = `${erased.length} deleted accounts`;
  return [
    {
      name: "erasure: every deleted person's data key destroyed",
      ok: keysLeft.length === 0,
      detail: keysLeft.length
        ? `${keysLeft.length} keys not destroyed: ${keysLeft
            .slice(0, 5)
            .map((u) => `${u.username} (${u.userId})`)
            .join(', ')}`
        : who,
    },
    {
      name: "erasure: the log opens none of an erased person's values",
      ok: inLog.length === 0,
      detail: inLog.length ? inLog.slice(0, 5).join('; ') : who,
    },
    {
      name: "erasure: no table holds an erased person's values",
      ok: inTables.length === 0,
      detail: inTables.length ? inTables.slice(0, 5).join('; ') : `${who}, every table scanned`,
    },
    {
      name: "erasure: an erased person's proof images deleted",
      ok: imagesLeft.length === 0,
      detail: imagesLeft.length ? `still stored: ${imagesLeft.slice(0, 5).join(', ')}` : `${images} images`,
    },
  ];
}

/** Every event, opened by the sealing store as any reader would: which of the values still show. */
async function valuesInTheLog(run: SimulationRun, erased: SimUser[]): Promise<string[]> {
  const found: string[] = [];
  const values = erased.flatMap((u) => personalValues(u).map((value) => ({ u, value: value.toLowerCase() })));
  for (let after = 0; ;) {
    const events = await run.system.store.readAll({ after, limit: 1000 });
    if (events.length === 0) break;
    for (const event of events) {
      const text = JSON.stringify(event).toLowerCase();
      for (const { u, value } of values)
        if (text.includes(value))
          found.push(`${u.username}'s "${value}" in ${event.type} at position ${event.globalPosition}`);
    }
    after = events[events.length - 1]!.globalPosition;
  }
  return found;
}

/** Which tables (every table of the database) have rows whose text holds one of the values. */
async function tablesHolding(run: SimulationRun, values: string[]): Promise<string[]> {
  const { pool } = run.options;
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ value: string; n: number }>(
      `SELECT v AS value, count(*)::int AS n
         FROM (SELECT lower(t::text) AS row FROM ${name} AS t) AS r
         JOIN unnest($1::text[]) AS v ON strpos(r.row, lower(v)) > 0
        GROUP BY v`,
      [values],
    );
    for (const { value, n } of rows) found.push(`"${value}" in ${name} (${n} rows)`);
  }
  return found;
}
