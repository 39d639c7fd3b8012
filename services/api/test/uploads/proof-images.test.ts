import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProofImageNotFoundError } from '@kobo/jobs';
import { createLocalObjectStore } from '../../src/uploads/local-object-store';
import { proofImagesFrom } from '../../src/uploads/proof-images';

describe('proof images for the verification job', () => {
  const store = createLocalObjectStore(mkdtempSync(join(tmpdir(), 'kobo-proofs-')));
  const images = proofImagesFrom(store);

  it('reads a stored proof through the object store', async () => {
    await store.put('proofs/c1/u1-a.png', Buffer.from('png bytes'), 'image/png');
    expect((await images.read('proofs/c1/u1-a.png')).toString()).toBe('png bytes');
  });

  it('says "not found" for a missing proof, which the job records as a flag', async () => {
    await expect(images.read('proofs/c1/missing.png')).rejects.toBeInstanceOf(ProofImageNotFoundError);
  });
});
