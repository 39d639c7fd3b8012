/**
 * The finance CLI: `npm run ledger -- <command>`.
 *   verify                             hash chain, double entry, read models equal a rebuild
 *   rebuild <projection|all>           rebuild read models from the log and swap them in
 *   balance <account> [--at <time>]    the balance at a moment and the entries behind it
 *   export --from <time> --to <time>   the journal as CSV on stdout
 *   status                             each projector's checkpoint, lag and failures
 *   rewrap-keys                        wrap every person's data key under KOBO_MASTER_KEY (rotation)
 *   reseal                             seal the personal fields still stored in the clear (once)
 * Database: DATABASE_URL, else the embedded server (127.0.0.1:25429). Exit 1 on a failed check,
 * 2 on a usage or connection error.
 */
import { once } from 'node:events';
import {
  createPersonalDataKeys,
  createPostgresEventStore,
  ResealRefusedError,
  sealPersonalData,
} from '@kobo/ledger';
import { ConfigError, masterKeysFromEnvironment } from '@kobo/platform';
import { RebuildBusyError } from '../rebuild/rebuild';
import { parseArgs, UsageError } from './args';
import { balanceCommand } from './commands/balance';
import { exportCommand } from './commands/export';
import { rebuildCommand } from './commands/rebuild';
import { resealCommand } from './commands/reseal';
import { rewrapKeysCommand } from './commands/rewrap-keys';
import { statusCommand } from './commands/status';
import { verifyCommand } from './commands/verify';
import { connect, DatabaseUnreachableError } from './database';

const USAGE = `usage: npm run ledger -- <command>
  verify                               check the hash chain, double entry and every read model
  rebuild <projection|all>             rebuild read models from the log (shadow tables, then swap)
  balance <account> [--at <time>] [--limit N|all]
                                       an account's balance at a moment, with its entries
  export --from <time> --to <time>     the journal as CSV (position, event, account, kobo, naira, time)
  status                               projector checkpoints, lag and failures
  rewrap-keys                          wrap every person's data key still under a key of
                                       KOBO_MASTER_KEY_PREVIOUS under KOBO_MASTER_KEY
  reseal                               seal the personal fields still stored in the clear, rename
                                       their claims, recompute the chain and record it (LogResealed)
times are ISO 8601, e.g. 2026-03-01T00:00:00Z; DATABASE_URL picks the database`;

export async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  const command = args.positionals[0];
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (!command || command === 'help' || args.options.has('help')) {
    out(USAGE);
    return command ? 0 : 2;
  }
  if (!['verify', 'rebuild', 'balance', 'export', 'status', 'rewrap-keys', 'reseal'].includes(command))
    throw new UsageError(`unknown command ${command}`);
  const pool = await connect();
  // Read as the servers read it (personal fields opened): a rebuild writes the read models they write.
  const store = sealPersonalData(
    createPostgresEventStore(pool),
    createPersonalDataKeys({ pool, masterKeys: masterKeysFromEnvironment() }),
  );
  try {
    switch (command) {
      case 'verify':
        return await verifyCommand(pool, store, out);
      case 'rebuild':
        return await rebuildCommand(pool, store, args.positionals[1], out);
      case 'balance':
        return await balanceCommand(pool, args, out);
      case 'rewrap-keys':
        return await rewrapKeysCommand(pool, out);
      case 'reseal':
        return await resealCommand(pool, out);
      case 'export':
        return await exportCommand(pool, args, async (text) => {
          if (!process.stdout.write(text)) await once(process.stdout, 'drain');
        });
      default:
        return await statusCommand(pool, store, out);
    }
  } finally {
    await store.close();
    await pool.end();
  }
}

if (require.main === module) {
  // `ledger export ... | head`: the reader went away; that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) process.stderr.write(`ledger: ${error.message}\n\n${USAGE}\n`);
      else if (
        error instanceof DatabaseUnreachableError ||
        error instanceof RebuildBusyError ||
        error instanceof ResealRefusedError ||
        error instanceof ConfigError
      )
        process.stderr.write(`ledger: ${error.message}\n`);
      else
        process.stderr.write(
          `ledger: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
      process.exitCode =
        error instanceof UsageError ||
        error instanceof DatabaseUnreachableError ||
        error instanceof ConfigError
          ? 2
          : 1;
    },
  );
}
