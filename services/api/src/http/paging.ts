/**
 * Server-side paging, sorting and filtering for the long lists (docs/api/admin.md, "Paging").
 * A list keeps its old answer (an array) and takes `q`, its filters, `sort`, `order`, `page`,
 * `pageSize` and `after`. No list is unbounded: without `pageSize` a page holds MAX_PAGE_SIZE
 * rows. `X-Total-Count` says how many rows match, so a screen can page without counting in the
 * browser; `X-Next-Cursor`, on a full page, is the key of its last row: sent back as `after`, it
 * gives the next page by key, which costs the same on the ten-thousandth page as on the first
 * (an OFFSET reads and drops every row before it). The SQL side (conditions, a page of rows, its
 * cursor) is the read models' (`@kobo/projector`), re-exported here for the API's own lists.
 */
import type { Response } from 'express';
import { z } from 'zod';
import { BAD_CURSOR, MAX_PAGE_SIZE } from '@kobo/projector';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const pagedResponseHeaders = {
  [TOTAL_COUNT_HEADER]: 'How many rows match the filters, on every page',
  [NEXT_CURSOR_HEADER]: 'On a full page: send it back as `after` for the next page (paging by key)',
};

/** The query fields every paged list takes; `sort` is the list's own. */
export function pagingQuery<const Sort extends string>(sorts: readonly [Sort, ...Sort[]]) {
  return {
    q: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
    sort: z.enum(sorts, { error: `Sort is one of ${sorts.join(', ')}` }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'Order is asc or desc' }).optional(),
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1' })
      .int()
      .min(1)
      .max(1_000_000)
      .default(1),
    pageSize: z.coerce
      .number({ error: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int()
      .min(1, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .optional(),
    /** The X-Next-Cursor of the page before: the next page by key (then `page` is ignored). */
    after: z.string().max(2000, BAD_CURSOR).optional(),
  };
}

/** A comma-separated list of choices (`platform=facebook,instagram`). */
export function choicesQuery<const Choice extends string>(
  label: string,
  choices: readonly [Choice, ...Choice[]],
) {
  const message = `${label} is one or more of ${choices.join(', ')}, separated by commas`;
  return z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(choices, { error: message })).min(1, message))
    .optional();
}

export {
  BAD_CURSOR,
  Conditions,
  direction,
  MAX_PAGE_SIZE,
  readPage,
  type OrderKey,
  type PageOptions,
} from '@kobo/projector';

/** The paging headers of a page: how many rows match, and the next page's cursor if any. */
export function sendTotal(res: Response, total: number, next?: string): void {
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
  if (next) res.setHeader(NEXT_CURSOR_HEADER, next);
}
