/**
 * ledger reseal: seals the personal fields that events from before the sealing still hold in the
 * clear, renames the email and username claims named by their value to their keyed names,
 * recomputes the hash chain from the first changed event and appends `LogResealed`, all in one
 * transaction under the append lock (docs/decisions/0054-resealing-the-log.md,
 * docs/runbooks/reseal.md). A second run finds nothing and changes nothing. Exit 1 when it is
 * refused (nothing changed).
 */
import { createPersonalDataKeys, createPostgresEventStore, resealLog, type ResealReport } from '@kobo/ledger';
import { masterKeysFromEnvironment, type Pool } from '@kobo/platform';
import type pg from 'pg';
import { UsageError } from '../args';

/** Who the audited event says ran it. */
const OPERATOR = { role: 'system', id: 'reseal' } as const;

const count = (n: number) => n.toLocaleString('en');

export async function resealCommand(
  pool: Pool,
  out: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  // Against a database of its own (DATABASE_URL), the data folder's key would be the wrong one:
  // every field would be sealed under keys the servers cannot open.
  if (env.DATABASE_URL && !env.KOBO_MASTER_KEY?.trim())
    throw new UsageError(
      'reseal with DATABASE_URL needs KOBO_MASTER_KEY (the master key every server runs with)',
    );
  const keys = createPersonalDataKeys({ pool, masterKeys: masterKeysFromEnvironment(env) });
  const store = createPostgresEventStore(pool);
  try {
    const report = await resealLog({ pool, store, keys, by: OPERATOR, inTransaction: followNewHashes });
    if (!report.changed) {
      out(
        `✔ nothing stored in the clear: nothing re-sealed (chain head at position ${report.headPosition})` +
          (report.deletedSnapshots ? `; ${count(report.deletedSnapshots)} clear snapshot(s) dropped` : ''),
      );
      return 0;
    }
    out(
      `✔ re-sealed ${count(report.resealedEvents)} event(s), renamed ${count(report.renamedStreams)} claim stream(s) ` +
        `(${count(report.renamedEvents)} events), from position ${report.fromPosition}` +
        (report.erasedFields ? `; ${count(report.erasedFields)} field(s) of erased people emptied` : '') +
        `; ${count(report.renamedCommands)} recorded command(s) renamed, ${count(report.deletedSnapshots)} snapshot(s) dropped`,
    );
    out(
      `✔ re-sealed at position ${report.headPosition}: old head hash ${report.oldHeadHash} → new hash ${report.newHeadHash} ` +
        `(LogResealed at position ${report.resealedAt})`,
    );
    out(
      '! the Kafka topic and its consumers still hold the events as they were: re-create the topic and replay them (docs/runbooks/reseal.md)',
    );
    return 0;
  } finally {
    await store.close();
  }
}

/**
 * The journal keeps each posting's event hash (ledger_entries.hash, what a statement line is
 * checked by): it follows the rewritten chain in the re-seal's own transaction.
 */
async function followNewHashes(client: pg.ClientBase, report: ResealReport): Promise<void> {
  await client.query(
    `UPDATE ledger_entries l SET hash = encode(e.hash, 'hex')
     FROM events e
     WHERE e.global_position = l.global_position AND l.global_position >= $1
       AND l.hash <> '' AND l.hash <> encode(e.hash, 'hex')`,
    [report.fromPosition],
  );
}
