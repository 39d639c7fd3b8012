/**
 * Merges the row operations of a batch per table and key, so that a batch of thousands of events
 * becomes one statement per table and kind of change. Sequences that cannot be merged exactly
 * (an update followed by an upsert, anything after a delete, an insert of a key already touched)
 * start a new change set; the sets are flushed in order, so the result equals applying every
 * operation one by one.
 */
import type { Row, RowOp, TableSpec } from '../projection';

export type ChangeKind = 'insert' | 'upsert' | 'update' | 'delete';

export interface PendingRow {
  kind: ChangeKind;
  /** Key columns plus every changed column: the value to write, or for `adds` the increment. */
  row: Row;
  /** Columns of `row` holding an increment rather than a value (never for an insert). */
  adds: Set<string> | null;
  /** Columns of `row` that keep the greater of the stored and this value (never for an insert). */
  latest: Set<string> | null;
}

export interface TableChanges {
  spec: TableSpec;
  rows: Map<unknown, PendingRow>;
}

function keyOf(spec: TableSpec, values: Row): unknown {
  const columns = spec.key;
  if (columns.length === 1) {
    const value = values[columns[0]!];
    if (value === undefined || value === null)
      throw new Error(`row for ${spec.name} lacks key column ${columns[0]}`);
    return value;
  }
  let id = '';
  for (const column of columns) {
    const value = values[column];
    if (value === undefined || value === null)
      throw new Error(`row for ${spec.name} lacks key column ${column}`);
    id += `${String(value)}\u0001`;
  }
  return id;
}

/** Numbers compare as numbers; ISO times (one format) compare as text. */
const greater = (a: unknown, b: unknown) => ((a as number | string) >= (b as number | string) ? a : b);

function applyChange(target: PendingRow, set: Row, add: Record<string, number>, latest: Row): void {
  const row = target.row;
  for (const column in set) {
    const value = set[column];
    if (value === undefined) continue;
    row[column] = value;
    target.adds?.delete(column);
    target.latest?.delete(column);
  }
  for (const column in latest) {
    const value = latest[column];
    if (value === undefined) continue;
    if (column in row) row[column] = greater(row[column], value);
    else {
      row[column] = value;
      if (target.kind !== 'insert') (target.latest ??= new Set()).add(column);
    }
  }
  for (const column in add) {
    const delta = add[column]!;
    if (column in row) row[column] = (row[column] as number) + delta;
    else {
      row[column] = delta;
      if (target.kind !== 'insert') (target.adds ??= new Set()).add(column);
    }
  }
}

export class ChangeSet {
  readonly tables = new Map<string, TableChanges>();
  size = 0;

  constructor(private readonly specs: ReadonlyMap<string, TableSpec>) {}

  private table(name: string): TableChanges {
    let changes = this.tables.get(name);
    if (!changes) {
      const spec = this.specs.get(name);
      if (!spec) throw new Error(`no table ${name} in this projection`);
      changes = { spec, rows: new Map() };
      this.tables.set(name, changes);
    }
    return changes;
  }

  /** Adds the operation; false when it cannot be merged into this set (the caller starts a new one). */
  add(op: RowOp): boolean {
    const { spec, rows } = this.table(op.table);
    if (op.kind === 'insert') {
      const id = keyOf(spec, op.row);
      if (rows.has(id)) return false;
      rows.set(id, { kind: 'insert', row: op.row, adds: null, latest: null });
      this.size++;
      return true;
    }
    const id = keyOf(spec, op.key);
    const existing = rows.get(id);
    if (op.kind === 'delete') {
      if (existing) {
        existing.kind = 'delete';
        existing.row = { ...op.key };
        existing.adds = null;
        existing.latest = null;
      } else {
        rows.set(id, { kind: 'delete', row: { ...op.key }, adds: null, latest: null });
        this.size++;
      }
      return true;
    }
    if (!existing) {
      const pending: PendingRow = { kind: op.kind, row: { ...op.key }, adds: null, latest: null };
      applyChange(pending, op.set, op.add, op.latest);
      rows.set(id, pending);
      this.size++;
      return true;
    }
    if (existing.kind === 'delete') return false;
    // An update before an upsert: whether the upsert inserts depends on the row existing first.
    if (existing.kind === 'update' && op.kind === 'upsert') return false;
    applyChange(existing, op.set, op.add, op.latest);
    return true;
  }
}

/** The change sets of one batch, in order: normally one. */
export class BatchChanges {
  readonly sets: ChangeSet[];

  constructor(private readonly specs: ReadonlyMap<string, TableSpec>) {
    this.sets = [new ChangeSet(specs)];
  }

  add(op: RowOp): void {
    if (this.sets[this.sets.length - 1]!.add(op)) return;
    const next = new ChangeSet(this.specs);
    next.add(op);
    this.sets.push(next);
  }

  get size(): number {
    return this.sets.reduce((sum, set) => sum + set.size, 0);
  }
}

export function tableSpecs(projections: readonly { tables: readonly TableSpec[] }[]): Map<string, TableSpec> {
  const specs = new Map<string, TableSpec>();
  for (const projection of projections) for (const spec of projection.tables) specs.set(spec.name, spec);
  return specs;
}
