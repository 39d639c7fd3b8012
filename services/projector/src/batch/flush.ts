/**
 * Writes a change set with one statement per table, kind of change and column shape. Rows travel
 * as one JSON value read by json_populate_recordset(NULL::table, ...), so PostgreSQL converts
 * every column to the table's own type (bigint, timestamptz, jsonb) without per-column casts: a
 * parameter when the statements go one by one, a literal when they travel together in one string.
 */
import { escapeLiteral } from 'pg';
import type { Row } from '../projection';
import type { ChangeKind, ChangeSet, TableChanges } from './change-set';

export interface Queryable {
  /** A statement's text with its values, or a whole query (a prepared statement of @kobo/platform). */
  query(
    text: string | { name?: string; text: string; values?: unknown[] },
    values?: unknown[],
  ): Promise<unknown>;
}

/** Maps a read-model table to the physical table written: itself, or a shadow during a rebuild. */
export type TableNamer = (table: string) => string;

export const liveTables: TableNamer = (table) => table;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

interface Group {
  kind: ChangeKind;
  /** How each column changes a stored row: overwritten, incremented or kept at the greater value. */
  columns: { name: string; add: boolean; latest?: boolean }[];
  rows: Row[];
}

/** Rows with the same kind of change and the same columns go in one statement. */
function groupRows(changes: TableChanges): Group[] {
  const groups = new Map<string, Group>();
  const key = changes.spec.key;
  for (const pending of changes.rows.values()) {
    const names = Object.keys(pending.row);
    let signature = pending.kind + '|' + names.join(',');
    if (pending.adds?.size) signature += '|+' + [...pending.adds].join(',');
    if (pending.latest?.size) signature += '|>' + [...pending.latest].join(',');
    let group = groups.get(signature);
    if (!group) {
      const columns = names
        .filter((name) => !key.includes(name))
        .map((name) => ({
          name,
          add: pending.adds?.has(name) ?? false,
          latest: pending.latest?.has(name) ?? false,
        }));
      group = { kind: pending.kind, columns, rows: [] };
      groups.set(signature, group);
    }
    group.rows.push(pending.row);
  }
  return [...groups.values()];
}

/** A column's new value from the stored row `t` and the incoming one `source`. */
function changed(column: Group['columns'][number], source: string): string {
  const name = quote(column.name);
  if (column.add) return `t.${name} + ${source}.${name}`;
  if (column.latest) return `GREATEST(t.${name}, ${source}.${name})`;
  return `${source}.${name}`;
}

/** `rows`: the SQL expression of the rows' JSON (a parameter, or a literal). */
export function statementFor(
  table: string,
  key: readonly string[],
  group: Omit<Group, 'rows'>,
  rows = '$1',
): string | null {
  const source = `json_populate_recordset(NULL::${table}, ${rows}::json)`;
  const keys = key.map(quote);
  const columns = group.columns.map((c) => quote(c.name));
  switch (group.kind) {
    case 'insert': {
      const all = [...keys, ...columns].join(', ');
      return `INSERT INTO ${table} (${all}) SELECT ${all} FROM ${source}`;
    }
    case 'upsert': {
      const all = [...keys, ...columns].join(', ');
      const sets = group.columns.map((c) => `${quote(c.name)} = ${changed(c, 'EXCLUDED')}`);
      const onConflict = sets.length ? `DO UPDATE SET ${sets.join(', ')}` : 'DO NOTHING';
      return `INSERT INTO ${table} AS t (${all}) SELECT ${all} FROM ${source} ON CONFLICT (${keys.join(', ')}) ${onConflict}`;
    }
    case 'update': {
      if (!group.columns.length) return null;
      const sets = group.columns.map((c) => `${quote(c.name)} = ${changed(c, 's')}`);
      const match = keys.map((k) => `t.${k} = s.${k}`).join(' AND ');
      return `UPDATE ${table} AS t SET ${sets.join(', ')} FROM ${source} AS s WHERE ${match}`;
    }
    case 'delete': {
      const match = keys.map((k) => `t.${k} = s.${k}`).join(' AND ');
      return `DELETE FROM ${table} AS t USING ${source} AS s WHERE ${match}`;
    }
  }
}

/**
 * A table's statements: each group's rows as a parameter (`$1`), or inlined as a literal for a
 * simple-protocol string, which takes no parameters.
 */
function tableStatements(
  changes: TableChanges,
  tableName: TableNamer,
  inline: boolean,
): { text: string; values: string[] }[] {
  const physical = quote(tableName(changes.spec.name));
  const statements: { text: string; values: string[] }[] = [];
  for (const group of groupRows(changes)) {
    const rows = JSON.stringify(group.rows);
    const text = statementFor(physical, changes.spec.key, group, inline ? escapeLiteral(rows) : '$1');
    if (text) statements.push({ text, values: inline ? [] : [rows] });
  }
  return statements;
}

/** The change sets' statements in order, each with its rows as a literal, to travel in one string. */
export function inlineStatements(sets: readonly ChangeSet[]): string[] {
  return sets.flatMap((set) =>
    [...set.tables.values()].flatMap((changes) =>
      tableStatements(changes, liveTables, true).map((statement) => statement.text),
    ),
  );
}

async function flushTable(client: Queryable, changes: TableChanges, tableName: TableNamer): Promise<void> {
  for (const { text, values } of tableStatements(changes, tableName, false)) await client.query(text, values);
}

/**
 * Flushes the change sets in order; within a set, tables and groups touch distinct keys. With
 * several clients (a rebuild's autocommit writers), the tables of a set are written in parallel,
 * biggest first; each set completes before the next starts, so per-table order is kept.
 */
export async function flushChanges(
  clients: Queryable | readonly Queryable[],
  sets: readonly ChangeSet[],
  tableName: TableNamer = liveTables,
): Promise<void> {
  const writers = Array.isArray(clients) ? (clients as readonly Queryable[]) : [clients as Queryable];
  for (const set of sets) {
    const queue = [...set.tables.values()].sort((a, b) => b.rows.size - a.rows.size);
    const outcomes = await Promise.allSettled(
      writers.map(async (writer) => {
        for (let changes = queue.shift(); changes; changes = queue.shift())
          await flushTable(writer, changes, tableName);
      }),
    );
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  }
}
