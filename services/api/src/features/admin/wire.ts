/**
 * How admin and finance answers carry times and read naira input (money leaves as `koboToNaira` from
 * the ledger: naira numbers with 2 decimals). Shared by the admin and finance features.
 */
import { z } from 'zod';
import { nairaToKobo, type Kobo } from '@kobo/ledger';

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * When the person a row names was erased (their account deleted): their name then reads
 * "Deleted user" and their personal fields are empty. Null while the account is not deleted.
 */
export const erasedAtField = z
  .string()
  .nullable()
  .describe(
    'When the account was deleted and the person erased (the name reads "Deleted user"); null if not',
  );

/**
 * A naira amount typed in a form: a number or numeric text with at most 2 decimals, to kobo.
 * `label` names it in the messages.
 */
export function nairaInput(label: string, options: { min?: number } = {}) {
  return z.union([z.number(), z.string()]).transform((value, ctx): Kobo => {
    let amount: Kobo;
    try {
      amount = nairaToKobo(typeof value === 'string' ? value.trim() : value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label} must be a naira amount with at most 2 decimals.` });
      return z.NEVER;
    }
    if (options.min !== undefined && amount < options.min) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be negative.` });
      return z.NEVER;
    }
    return amount;
  });
}

/** A whole number sent as a number or as text (a form field); anything else is left to the decider. */
export function countInput() {
  return z.union([z.number(), z.string()]).transform((value, ctx): number => {
    const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a whole number.' });
      return z.NEVER;
    }
    return n;
  });
}

/** A message field with the given text: the shape the old client's toasts read. */
export const messageSchema = z.object({ message: z.string() });
