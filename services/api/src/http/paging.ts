/**
 * Server-side paging, sorting and filtering for the long lists (docs/api/admin.md, "Paging").
 * A list keeps its old answer (an array) and takes `q`, its filters, `sort`, `order`, `page`,
 * `pageSize` and `after`. No list is unbounded: without `pageSize` a page holds MAX_PAGE_SIZE
 * rows. `X-Total-Count` says how many rows match, so a screen can page without counting in the
 * browser; `X-Next-Cursor`, on a full page, is the key of its last row: sent back as `after`, it
 * gives the next page by key, which costs the same on the ten-thousandth page as on the first
 * (an OFFSET reads and drops every row before it).
 */
import type { Response } from 'express';
import { z } from 'zod';
import type { Pool } from '@kobo/platform';
import { HttpProblem } from './problem';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const MAX_PAGE_SIZE = 500;

export const pagedResponseHeaders = {
  [TOTAL_COUNT_HEADER]: 'How many rows match the filters, on every page',
  [NEXT_CURSOR_HEADER]: 'On a full page: send it back as `after` for the next page (paging by key)',
};

const BAD_CURSOR = 'This page link is no longer valid; start again from the first page.';

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

/** A WHERE clause built one condition at a time, with numbered parameters. */
export class Conditions {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  /** `fragment` gets a function that adds a parameter and returns its placeholder ($n). */
  add(fragment: (param: (value: unknown) => string) => string): this {
    this.parts.push(
      fragment((value) => {
        this.params.push(value);
        return `$${this.params.length}`;
      }),
    );
    return this;
  }

  /** Any of `columns` contains `q`, ignoring case (LIKE's wildcards in `q` are taken literally). */
  search(q: string | undefined, columns: readonly string[]): this {
    if (!q) return this;
    return this.add((param) => {
      const pattern = param(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return `(${columns.map((column) => `${column} ILIKE ${pattern}`).join(' OR ')})`;
    });
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** One key of a list's order: an expression over the select's output columns, never NULL. */
export type OrderKey = readonly [expression: string, direction: 'ASC' | 'DESC'];

export interface PageOptions {
  /** `SELECT ... FROM ...` without WHERE or ORDER BY. */
  select: string;
  where: Conditions;
  /** The order, ending with a unique column so pages never overlap and a key names one row. */
  order: readonly OrderKey[];
  page: number;
  pageSize?: number;
  /** A cursor from X-Next-Cursor: the rows after the one it names. */
  after?: string;
}

function encodeCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(cursor: string, keys: number): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === keys && values.every((v) => typeof v === 'string'))
      return values as string[];
  } catch {
    // Not ours: answered below.
  }
  throw new HttpProblem('validation', BAD_CURSOR, { after: BAD_CURSOR });
}

/**
 * The rows after the keys `values`, in `order`: (k0 after v0) or (k0 = v0 and k1 after v1) or ...
 * Keys are compared as their own type: the cursor holds them as text (full precision, e.g.
 * microseconds of a timestamp) and PostgreSQL casts the parameter to the key's type.
 */
function afterKeys(order: readonly OrderKey[], values: string[], param: (value: unknown) => string): string {
  const alternatives = order.map((_, i) => {
    const equal = order.slice(0, i).map((_key, j) => `k${j} = ${param(values[j])}`);
    const [, dir] = order[i]!;
    return [...equal, `k${i} ${dir === 'ASC' ? '>' : '<'} ${param(values[i])}`].join(' AND ');
  });
  return alternatives.map((alternative) => `(${alternative})`).join(' OR ');
}

/** One page of rows, how many match in all, and the cursor of the next page when this one is full. */
export async function readPage<R extends object>(
  pool: Pool,
  { select, where, order, page, pageSize = MAX_PAGE_SIZE, after }: PageOptions,
): Promise<{ rows: R[]; total: number; next?: string }> {
  const listed = `FROM (${select} ${where.sql}) listed`;
  // The keys are selected with their own type for comparing and as text for the cursor.
  const keyColumns = order.map(([expression], i) => `${expression} AS k${i}`).join(', ');
  const keyTexts = order.map((_, i) => `k${i}::text AS kt${i}`).join(', ');
  const orderBy = order.map(([, dir], i) => `k${i} ${dir}`).join(', ');
  const params = [...where.params];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const keyset = after ? `WHERE ${afterKeys(order, decodeCursor(after, order.length), param)}` : '';
  const offset = after ? 0 : (page - 1) * pageSize;
  const { rows } = await pool.query<R & { total_count: string } & Record<`kt${number}`, string>>(
    `SELECT *, ${keyTexts} FROM (
       SELECT listed.*, ${keyColumns}, count(*) OVER () AS total_count ${listed}
     ) counted ${keyset} ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${offset}`,
    params,
  );
  let total = rows[0] ? Number(rows[0].total_count) : 0;
  // Past the last page the window has no row to report the count on.
  if (!rows[0] && (page > 1 || after)) {
    const counted = await pool.query<{ n: string }>(`SELECT count(*) AS n ${listed}`, where.params);
    total = Number(counted.rows[0]!.n);
  }
  const last = rows.length === pageSize ? rows.at(-1) : undefined;
  const next = last ? encodeCursor(order.map((_, i) => last[`kt${i}`]!)) : undefined;
  return { rows, total, next };
}

/** The paging headers of a page: how many rows match, and the next page's cursor if any. */
export function sendTotal(res: Response, total: number, next?: string): void {
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
  if (next) res.setHeader(NEXT_CURSOR_HEADER, next);
}

export const direction = (order: 'asc' | 'desc' | undefined, fallback: 'asc' | 'desc') =>
  (order ?? fallback).toUpperCase() as 'ASC' | 'DESC';
