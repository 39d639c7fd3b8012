/**
 * Server-side paging, sorting and filtering for the admin lists (docs/api/admin.md, "Paging").
 * A list keeps its old answer (an array) and takes `q`, its filters, `sort`, `order`, `page` and
 * `pageSize`; without `pageSize` it is whole, as the old client expects. `X-Total-Count` always
 * says how many rows match, so a screen can page without counting in the browser.
 */
import type { Response } from 'express';
import { z } from 'zod';
import type { Pool } from '@kobo/platform';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const MAX_PAGE_SIZE = 500;

export const pagedResponseHeaders = {
  [TOTAL_COUNT_HEADER]: 'How many rows match the filters, on every page',
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

export interface PageOptions {
  /** `SELECT ... FROM ...` without WHERE or ORDER BY. */
  select: string;
  where: Conditions;
  /** ORDER BY over the select's output columns, ending with a unique column so pages never overlap. */
  orderBy: string;
  page: number;
  pageSize?: number;
}

/** One page of rows and how many match in all. */
export async function readPage<R extends object>(
  pool: Pool,
  { select, where, orderBy, page, pageSize }: PageOptions,
): Promise<{ rows: R[]; total: number }> {
  const listed = `FROM (${select} ${where.sql}) listed`;
  const limit = pageSize ? `LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : '';
  const { rows } = await pool.query<R & { total_count: string }>(
    `SELECT listed.*, count(*) OVER () AS total_count ${listed} ORDER BY ${orderBy} ${limit}`,
    where.params,
  );
  let total = rows[0] ? Number(rows[0].total_count) : 0;
  // Past the last page the window has no row to report the count on.
  if (!rows[0] && page > 1) {
    const counted = await pool.query<{ n: string }>(`SELECT count(*) AS n ${listed}`, where.params);
    total = Number(counted.rows[0]!.n);
  }
  return { rows, total };
}

export function sendTotal(res: Response, total: number): void {
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
}

export const direction = (order: 'asc' | 'desc' | undefined, fallback: 'asc' | 'desc') =>
  (order ?? fallback).toUpperCase();
