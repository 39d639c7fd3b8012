/**
 * Staff named for people: a staff member's user id (who approved, paid, asked, decided, started a
 * run) as their name, or their email when they have none. Staff accounts live in the users read
 * model like every account; one look-up for a whole page of ids.
 */
import type { Pool } from '@kobo/platform';

/** What a staff id reads as: 'Ada Finance', else 'ada@kobo.ng'; an id no account has is left out. */
export type StaffNames = ReadonlyMap<string, string>;

export async function staffNames(pool: Pool, ids: Iterable<string | null | undefined>): Promise<StaffNames> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (wanted.length === 0) return new Map();
  const { rows } = await pool.query<{ user_id: string; name: string }>(
    `SELECT user_id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name
     FROM users WHERE user_id = ANY($1::text[])`,
    [wanted],
  );
  return new Map(rows.map((row) => [row.user_id, row.name]));
}

/** The name of one id from a look-up; null when there is no id or no account. */
export function staffNameOf(names: StaffNames, id: string | null | undefined): string | null {
  return id ? (names.get(id) ?? null) : null;
}
