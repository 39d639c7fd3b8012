/**
 * Server-side paging for the back office's long lists (docs/api/admin.md, "Paging"): the list
 * calls take `q`, filters, `sort`, `order`, `page` and `pageSize`, answer with one page (the same
 * array as before) and put the number of matching rows in the `X-Total-Count` header.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface Page<T> {
  items: T[];
  /** Rows matching the filters, across every page. */
  total: number;
}

/** RTK Query's transformResponse for a paged list call (the retrying base query types its meta loosely). */
export function toPage<T>(items: T[], meta: unknown): Page<T> {
  const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(TOTAL_COUNT_HEADER);
  const total = header === null || header === undefined ? Number.NaN : Number(header);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The page and page size a URL's query holds (`?page=3&pageSize=50`); anything odd reads as the defaults. */
export function readPage(params: URLSearchParams): PageRequest {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The query for a page; the defaults are left out so the plain address means the first page. */
export function writePage({ page, pageSize }: PageRequest): Record<string, string> {
  return {
    ...(page > 1 ? { page: String(page) } : {}),
    ...(pageSize !== DEFAULT_PAGE_SIZE ? { pageSize: String(pageSize) } : {}),
  };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
