/**
 * The MinIO adapter against a real MinIO server, named by the settings the product reads
 * (S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY; `npm run stack:up` starts one and prints them,
 * and CI exports them). MinIO checks each request's signature, so a wrong secret is refused.
 * Without the settings the suite says plainly that it was skipped.
 */
import { createObjectStore } from '../../src/uploads/create-object-store';
import { createMinioObjectStore } from '../../src/uploads/minio-object-store';
import { objectStoreContract } from './object-store-contract';

const endpoint = process.env.S3_ENDPOINT?.trim() ?? '';
const accessKey = process.env.S3_ACCESS_KEY?.trim() ?? '';
const secretKey = process.env.S3_SECRET_KEY?.trim() ?? '';
const region = process.env.S3_REGION?.trim() || undefined;
// The suite's own bucket, not the product's (S3_BUCKET); the first put makes it.
const bucket = 'kobo-contract-test';

if (endpoint && accessKey && secretKey) {
  objectStoreContract(`MinIO at ${endpoint}`, () =>
    createMinioObjectStore({ endpoint, accessKey, secretKey, bucket, region }),
  );

  describe('MinIO checks who signed each request', () => {
    it('refuses a store whose secret key is wrong', async () => {
      const wrong = createMinioObjectStore({
        endpoint,
        accessKey,
        secretKey: `${secretKey}x`,
        bucket,
        region,
      });
      // Each call starts with a HEAD (statObject, bucketExists), whose 403 has no body to carry
      // SignatureDoesNotMatch: the client reports AccessDenied. s3rver would have answered.
      await expect(wrong.get('proofs/c1/u1-a.png')).rejects.toMatchObject({ code: 'AccessDenied' });
      await expect(wrong.put('proofs/c1/forged.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
        code: 'AccessDenied',
      });
      const store = createMinioObjectStore({ endpoint, accessKey, secretKey, bucket, region });
      expect(await store.get('proofs/c1/forged.png')).toBeNull();
    });
  });

  describe('choosing the object store from the S3 settings', () => {
    it('uses MinIO when all four S3 settings are given', async () => {
      const store = createObjectStore('/unused', {
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY: accessKey,
        S3_SECRET_KEY: secretKey,
        S3_BUCKET: bucket,
        S3_REGION: region,
      });
      expect(store.description).toBe(`S3 bucket ${bucket} at ${new URL(endpoint).origin}`);
      await store.put('campaigns/env.png', Buffer.from('via settings'), 'image/png');
      expect((await store.get('campaigns/env.png'))?.bytes.toString()).toBe('via settings');
    });
  });
} else {
  console.log(
    'SKIPPED: the object-store contract against MinIO (S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY not set; npm run stack:up prints them)',
  );
  it.skip('object store contract: MinIO (set S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY to run it)', () =>
    undefined);
}

describe('choosing the object store from the S3 settings, without a server', () => {
  it('uses the local directory when no S3 setting is given', () => {
    expect(createObjectStore('/var/kobo', {}).description).toBe('local directory /var/kobo/uploads');
  });

  it('refuses half an S3 configuration instead of writing to the local disk', () => {
    expect(() =>
      createObjectStore('/unused', { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b' }),
    ).toThrow('object store: S3_ACCESS_KEY, S3_SECRET_KEY must be set together with S3_ENDPOINT, S3_BUCKET');
  });
});
