/**
 * The master keys that wrap the data keys: the current one (every new data key, every re-wrap) and
 * the ones a rotation retired, each known by a short id stored beside what it wrapped.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { UnknownMasterKeyError } from './errors';

/** The master key's id: the first 8 bytes of its SHA-256, hex. Says which key wrapped a data key, reveals nothing of it. */
export function masterKeyId(masterKey: Buffer): string {
  return createHash('sha256').update(masterKey).digest().subarray(0, 8).toString('hex');
}

export interface WrappedKey {
  masterKeyId: string;
  wrappedKey: Buffer;
  nonce: Buffer;
  tag: Buffer;
}

/** A wrapped key belongs to one person: their id is the wrap's additional data, so a row copied to another person does not open. */
const wrapContext = (subject: string) => Buffer.from(`person_data_keys:${subject}`, 'utf8');

export class MasterKeyRing {
  readonly currentId: string;
  private readonly byId = new Map<string, Buffer>();

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous])
      if (key.length !== 32) throw new Error('a master key is 32 bytes (AES-256)');
    this.currentId = masterKeyId(current);
    this.byId.set(this.currentId, current);
    for (const key of previous) if (!this.byId.has(masterKeyId(key))) this.byId.set(masterKeyId(key), key);
  }

  /** The ids of the retired master keys this process still opens with. */
  get previousIds(): string[] {
    return [...this.byId.keys()].filter((id) => id !== this.currentId);
  }

  /** Wraps a data key under the current master key. */
  wrap(subject: string, dataKey: Buffer): WrappedKey {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.byId.get(this.currentId)!, nonce);
    cipher.setAAD(wrapContext(subject));
    const wrappedKey = Buffer.concat([cipher.update(dataKey), cipher.final()]);
    return { masterKeyId: this.currentId, wrappedKey, nonce, tag: cipher.getAuthTag() };
  }

  /** The data key a wrap holds; throws when its master key is not configured or the wrap was altered. */
  unwrap(subject: string, wrapped: WrappedKey): Buffer {
    const masterKey = this.byId.get(wrapped.masterKeyId);
    if (!masterKey) throw new UnknownMasterKeyError(subject, wrapped.masterKeyId, this.currentId);
    const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapped.nonce);
    decipher.setAAD(wrapContext(subject));
    decipher.setAuthTag(wrapped.tag);
    try {
      return Buffer.concat([decipher.update(wrapped.wrappedKey), decipher.final()]);
    } catch {
      throw new Error(
        `the data key of ${subject} does not open under master key ${wrapped.masterKeyId}: its row was altered`,
      );
    }
  }
}
