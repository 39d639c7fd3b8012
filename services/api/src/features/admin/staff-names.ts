/**
 * Staff named for people: a staff member's user id (who approved, paid, asked, decided, started a
 * run) as their name, or their email when they have none. The users read model looks a whole page
 * of ids up at once (`staffNames`).
 */
import type { StaffNames } from '@kobo/projector';

export { staffNames, type StaffNames } from '@kobo/projector';

/** The name of one id from a look-up; null when there is no id or no account. */
export function staffNameOf(names: StaffNames, id: string | null | undefined): string | null {
  return id ? (names.get(id) ?? null) : null;
}
