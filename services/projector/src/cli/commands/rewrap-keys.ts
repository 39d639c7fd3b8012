/**
 * ledger rewrap-keys: the master key's rotation (docs/decisions/0051-crypto-shredding.md). Every
 * person's data key still wrapped under a previous master key (KOBO_MASTER_KEY_PREVIOUS) is wrapped
 * again under KOBO_MASTER_KEY. Exit 1 while keys remain under a master key this command was not
 * given, or that a process not yet restarted still wraps new keys under: run it again then.
 */
import { createPersonalDataKeys } from '@kobo/ledger';
import { masterKeysFromEnvironment, type Pool } from '@kobo/platform';
import { UsageError } from '../args';

export async function rewrapKeysCommand(
  pool: Pool,
  out: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  // Against a database of its own (DATABASE_URL), the data folder's key would be the wrong one:
  // every key would be wrapped under a key the servers do not have.
  if (env.DATABASE_URL && !env.KOBO_MASTER_KEY?.trim())
    throw new UsageError(
      'rewrap-keys with DATABASE_URL needs KOBO_MASTER_KEY (the new master key every server already runs with) ' +
        'and KOBO_MASTER_KEY_PREVIOUS (the keys it replaces)',
    );
  const keys = createPersonalDataKeys({ pool, masterKeys: masterKeysFromEnvironment(env) });
  const report = await keys.rewrapAll();
  out(
    `✔ re-wrapped ${report.rewrapped} data key(s) under master key ${report.masterKeyId}: ` +
      `${report.underCurrent} under it, ${report.destroyed} destroyed`,
  );
  const others = Object.entries(report.underOther);
  for (const [id, count] of others)
    out(
      `✘ ${count} data key(s) still under master key ${id}: add it to KOBO_MASTER_KEY_PREVIOUS, ` +
        'or run again once every process runs with the new KOBO_MASTER_KEY',
    );
  return others.length === 0 ? 0 : 1;
}
