/**
 * Shadow tables: a rebuild (or a verification) writes `<table>__<suffix>` while readers keep the
 * live tables; a swap puts the shadow in place under its live name, indexes included.
 */
import type { Queryable, TableNamer } from '../batch/flush';

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

export const shadowName = (table: string, suffix: string) => `${table}__${suffix}`;

export function shadowNamer(suffix: string): TableNamer {
  return (table) => shadowName(table, suffix);
}

interface IndexRow {
  indexname: string;
  indexdef: string;
  unique: boolean;
  primary: boolean;
  /** For a primary key: its column list, quoted. */
  columns: string;
}

async function indexesOf(db: Queryable, table: string): Promise<IndexRow[]> {
  const result = (await db.query(
    `SELECT i.relname AS indexname, pg_get_indexdef(x.indexrelid) AS indexdef, x.indisunique AS unique,
            x.indisprimary AS primary,
            (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY k.n)
             FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
             JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum) AS columns
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = to_regclass(quote_ident($1))`,
    [table],
  )) as { rows: IndexRow[] };
  return result.rows;
}

/** The live table's index, on the shadow table (a primary key stays a primary-key constraint). */
async function createIndexLike(
  db: Queryable,
  index: IndexRow,
  shadow: string,
  suffix: string,
): Promise<void> {
  if (index.primary) {
    await db.query(`ALTER TABLE ${quote(shadow)} ADD PRIMARY KEY (${index.columns})`);
    return;
  }
  const match = /^CREATE (UNIQUE )?INDEX \S+ ON \S+ (.*)$/.exec(index.indexdef);
  if (!match) throw new Error(`cannot copy index ${index.indexname}: ${index.indexdef}`);
  const name = `${index.indexname}__${suffix}`.slice(0, 63);
  await db.query(`CREATE ${match[1] ?? ''}INDEX ${quote(name)} ON ${quote(shadow)} ${match[2]}`);
}

/**
 * Bulk-load shape: only the unique indexes that upserts need; finishShadowTables() then builds the
 * other indexes in one pass each. (UNLOGGED tables made LOGGED at the end were measured slower:
 * SET LOGGED rewrites the whole table.)
 */
export async function createShadowTables(
  db: Queryable,
  tables: readonly string[],
  suffix: string,
): Promise<void> {
  for (const table of tables) {
    const shadow = shadowName(table, suffix);
    await db.query(`DROP TABLE IF EXISTS ${quote(shadow)}`);
    await db.query(`CREATE TABLE ${quote(shadow)} (LIKE ${quote(table)} INCLUDING ALL EXCLUDING INDEXES)`);
    for (const index of await indexesOf(db, table))
      if (index.unique) await createIndexLike(db, index, shadow, suffix);
  }
}

/** Builds the deferred (non-unique) indexes, before the shadow is caught up and swapped in. */
export async function finishShadowTables(
  db: Queryable,
  tables: readonly string[],
  suffix: string,
): Promise<void> {
  for (const table of tables) {
    const shadow = shadowName(table, suffix);
    for (const index of await indexesOf(db, table))
      if (!index.unique) await createIndexLike(db, index, shadow, suffix);
  }
}

export async function dropShadowTables(
  db: Queryable,
  tables: readonly string[],
  suffix: string,
): Promise<void> {
  for (const table of tables) await db.query(`DROP TABLE IF EXISTS ${quote(shadowName(table, suffix))}`);
}

/** An index definition without its own name and table: what makes two tables' indexes the same. */
const shape = (definition: string) =>
  definition.replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+/, 'CREATE $1INDEX');

/** Inside the caller's transaction: drop the live table, rename the shadow and its indexes into place. */
export async function swapTable(db: Queryable, table: string, suffix: string): Promise<void> {
  const shadow = shadowName(table, suffix);
  const liveIndexes = await indexesOf(db, table);
  const shadowIndexes = await indexesOf(db, shadow);
  await db.query(`DROP TABLE ${quote(table)}`);
  await db.query(`ALTER TABLE ${quote(shadow)} RENAME TO ${quote(table)}`);
  for (const index of shadowIndexes) {
    const live = liveIndexes.find((candidate) => shape(candidate.indexdef) === shape(index.indexdef));
    if (live && live.indexname !== index.indexname)
      await db.query(`ALTER INDEX ${quote(index.indexname)} RENAME TO ${quote(live.indexname)}`);
  }
}
