/**
 * Where uploaded images live: a local directory on one machine, MinIO (or any S3) when
 * distributed. Keys are relative paths ('proofs/<campaign>/<user>-<random>.png').
 */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface ObjectStore {
  /** Writes (or replaces) the object; a reader never sees a half-written one. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** What backs it, for logs and the start banner ('local directory ...', 'S3 bucket ...'). */
  readonly description: string;
}

/** A key that could escape the store's root or is not a plain relative path. */
export class InvalidObjectKeyError extends Error {
  override readonly name = 'InvalidObjectKeyError';
  constructor(readonly key: string) {
    super(`invalid object key ${JSON.stringify(key)}`);
  }
}

// Segments start with a letter, digit or underscore, so '.', '..' and hidden names (which the
// local store keeps for itself) are impossible; no empty segment, no backslash, no scheme.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function isSafeObjectKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertSafeObjectKey(key: string): void {
  if (!isSafeObjectKey(key)) throw new InvalidObjectKeyError(key);
}
