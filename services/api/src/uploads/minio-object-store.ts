/**
 * The object store on MinIO (or any S3-compatible service) through the `minio` client. The
 * bucket is created on the first write if it does not exist yet.
 */
import { Client } from 'minio';
import { assertSafeObjectKey, type ObjectStore, type StoredObject } from './object-store';

export interface MinioObjectStoreOptions {
  /** 'http://minio:9000' or 'https://s3.example.com'. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Default 'us-east-1'; given, so the client never has to ask the server for it. */
  region?: string;
}

const missingCodes = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);

export function createMinioObjectStore(options: MinioObjectStoreOptions): ObjectStore {
  const url = new URL(options.endpoint);
  const useSSL = url.protocol === 'https:';
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region ?? 'us-east-1',
    // MinIO's own layout (http://host:9000/bucket/key); no wildcard DNS needed.
    pathStyle: true,
  });
  const { bucket } = options;

  let bucketReady: Promise<void> | undefined;
  const ensureBucket = () =>
    (bucketReady ??= (async () => {
      if (!(await client.bucketExists(bucket)))
        await client.makeBucket(bucket, options.region ?? 'us-east-1');
    })().catch((error: unknown) => {
      bucketReady = undefined; // try again on the next write
      throw error;
    }));

  return {
    description: `S3 bucket ${bucket} at ${url.origin}`,
    async put(key, bytes, contentType) {
      assertSafeObjectKey(key);
      await ensureBucket();
      await client.putObject(bucket, key, bytes, bytes.length, { 'Content-Type': contentType });
    },
    async get(key): Promise<StoredObject | null> {
      assertSafeObjectKey(key);
      try {
        const stat = await client.statObject(bucket, key);
        const stream = await client.getObject(bucket, key);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
        const contentType = stat.metaData['content-type'] as string | undefined;
        return { bytes: Buffer.concat(chunks), contentType: contentType ?? 'application/octet-stream' };
      } catch (error) {
        if (missingCodes.has((error as { code?: string }).code ?? '')) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeObjectKey(key);
      try {
        await client.removeObject(bucket, key);
      } catch (error) {
        if (!missingCodes.has((error as { code?: string }).code ?? '')) throw error;
      }
    },
  };
}
