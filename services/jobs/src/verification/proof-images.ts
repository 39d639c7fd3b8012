/**
 * Where proof screenshots are read from. The local-directory store reads `<DATA_DIR>/uploads`;
 * the object-store adapter (MinIO/S3) arrives with the API's upload issue.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';

export interface ProofImages {
  /** The stored bytes; rejects with ProofImageNotFoundError when there is no such image. */
  read(key: string): Promise<Buffer>;
}

/** No image under this key: a fact about the submission, not a failure worth retrying. */
export class ProofImageNotFoundError extends Error {
  override readonly name = 'ProofImageNotFoundError';
  constructor(readonly key: string) {
    super(`no proof image stored under ${JSON.stringify(key)}`);
  }
}

export function createLocalProofImages(directory: string): ProofImages {
  const root = resolve(directory);
  return {
    async read(key) {
      const path = resolve(join(root, key));
      // A key is a name inside the uploads directory, never a way out of it.
      const inside = relative(root, path);
      if (key === '' || inside === '' || inside.startsWith('..') || isAbsolute(inside))
        throw new ProofImageNotFoundError(key);
      try {
        return await readFile(path);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR')
          throw new ProofImageNotFoundError(key);
        throw error;
      }
    },
  };
}

/** `<dataDir>/uploads`, where the API's local upload store writes. */
export function localUploadsDirectory(dataDir: string): string {
  return join(dataDir, 'uploads');
}
