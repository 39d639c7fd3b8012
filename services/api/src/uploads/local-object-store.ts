/**
 * The object store as a local directory (the default, `<DATA_DIR>/uploads`). The bytes sit at
 * `<root>/<key>` (the verification job reads them there); the content type sits beside them in
 * `<root>/.content-types/<key>`. Writes go to `<root>/.tmp` and are renamed into place.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertSafeObjectKey, type ObjectStore, type StoredObject } from './object-store';

const CONTENT_TYPES = '.content-types';
const TEMP = '.tmp';

// For a file put there by hand, without its content-type record.
const typeByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export function createLocalObjectStore(directory: string): ObjectStore {
  const root = resolve(directory);

  /** The absolute path of a key; checked twice: by the key's shape and by the resolved path. */
  const pathOf = (base: string, key: string): string => {
    assertSafeObjectKey(key);
    const path = resolve(base, key);
    const inside = relative(base, path);
    if (inside === '' || inside.startsWith('..') || inside.includes(`..${sep}`))
      throw new Error(`object key ${key} resolves outside the store`);
    return path;
  };
  const typesRoot = join(root, CONTENT_TYPES);

  // Directories this store has made: a submission writes four files into a handful of them, and
  // asking the disk to make each again cost two calls a file. One taken away since (by hand) is
  // made again when a write into it fails.
  const made = new Set<string>();
  async function makeDirectory(directory: string): Promise<void> {
    if (made.has(directory)) return;
    await mkdir(directory, { recursive: true });
    made.add(directory);
  }

  async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
    const temp = join(root, TEMP, randomUUID());
    try {
      try {
        await write(temp, path, data);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        made.clear();
        await write(temp, path, data);
      }
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function write(temp: string, path: string, data: Buffer | string): Promise<void> {
    await makeDirectory(dirname(temp));
    await makeDirectory(dirname(path));
    await writeFile(temp, data);
    await rename(temp, path);
  }

  return {
    description: `local directory ${root}`,
    async put(key, bytes, contentType) {
      const path = pathOf(root, key);
      // Type first: a reader that finds the bytes finds their type too.
      await writeAtomically(pathOf(typesRoot, key), contentType);
      await writeAtomically(path, bytes);
    },
    async get(key): Promise<StoredObject | null> {
      const path = pathOf(root, key);
      let bytes: Buffer;
      try {
        bytes = await readFile(path);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType: string;
      try {
        contentType = (await readFile(pathOf(typesRoot, key), 'utf8')).trim();
      } catch (error) {
        if (!isMissing(error)) throw error;
        const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
        contentType = typeByExtension[extension] ?? 'application/octet-stream';
      }
      return { bytes, contentType };
    },
    async delete(key) {
      const path = pathOf(root, key);
      await rm(path, { force: true });
      await rm(pathOf(typesRoot, key), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}
