/**
 * Chooses the object store from the configuration's S3 settings (`config.s3`): MinIO/S3 when
 * S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY and S3_BUCKET are all set, otherwise the local
 * directory `<DATA_DIR>/uploads`. Never from process.env directly: a test's API, made from its
 * own configuration, stays on its own directory whatever the shell exports.
 */
import { join } from 'node:path';
import type { S3Settings } from '@kobo/platform';
import { createLocalObjectStore } from './local-object-store';
import { createMinioObjectStore } from './minio-object-store';
import type { ObjectStore } from './object-store';

const s3Variables = ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET'] as const;

export function localUploadsDirectory(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export function createObjectStore(dataDir: string, env: S3Settings): ObjectStore {
  const set = s3Variables.filter((name) => env[name]?.trim());
  if (set.length === 0) return createLocalObjectStore(localUploadsDirectory(dataDir));
  // Half a configuration is a mistake: silently writing proofs to the local disk would lose them.
  if (set.length < s3Variables.length) {
    const missing = s3Variables.filter((name) => !set.includes(name));
    throw new Error(`object store: ${missing.join(', ')} must be set together with ${set.join(', ')}`);
  }
  const endpoint = env.S3_ENDPOINT!.trim();
  if (!/^https?:\/\//.test(endpoint))
    throw new Error('object store: S3_ENDPOINT must be a URL such as http://minio:9000');
  return createMinioObjectStore({
    endpoint,
    accessKey: env.S3_ACCESS_KEY!.trim(),
    secretKey: env.S3_SECRET_KEY!.trim(),
    bucket: env.S3_BUCKET!.trim(),
    region: env.S3_REGION?.trim() || undefined,
  });
}
