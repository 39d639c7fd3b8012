/**
 * The key service of personal data (docs/decisions/0051-crypto-shredding.md): one data key per person,
 * kept wrapped under the master key in `person_data_keys`, made on first use; their personal fields
 * sealed under it; destroying it erases every field sealed under it at once, wherever the sealed
 * text was copied, while the hash chain over the stored text still verifies.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { MissingDataKeyError, PersonErasedError } from './errors';
import { DESTROYED, KeyCache, type CachedKey, type KeyCacheOptions } from './key-cache';
import { MasterKeyRing, type WrappedKey } from './master-keys';
import { assertSubject, openWith, parseSealed, sealWith, type ParsedSealed } from './sealed-field';

/** What opening a field of an erased person gives: not an error, so a read model can show "Deleted user". */
export interface Erased {
  readonly erased: true;
}
export const ERASED: Erased = Object.freeze({ erased: true as const });
export const isErased = (value: unknown): value is Erased => value === ERASED;

export type OpenedField = string | Erased;

export interface PersonalDataKeysOptions {
  pool: pg.Pool;
  /** From `masterKeysOf(config)` (@kobo/platform): KOBO_MASTER_KEY and KOBO_MASTER_KEY_PREVIOUS. */
  masterKeys: { current: Buffer; previous?: readonly Buffer[] };
  cache?: KeyCacheOptions;
}

export interface DestroyedKey {
  destroyedAt: Date;
  /** The key had been destroyed before this call (the call changed nothing). */
  alreadyDestroyed: boolean;
}

export interface RewrapReport {
  /** The current master key's id. */
  masterKeyId: string;
  /** Data keys this run wrapped again under the current master key. */
  rewrapped: number;
  /** Data keys now under the current master key, all told. */
  underCurrent: number;
  /** Destroyed keys (nothing to wrap). */
  destroyed: number;
  /**
   * Data keys still under another master key, by its id: one this process was not given, or a
   * previous one a process not yet restarted with the new KOBO_MASTER_KEY still wraps new keys
   * under (run the rotation again once every process has the new key).
   */
  underOther: Record<string, number>;
}

export interface PersonalDataKeys {
  /** The current master key's id. */
  readonly masterKeyId: string;
  /** The person's data key, made on first use (one key however many callers race); throws `PersonErasedError` once destroyed. */
  keyFor(subject: string): Promise<Buffer>;
  /** A personal field sealed under the person's key: `pd1.<subject>.<nonce>.<ciphertext>`. */
  seal(subject: string, value: string): Promise<string>;
  /** The field's value, or `ERASED` once the person's key was destroyed; throws `SealedFieldError` on an altered field. */
  open(sealed: string): Promise<OpenedField>;
  /** Many fields at once (a projection's batch): one query for the keys not kept; null and undefined pass through. */
  openMany<T extends string | null | undefined>(
    sealed: readonly T[],
  ): Promise<(OpenedField | Exclude<T, string>)[]>;
  /** Destroys the person's key for good (idempotent); the row stays, with when and why. */
  destroy(subject: string, reason: string): Promise<DestroyedKey>;
  /** Which of these people's keys are destroyed, as stored now (not as this process last saw them). */
  destroyedAmong(subjects: readonly string[]): Promise<Set<string>>;
  /** Wraps every data key still under a previous master key under the current one (the rotation). */
  rewrapAll(options?: { batchSize?: number }): Promise<RewrapReport>;
}

interface KeyRow {
  subject_id: string;
  master_key_id: string | null;
  wrapped_key: Buffer | null;
  nonce: Buffer | null;
  tag: Buffer | null;
  destroyed_at: Date | null;
}

const KEY_COLUMNS = 'subject_id, master_key_id, wrapped_key, nonce, tag, destroyed_at';

