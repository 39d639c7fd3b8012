/**
 * The master keys that wrap every person's data key (docs/decisions/0051-crypto-shredding.md).
 * KOBO_MASTER_KEY when set (required in production). Otherwise, on a developer's machine, the data
 * folder's own: 32 random bytes made with the folder and kept in it (DATA_DIR/kobo-master-key, mode
 * 0600), as the embedded PostgreSQL's password is, so data sealed yesterday still opens today.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  ConfigError,
  masterKeyBytes,
  masterKeySetting,
  previousMasterKeysSetting,
  type Config,
} from './config';

/** The data folder's master key, when KOBO_MASTER_KEY is unset outside production. */
export const MASTER_KEY_FILE = 'kobo-master-key';

export interface MasterKeys {
  /** Wraps every new data key, and every data key the rotation re-wraps. */
  current: Buffer;
  /** Retired by a rotation: data keys still wrapped under them open (KOBO_MASTER_KEY_PREVIOUS). */
  previous: Buffer[];
}

/** The master keys the configuration names, the data folder's standing in for an unset KOBO_MASTER_KEY. */
export function masterKeysOf(config: Pick<Config, 'env' | 'dataDir' | 'masterKeys'>): MasterKeys {
  const { current, previous } = config.masterKeys;
  if (current) return { current, previous };
  if (config.env === 'production') throw new ConfigError('KOBO_MASTER_KEY: is required in production');
  return { current: dataFolderMasterKey(config.dataDir), previous };
}

/**
 * The master keys from the environment alone (NODE_ENV, DATA_DIR, KOBO_MASTER_KEY,
 * KOBO_MASTER_KEY_PREVIOUS), for an operator's command that does not load the whole configuration.
 */
export function masterKeysFromEnvironment(env: NodeJS.ProcessEnv = process.env): MasterKeys {
  const parsed = z
    .object({
      NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
      DATA_DIR: z.string().default('.data'),
      KOBO_MASTER_KEY: masterKeySetting,
      KOBO_MASTER_KEY_PREVIOUS: previousMasterKeysSetting,
    })
    .safeParse(env);
  if (!parsed.success)
    throw new ConfigError(
      `Invalid configuration:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
    );
  const c = parsed.data;
  return masterKeysOf({
    env: c.NODE_ENV,
    dataDir: c.DATA_DIR,
    masterKeys: { current: c.KOBO_MASTER_KEY, previous: c.KOBO_MASTER_KEY_PREVIOUS },
  });
}

/**
 * The data folder's master key, made on first use. Made beside its place and linked there (a link
 * refuses an existing name), so two processes starting on one folder agree on one key and neither
 * ever reads half a file.
 */
function dataFolderMasterKey(dataDir: string): Buffer {
  const folder = resolve(dataDir);
  const file = join(folder, MASTER_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(folder, { recursive: true });
  const pending = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(pending, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(pending, 0o600);
  try {
    linkSync(pending, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(pending, { force: true });
  }
  const made = readKeyFile(file);
  if (!made) throw new ConfigError(`${file}: the data folder's master key vanished while it was made`);
  return made;
}

function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = masterKeyBytes(text);
  if (!key)
    throw new ConfigError(
      `${file}: not a master key (32 bytes in base64). It wraps this data folder's personal data keys: ` +
        'restore it, or set KOBO_MASTER_KEY to the key it held',
    );
  return key;
}
