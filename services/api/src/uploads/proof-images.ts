/**
 * The verification job reads proofs through the same object store the uploads wrote them to,
 * local directory or MinIO alike (the jobs service only knows its ProofImages port).
 */
import { ProofImageNotFoundError, type ProofImages } from '@kobo/jobs';
import type { ObjectStore } from './object-store';

export function proofImagesFrom(store: ObjectStore): ProofImages {
  return {
    async read(key) {
      const object = await store.get(key);
      if (!object) throw new ProofImageNotFoundError(key);
      return object.bytes;
    },
  };
}