export function createPersonalDataKeys({
  pool,
  masterKeys,
  cache: cacheOptions,
}: PersonalDataKeysOptions): PersonalDataKeys {
  const ring = new MasterKeyRing(masterKeys.current, masterKeys.previous);
  const cache = new KeyCache(cacheOptions);
  /** Loads in flight in this process, so callers racing for one person share one round trip. */
  const loading = new Map<string, Promise<CachedKey>>();

  const keyOfRow = (row: KeyRow): CachedKey => {
    const key = row.destroyed_at ? DESTROYED : ring.unwrap(row.subject_id, wrappedOf(row));
    cache.set(row.subject_id, key);
    return key;
  };

  async function readKeys(subjects: readonly string[]): Promise<Map<string, CachedKey>> {
    const { rows } = await pool.query<KeyRow>(
      `SELECT ${KEY_COLUMNS} FROM person_data_keys WHERE subject_id = ANY($1::text[])`,
      [subjects],
    );
    return new Map(rows.map((row) => [row.subject_id, keyOfRow(row)]));
  }

  async function readOrMake(subject: string): Promise<CachedKey> {
    const found = (await readKeys([subject])).get(subject);
    if (found) return found;
    const wrapped = ring.wrap(subject, randomBytes(32));
    // A racing maker's row wins: ours is dropped and theirs read, so a person has one key.
    await pool.query(
      `INSERT INTO person_data_keys (subject_id, master_key_id, wrapped_key, nonce, tag)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (subject_id) DO NOTHING`,
      [subject, wrapped.masterKeyId, wrapped.wrappedKey, wrapped.nonce, wrapped.tag],
    );
    const made = (await readKeys([subject])).get(subject);
    if (!made) throw new Error(`the data key of ${subject} was neither made nor found`);
    return made;
  }

  async function keyFor(subject: string): Promise<Buffer> {
    assertSubject(subject);
    let key = cache.get(subject);
    if (key === undefined) {
      let pending = loading.get(subject);
      if (!pending) {
        pending = readOrMake(subject).finally(() => loading.delete(subject));
        loading.set(subject, pending);
      }
      key = await pending;
    }
    if (key === DESTROYED) throw new PersonErasedError(subject);
    return key;
  }

  async function openMany<T extends string | null | undefined>(
    sealed: readonly T[],
  ): Promise<(OpenedField | Exclude<T, string>)[]> {
    const parsed = sealed.map((text) => (typeof text === 'string' ? parseSealed(text) : undefined));
    const keys = new Map<string, CachedKey>();
    const missing = new Set<string>();
    for (const field of parsed) {
      if (!field || keys.has(field.subject)) continue;
      const cached = cache.get(field.subject);
      if (cached === undefined) missing.add(field.subject);
      else keys.set(field.subject, cached);
    }
    if (missing.size > 0) for (const [subject, key] of await readKeys([...missing])) keys.set(subject, key);
    return parsed.map((field: ParsedSealed | undefined, index) => {
      if (!field) return sealed[index] as Exclude<T, string>;
      const key = keys.get(field.subject);
      if (key === undefined) throw new MissingDataKeyError(field.subject);
      return key === DESTROYED ? ERASED : openWith(key, field);
    });
  }

  async function destroy(subject: string, reason: string): Promise<DestroyedKey> {
    assertSubject(subject);
    const why = reason.trim();
    if (!why || why.length > 200)
      throw new TypeError('a key is destroyed with a reason of 1 to 200 characters');
    // A person never given a key gets a destroyed row too: no key is ever made for them afterwards.
    const { rows } = await pool.query<{ destroyed_at: Date; already: boolean }>(
      `WITH destroyed AS (
         INSERT INTO person_data_keys AS k (subject_id, destroyed_at, destroy_reason)
         VALUES ($1, now(), $2)
         ON CONFLICT (subject_id) DO UPDATE
           SET master_key_id = NULL, wrapped_key = NULL, nonce = NULL, tag = NULL,
               destroyed_at = now(), destroy_reason = EXCLUDED.destroy_reason
           WHERE k.destroyed_at IS NULL
         RETURNING destroyed_at
       )
       SELECT destroyed_at, false AS already FROM destroyed
       UNION ALL
       SELECT destroyed_at, true FROM person_data_keys
        WHERE subject_id = $1 AND NOT EXISTS (SELECT 1 FROM destroyed)`,
      [subject, why],
    );
    cache.set(subject, DESTROYED);
    const row = rows[0]!;
    return { destroyedAt: row.destroyed_at, alreadyDestroyed: row.already };
  }

  async function destroyedAmong(subjects: readonly string[]): Promise<Set<string>> {
    if (subjects.length === 0) return new Set();
    const { rows } = await pool.query<{ subject_id: string }>(
      `SELECT subject_id FROM person_data_keys
        WHERE subject_id = ANY($1::text[]) AND destroyed_at IS NOT NULL`,
      [subjects],
    );
    return new Set(rows.map((row) => row.subject_id));
  }

  async function rewrapAll({ batchSize = 500 }: { batchSize?: number } = {}): Promise<RewrapReport> {
    if (!Number.isInteger(batchSize) || batchSize < 1)
      throw new RangeError('batchSize must be a whole number ≥ 1');
    let rewrapped = 0;
    const previous = ring.previousIds;
    for (let done = previous.length === 0; !done;) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Locked, so a destroy waits for this batch and then finds the row re-wrapped (and empties it).
        const { rows } = await client.query<KeyRow>(
          `SELECT ${KEY_COLUMNS} FROM person_data_keys
            WHERE destroyed_at IS NULL AND master_key_id = ANY($1::text[])
            ORDER BY subject_id LIMIT $2 FOR UPDATE`,
          [previous, batchSize],
        );
        const wraps = rows.map((row) =>
          ring.wrap(row.subject_id, ring.unwrap(row.subject_id, wrappedOf(row))),
        );
        if (rows.length > 0)
          await client.query(
            `UPDATE person_data_keys AS k
                SET master_key_id = $2, wrapped_key = w.wrapped_key, nonce = w.nonce, tag = w.tag,
                    rewrapped_at = now()
               FROM unnest($1::text[], $3::bytea[], $4::bytea[], $5::bytea[]) AS w(subject_id, wrapped_key, nonce, tag)
              WHERE k.subject_id = w.subject_id AND k.destroyed_at IS NULL`,
            [
              rows.map((row) => row.subject_id),
              ring.currentId,
              wraps.map((w) => w.wrappedKey),
              wraps.map((w) => w.nonce),
              wraps.map((w) => w.tag),
            ],
          );
        await client.query('COMMIT');
        rewrapped += rows.length;
        done = rows.length < batchSize;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }
    const { rows } = await pool.query<{ master_key_id: string | null; keys: string }>(
      `SELECT master_key_id, count(*)::text AS keys FROM person_data_keys GROUP BY master_key_id`,
    );
    const report: RewrapReport = {
      masterKeyId: ring.currentId,
      rewrapped,
      underCurrent: 0,
      destroyed: 0,
      underOther: {},
    };
    for (const row of rows) {
      const keys = Number(row.keys);
      if (row.master_key_id === null) report.destroyed = keys;
      else if (row.master_key_id === ring.currentId) report.underCurrent = keys;
      else report.underOther[row.master_key_id] = keys;
    }
    return report;
  }

  return {
    masterKeyId: ring.currentId,
    keyFor,
    async seal(subject, value) {
      return sealWith(await keyFor(subject), subject, value);
    },
    async open(sealed) {
      return (await openMany([sealed]))[0]!;
    },
    openMany,
    destroy,
    destroyedAmong,
    rewrapAll,
  };
}

function wrappedOf(row: KeyRow): WrappedKey {
  return { masterKeyId: row.master_key_id!, wrappedKey: row.wrapped_key!, nonce: row.nonce!, tag: row.tag! };
}
