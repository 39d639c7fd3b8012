/**
 * Per-day figures of a read model over a window of dates in one time zone (finance's charts count
 * Africa/Lagos days): the SQL pieces such queries share. Each query's parameters begin with the
 * window's: $1 the first date, $2 the last date, $3 the time zone.
 */

/** Dates 'YYYY-MM-DD', both included, as days in `timeZone` (an IANA name). */
export interface DayWindow {
  first: string;
  last: string;
  timeZone: string;
}

/**
 * How what was waiting changed on one day: `n` arrived less decided (and their kobo, where it
 * counts money); `day` null sums every change before the window. Sums as PostgreSQL answers them
 * (numeric): text.
 */
export interface DayChange {
  day: string | null;
  n: string;
  amount: string | null;
}

/** The window's parameters, $1 to $3, before a query's own. */
export function windowParams(window: DayWindow): unknown[] {
  return [window.first, window.last, window.timeZone];
}

/** The window is [start, end): from the first day's midnight to the midnight after the last day. */
export const WINDOW_START = `($1::date)::timestamp AT TIME ZONE $3::text`;
export const WINDOW_END = `($2::date + 1)::timestamp AT TIME ZONE $3::text`;

/** The date of a moment, 'YYYY-MM-DD' in the window's time zone. */
export function dateOf(column: string): string {
  return `to_char((${column} AT TIME ZONE $3::text)::date, 'YYYY-MM-DD')`;
}

/** The date of a moment in the window, or NULL for a moment before it. */
export function dayOf(column: string): string {
  return `CASE WHEN ${column} < ${WINDOW_START} THEN NULL ELSE ${dateOf(column)} END`;
}
