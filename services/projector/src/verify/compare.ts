/** Row-for-row comparison of a read model with its shadow rebuild (EXCEPT ALL, both ways). */
import type { Queryable } from '../batch/flush';

export interface TableComparison {
  table: string;
  rows: number;
  /** Rows in the read model that the rebuild does not have, and the reverse. */
  onlyLive: number;
  onlyRebuilt: number;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

export async function compareTables(db: Queryable, live: string, shadow: string): Promise<TableComparison> {
  const [l, s] = [quote(live), quote(shadow)];
  const result = (await db.query(
    `SELECT (SELECT count(*) FROM ${l}) AS rows,
            (SELECT count(*) FROM (SELECT * FROM ${l} EXCEPT ALL SELECT * FROM ${s}) d) AS only_live,
            (SELECT count(*) FROM (SELECT * FROM ${s} EXCEPT ALL SELECT * FROM ${l}) d) AS only_rebuilt`,
  )) as { rows: { rows: string | number; only_live: string | number; only_rebuilt: string | number }[] };
  const row = result.rows[0]!;
  return {
    table: live,
    rows: Number(row.rows),
    onlyLive: Number(row.only_live),
    onlyRebuilt: Number(row.only_rebuilt),
  };
}
