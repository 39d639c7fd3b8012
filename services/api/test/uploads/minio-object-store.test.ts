/**
 * The MinIO adapter against s3rver, an S3 server in Node started here on a random localhost
 * port. s3rver speaks the S3 protocol but does not verify (v4) signatures: this checks the
 * client's calls, not authentication. A real MinIO is exercised when S3_TEST_ENDPOINT is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createObjectStore } from '../../src/uploads/create-object-store';
import { createMinioObjectStore } from '../../src/uploads/minio-object-store';
import { objectStoreContract } from './object-store-contract';

let directory: string;
let server: S3rver;
let endpoint: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'kobo-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

// s3rver knows one account, S3RVER/S3RVER. The bucket does not exist yet: the first put makes it.
objectStoreContract('MinIO client on s3rver', () =>
  createMinioObjectStore({ endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: 'kobo-proofs' }),
);

const real = process.env.S3_TEST_ENDPOINT;
if (real)
  objectStoreContract(`MinIO client on ${real}`, () =>
    createMinioObjectStore({
      endpoint: real,
      accessKey: process.env.S3_TEST_ACCESS_KEY ?? 'minioadmin',
      secretKey: process.env.S3_TEST_SECRET_KEY ?? 'minioadmin',
      bucket: process.env.S3_TEST_BUCKET ?? 'kobo-contract-test',
    }),
  );
// Said plainly in the output when skipped: no MinIO server runs on these machines.
else {
  console.log(
    'SKIPPED: the object-store contract against a real MinIO (S3_TEST_ENDPOINT not set); it ran against s3rver',
  );
  it.skip('object store contract: a real MinIO (set S3_TEST_ENDPOINT to run it)', () => undefined);
}

describe('choosing the object store from the environment', () => {
  it('uses the local directory when no S3 variable is set', () => {
    expect(createObjectStore('/var/kobo', {}).description).toBe('local directory /var/kobo/uploads');
  });

  it('uses MinIO when all four S3 variables are set', async () => {
    const store = createObjectStore('/unused', {
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'kobo-from-env',
    });
    expect(store.description).toBe(`S3 bucket kobo-from-env at ${endpoint}`);
    await store.put('campaigns/env.png', Buffer.from('via env'), 'image/png');
    expect((await store.get('campaigns/env.png'))?.bytes.toString()).toBe('via env');
  });

  it('refuses half an S3 configuration instead of writing to the local disk', () => {
    expect(() => createObjectStore('/unused', { S3_ENDPOINT: endpoint, S3_BUCKET: 'b' })).toThrow(
      'object store: S3_ACCESS_KEY, S3_SECRET_KEY must be set together with S3_ENDPOINT, S3_BUCKET',
    );
  });
});
