/**
 * A projection is a plain function from one event to row operations on its read-model tables.
 * Handlers never read the database: the runtime merges the operations of a whole batch per table
 * and key, and writes them with a few set-based statements (see batch/change-set.ts).
 */
import type { RecordedKoboEvent } from '@kobo/ledger';

export type Row = Record<string, unknown>;

/**
 * insert: a new row (it must not exist).
 * upsert: insert key + columns, or change the existing row: `set` overwrites, `add` increments,
 *   `latest` keeps the greater of the stored and the given value.
 * update: change the existing row by key (no row, no change).
 * delete: remove the row by key.
 * Columns under `add` start from 0 when the row is inserted.
 *
 * A row that events of several streams change takes only `add` and `latest` from all but one of
 * them: those commute, so the row comes out the same whichever stream's events are applied first,
 * which is what consuming the log from Kafka's partitions needs (decision 0028).
 */
export type RowOp =
  | { kind: 'insert'; table: string; row: Row }
  | {
      kind: 'upsert' | 'update';
      table: string;
      key: Row;
      set: Row;
      add: Record<string, number>;
      latest: Row;
    }
  | { kind: 'delete'; table: string; key: Row };

export interface TableSpec {
  name: string;
  /** Primary-key columns: operations on the same key within a batch are merged. */
  key: readonly string[];
}

export interface Projection<Name extends string = string> {
  /** Also the projector's name: its checkpoint, lock and failures are keyed by it. */
  name: Name;
  description: string;
  tables: readonly TableSpec[];
  /** Gets the event decoded (the ledger's decodeEvent): the catalogue's current shape. */
  handle(event: RecordedKoboEvent): RowOp[];
}

const none = Object.freeze({});

/** What an upsert or update changes (see RowOp); `latest` values are numbers or ISO times. */
export interface RowChange {
  set?: Row;
  add?: Record<string, number>;
  latest?: Row;
}

/**
 * Row-operation constructors. In `set`, an undefined value means "leave unchanged"; in an insert
 * row, a column left out takes its default (an undefined value is written as NULL). Values are
 * written as JSON: a Date becomes its ISO time.
 */
export const ops = {
  insert: (table: string, row: Row): RowOp => ({ kind: 'insert', table, row }),
  upsert: (table: string, key: Row, change: RowChange): RowOp => ({
    kind: 'upsert',
    table,
    key,
    set: change.set ?? none,
    add: change.add ?? none,
    latest: change.latest ?? none,
  }),
  update: (table: string, key: Row, change: RowChange): RowOp => ({
    kind: 'update',
    table,
    key,
    set: change.set ?? none,
    add: change.add ?? none,
    latest: change.latest ?? none,
  }),
  delete: (table: string, key: Row): RowOp => ({ kind: 'delete', table, key }),
};

let cachedDate: Date | undefined;
let cachedTime = '';

/**
 * The event's recorded_at as the ISO text written to timestamptz columns. Every projection of a
 * batch asks for the same event in turn, so one cached conversion serves them all.
 */
export function timeOf(event: { recordedAt: Date }): string {
  if (event.recordedAt !== cachedDate) {
    cachedDate = event.recordedAt;
    cachedTime = cachedDate.toISOString();
  }
  return cachedTime;
}
