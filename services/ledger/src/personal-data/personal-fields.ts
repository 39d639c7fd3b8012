/**
 * Which fields of which events name a person (docs/decisions/0052-personal-data-in-the-log.md), and
 * whose key seals them: the event's `userId`. Every other field is the books (amounts, ids,
 * postings, statuses, times, bank codes) and is stored as it is.
 */

/** A field's path in an event's data: `['bankDetails', 'accountNum']`. */
type FieldPath = readonly string[];

const BANK_DETAILS: FieldPath[] = [
  ['bankDetails', 'accountNum'],
  ['bankDetails', 'accountName'],
];
const PROFILE: FieldPath[] = [['firstName'], ['lastName'], ['email'], ['phone']];

const FIELDS_BY_TYPE: Readonly<Record<string, readonly FieldPath[]>> = {
  UserRegistered: [...PROFILE, ['username']],
  UserProfileUpdated: PROFILE,
  BankDetailsUpdated: BANK_DETAILS,
  WithdrawalRequested: BANK_DETAILS,
};

/** The claims whose value names a person: their value is sealed, their stream named by a keyed hash. */
export const PERSONAL_CLAIM_KINDS: ReadonlySet<string> = new Set(['email', 'username']);

const CLAIM_TYPES = new Set(['UniqueValueClaimed', 'UniqueValueReleased']);

/** Every event type that may carry a personal field (a claim's only for an email or a username). */
export const PERSONAL_EVENT_TYPES: readonly string[] = [...Object.keys(FIELDS_BY_TYPE), ...CLAIM_TYPES];

/** The personal fields of an event of this type with this data (none for most events). */
export function personalFieldsOf(type: string, data: unknown): readonly FieldPath[] {
  const fields = FIELDS_BY_TYPE[type];
  if (fields) return fields;
  if (CLAIM_TYPES.has(type) && PERSONAL_CLAIM_KINDS.has(String((data as { kind?: unknown })?.kind)))
    return [['value']];
  return [];
}

/** The person whose key seals the event's personal fields. */
export function subjectOf(data: unknown): string {
  const userId = (data as { userId?: unknown })?.userId;
  if (typeof userId !== 'string') throw new TypeError('an event with personal fields names its userId');
  return userId;
}

/** A field's value at a path, when it is a text. */
export function textAt(data: unknown, path: FieldPath): string | undefined {
  let at: unknown = data;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'string' ? at : undefined;
}

/** A copy of the data with the texts at these paths replaced: only the objects on the paths are copied. */
export function withTexts(data: unknown, replaced: ReadonlyMap<FieldPath, string>): unknown {
  let copy = data;
  for (const [path, text] of replaced) copy = withTextAt(copy, path, text);
  return copy;
}

function withTextAt(at: unknown, path: FieldPath, text: string): unknown {
  const [key, ...rest] = path;
  const object = (at ?? {}) as Record<string, unknown>;
  return { ...object, [key!]: rest.length === 0 ? text : withTextAt(object[key!], rest, text) };
}

export type { FieldPath };
