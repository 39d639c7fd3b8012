/**
 * A date or time in a query string (`from`, `to`, `at`): ISO 8601, read as a Date. JavaScript
 * reads dates PostgreSQL cannot store (from -271821 to 275760): a date is kept to the years
 * 1 to 9999, so one out of that range is a 400 naming the field rather than a failed query.
 */
import { z } from 'zod';

export const FIRST_YEAR = 1;
export const LAST_YEAR = 9999;

export function timeQuery(label: string) {
  return z
    .string()
    .trim()
    .refine((text) => !Number.isNaN(Date.parse(text)), `${label} must be a date and time (ISO 8601)`)
    .transform((text) => new Date(text))
    .refine(
      (date) => date.getUTCFullYear() >= FIRST_YEAR && date.getUTCFullYear() <= LAST_YEAR,
      `${label} is not a valid date: the year must be from ${FIRST_YEAR} to ${LAST_YEAR}`,
    );
}
