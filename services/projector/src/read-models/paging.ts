/**
 * Paging, sorting and filtering of a read model's lists (docs/api/admin.md, "Paging"): a WHERE
 * built one condition at a time, and one page of rows by number or by key. No list is unbounded:
 * without a page size a page holds MAX_PAGE_SIZE rows. A page full to its size names its last
 * row's key (`next`): sent back as `after`, it gives the next page by key, which costs the same on
 * the ten-thousandth page as on the first (an OFFSET reads and drops every row before it). A
 * cursor that does not fit the list's keys is refused as invalid input on the field `after`.
 */
import { invalid } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';

export const MAX_PAGE_SIZE = 500;

export const BAD_CURSOR = 'This page link is no longer valid; start again from the first page.';

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

/** The cursor's values: as many texts as the order has keys, or a 400 naming `after`. */
function decodeCursor(cursor: string, keys: number): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === keys && values.every((v) => typeof v === 'string'))
      return values as string[];
  } catch {
    // Not ours: answered below.
  }
  throw badCursor();
}

const badCursor = () => invalid(BAD_CURSOR, 'after');

/**
 * What PostgreSQL takes as a key's value, by the key's type (its OID), as that type prints itself
 * (`::text`, DateStyle ISO), which is how a cursor holds it. A value PostgreSQL would refuse to
 * cast is refused here instead, as a bad cursor: a cursor is the client's to send, so one that
 * does not fit the list's keys (['x', 'y'] where an amount and an id are expected) is bad input,
 * not a server fault.
 */
const keyChecks: Record<number, (text: string) => boolean> = {
  16: (t) => t === 'true' || t === 'false', // boolean
  20: (t) => wholeWithin(t, 2n ** 63n), // bigint
  21: (t) => wholeWithin(t, 2n ** 15n), // smallint
  23: (t) => wholeWithin(t, 2n ** 31n), // integer
  700: isFloat, // real
  701: isFloat, // double precision
  1700: (t) => /^-?\d{1,100}(\.\d{1,100})?$/.test(t), // numeric
  25: isText, // text
  1042: isText, // char(n)
  1043: isText, // varchar
  2950: (t) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(t), // uuid
  1082: (t) => isTime(t, 'date'), // date
  1114: (t) => isTime(t, 'timestamp'), // timestamp
  1184: (t) => isTime(t, 'timestamptz'), // timestamp with time zone
};

function wholeWithin(text: string, limit: bigint): boolean {
  if (!/^-?\d{1,20}$/.test(text)) return false;
  const value = BigInt(text);
  return value >= -limit && value < limit;
}

function isFloat(text: string): boolean {
  return /^-?\d{1,310}(\.\d{1,20})?(e[+-]\d{1,3})?$/.test(text) && Number.isFinite(Number(text));
}

/** PostgreSQL's text refuses the NUL character. */
function isText(text: string): boolean {
  return !text.includes('\u0000');
}

const TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(Z|[+-]\d{2}(?::?\d{2}){0,2})?)?$/;

/** A date or time of years 1 to 9999 that exists on the calendar, in ISO form. */
function isTime(text: string, type: 'date' | 'timestamp' | 'timestamptz'): boolean {
  const match = TIME.exec(text);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, zone] = match;
  const hasTime = hour !== undefined;
  if (type === 'date' ? hasTime : !hasTime) return false;
  if (zone !== undefined && type !== 'timestamptz') return false;
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  // Day 0 of the next month is the last of this one (the year set apart: Date.UTC maps 0-99 to 19xx).
  const date = new Date(Date.UTC(2000, m, 0));
  date.setUTCFullYear(y, m, 0);
  if (d > date.getUTCDate()) return false;
  return !hasTime || (Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 59);
}

/** The key types of a list's order, asked of PostgreSQL once per select and order. */
const keyTypesOf = new Map<string, Promise<number[]>>();

function keyTypes(pool: Pool, select: string, order: readonly OrderKey[]): Promise<number[]> {
  const keyColumns = order.map(([expression], i) => `${expression} AS k${i}`).join(', ');
  const sql = `SELECT ${keyColumns} FROM (${select}) listed LIMIT 0`;
  let types = keyTypesOf.get(sql);
  if (!types) {
    types = pool.query(sql).then(({ fields }) => fields.map((field) => field.dataTypeID));
    // A failed question is asked again next time rather than remembered.
    types.catch(() => keyTypesOf.delete(sql));
    keyTypesOf.set(sql, types);
  }
  return types;
}

/** The cursor's values, each checked against its key's type. */
async function cursorValues(pool: Pool, cursor: string, select: string, order: readonly OrderKey[]) {
  const values = decodeCursor(cursor, order.length);
  const types = await keyTypes(pool, select, order);
  values.forEach((value, i) => {
    const check = keyChecks[types[i]!];
    if (!check) throw new Error(`A page key of type OID ${types[i]} (${order[i]![0]}) has no cursor check`);
    if (!check(value)) throw badCursor();
  });
  return values;
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
  const keyset = after
    ? `WHERE ${afterKeys(order, await cursorValues(pool, after, select, order), param)}`
    : '';
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

export const direction = (order: 'asc' | 'desc' | undefined, fallback: 'asc' | 'desc') =>
  (order ?? fallback).toUpperCase() as 'ASC' | 'DESC';
