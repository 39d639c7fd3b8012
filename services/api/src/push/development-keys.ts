/**
 * On a developer's machine (`npm start`, listening on 127.0.0.1, not production), push works
 * without settings: a VAPID key pair is made once and kept in the data folder
 * (`<DATA_DIR>/vapid-keys.json`, mode 0600), so browsers' subscriptions stay valid across
 * restarts. Anywhere else push is on only with VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and
 * VAPID_SUBJECT (decision 0042).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webPush from 'web-push';
import type { PushSettings } from '@kobo/platform';

export const DEVELOPMENT_PUSH_SUBJECT = 'mailto:dev@kobo.localhost';

export async function developmentPushKeys(dataDir: string): Promise<PushSettings> {
  const file = join(dataDir, 'vapid-keys.json');
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: DEVELOPMENT_PUSH_SUBJECT };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600, flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      // Another process made them first: use theirs.
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return developmentPushKeys(dataDir);
}
