/**
 * The key service of personal data against the real PostgreSQL: a field sealed under the person's
 * data key opens as that person only, unaltered; destroying the key erases it; a rotation re-wraps
 * every key under the new master key; racing first uses make one key.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { countingQueries, createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  createPersonalDataKeys,
  ERASED,
  isErased,
  isSealed,
  masterKeyId,
  MissingDataKeyError,
  PersonErasedError,
  SealedFieldError,
  subjectOfSealed,
  UnknownMasterKeyError,
  type PersonalDataKeys,
} from '../../src/personal-data';
import { DESTROYED, KeyCache } from '../../src/personal-data/key-cache';
import { openWith, parseSealed, sealWith } from '../../src/personal-data/sealed-field';

let db: TestDatabase;
const masterKey = randomBytes(32);
let keys: PersonalDataKeys;

beforeAll(async () => {
  db = await createTestDatabase();
  keys = createPersonalDataKeys({ pool: db.pool, masterKeys: { current: masterKey } });
});
afterAll(async () => {
  await db.drop();
});

/** Another process on the same database: its own cache, its own pool's connections. */
const anotherProcess = (current = masterKey, previous: Buffer[] = []) =>
  createPersonalDataKeys({ pool: db.pool, masterKeys: { current, previous } });

const keyRow = async (subject: string) =>
  (
    await db.pool.query<{
      master_key_id: string | null;
      wrapped_key: Buffer | null;
      nonce: Buffer | null;
      tag: Buffer | null;
      destroyed_at: Date | null;
      destroy_reason: string | null;
      created_at: Date;
    }>(`SELECT * FROM person_data_keys WHERE subject_id = $1`, [subject])
  ).rows[0];

/** One character of the base64url ciphertext changed (its first: every bit of it is data). */
function tampered(sealed: string): string {
  const at = sealed.lastIndexOf('.') + 1;
  const changed = sealed[at] === 'A' ? 'B' : 'A';
  return `${sealed.slice(0, at)}${changed}${sealed.slice(at + 1)}`;
}

describe('seal and open', () => {
  it('a field opens to what was sealed, in a self-describing text naming its person', async () => {
    const subject = randomUUID();
    const values = ['Adaeze', 'Okonkwo-Ìbáḍàn', 'ada@example.ng', '+2348012345678', '0123456789', ''];
    const sealed = await Promise.all(values.map((value) => keys.seal(subject, value)));
    for (const text of sealed) {
      expect(text).toMatch(new RegExp(`^pd1\\.${subject}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22,}$`));
      expect(isSealed(text)).toBe(true);
      expect(subjectOfSealed(text)).toBe(subject);
    }
    expect(sealed.some((text) => text.includes('Adaeze') || text.includes('example'))).toBe(false);
    expect(await Promise.all(sealed.map((text) => keys.open(text)))).toEqual(values);
    // Another process opens it from the text alone, with the key from the table.
    expect(await anotherProcess().open(sealed[2]!)).toBe('ada@example.ng');
    expect(isSealed('ada@example.ng')).toBe(false);
  });

  it('the same value sealed twice differs (a fresh nonce each time)', async () => {
    const subject = randomUUID();
    const [a, b] = [await keys.seal(subject, 'Chidi'), await keys.seal(subject, 'Chidi')];
    expect(a).not.toBe(b);
  });

  it('refuses a tampered ciphertext, with a SealedFieldError', async () => {
    const sealed = await keys.seal(randomUUID(), 'Oluwaseun');
    await expect(keys.open(tampered(sealed))).rejects.toThrow(SealedFieldError);
    await expect(keys.open(tampered(sealed))).rejects.toThrow(/does not open: it was altered/);
    await expect(keys.open('pd1.nonsense')).rejects.toThrow(/not a sealed personal field/);
  });

  it('refuses a field moved to another person: the subject is bound as additional data', async () => {
    const [ada, bayo] = [randomUUID(), randomUUID()];
    const sealed = await keys.seal(ada, 'ada@example.ng');
    await keys.keyFor(bayo);
    await expect(keys.open(sealed.replace(ada, bayo))).rejects.toThrow(
      new RegExp(`a sealed field of ${bayo} does not open`),
    );
    // Even with Ada's wrapped key copied into Bayo's row, the wrap's additional data refuses it.
    await db.pool.query(
      `UPDATE person_data_keys AS bayo SET wrapped_key = ada.wrapped_key, nonce = ada.nonce, tag = ada.tag
         FROM person_data_keys AS ada WHERE ada.subject_id = $1 AND bayo.subject_id = $2`,
      [ada, bayo],
    );
    await expect(anotherProcess().open(sealed.replace(ada, bayo))).rejects.toThrow(
      new RegExp(`the data key of ${bayo} does not open under master key [0-9a-f]{16}: its row was altered`),
    );
  });

  it('the person named in the text is the additional data: the same key does not open it as another', () => {
    const key = randomBytes(32);
    const [ada, bayo] = [randomUUID(), randomUUID()];
    const sealed = sealWith(key, ada, 'ada@example.ng');
    expect(openWith(key, parseSealed(sealed))).toBe('ada@example.ng');
    expect(() => openWith(key, parseSealed(sealed.replace(ada, bayo)))).toThrow(
      new RegExp(`a sealed field of ${bayo} does not open: it was altered, or sealed for another person`),
    );
  });

  it('opening a field of a person with no key here says so', async () => {
    const elsewhere = createPersonalDataKeys({
      pool: db.pool,
      masterKeys: { current: masterKey },
    });
    const subject = randomUUID();
    const sealed = await elsewhere.seal(subject, 'x');
    await db.pool.query(`DELETE FROM person_data_keys WHERE subject_id = $1`, [subject]);
    await expect(anotherProcess().open(sealed)).rejects.toThrow(MissingDataKeyError);
  });

  it('opens a batch in one query for the keys it does not keep; null and undefined pass through', async () => {
    const [ada, bayo] = [randomUUID(), randomUUID()];
    const fields = [
      await keys.seal(ada, 'Ada'),
      null,
      await keys.seal(bayo, 'Bayo'),
      await keys.seal(ada, 'Okafor'),
      undefined,
    ];
    const counted = countingQueries(db.pool, (text) => text.includes('FROM person_data_keys'));
    const projection = createPersonalDataKeys({ pool: counted.pool, masterKeys: { current: masterKey } });
    expect(await projection.openMany(fields)).toEqual(['Ada', null, 'Bayo', 'Okafor', undefined]);
    expect(counted.count()).toBe(1);
    expect(await projection.openMany(fields)).toEqual(['Ada', null, 'Bayo', 'Okafor', undefined]);
    expect(counted.count()).toBe(1);
  });

  it('keeps at most maxKeys unwrapped keys: the least recently used is read again', async () => {
    const people = [randomUUID(), randomUUID(), randomUUID()];
    const fields = await Promise.all(people.map((subject) => keys.seal(subject, subject.slice(0, 4))));
    const counted = countingQueries(db.pool, (text) => text.includes('FROM person_data_keys'));
    const small = createPersonalDataKeys({
      pool: counted.pool,
      masterKeys: { current: masterKey },
      cache: { maxKeys: 2 },
    });
    await small.open(fields[0]!);
    await small.open(fields[1]!);
    await small.open(fields[0]!); // kept: no query
    expect(counted.count()).toBe(2);
    await small.open(fields[2]!); // the third person: the least recently used (people[1]) leaves
    await small.open(fields[0]!);
    expect(counted.count()).toBe(3);
    await small.open(fields[1]!);
    expect(counted.count()).toBe(4);
  });
});

describe('one key per person, made on first use', () => {
  it('racing first uses in one process and in several make one key', async () => {
    const subject = randomUUID();
    const processes = [keys, anotherProcess(), anotherProcess(), anotherProcess()];
    const made = await Promise.all(
      processes.flatMap((process) => [process.keyFor(subject), process.keyFor(subject)]),
    );
    expect(new Set(made.map((key) => key.toString('hex'))).size).toBe(1);
    expect(made[0]).toHaveLength(32);
    const sealed = await Promise.all(processes.map((process, i) => process.seal(subject, `field ${i}`)));
    expect(await keys.openMany(sealed)).toEqual(['field 0', 'field 1', 'field 2', 'field 3']);
    const { rows } = await db.pool.query(`SELECT 1 FROM person_data_keys WHERE subject_id = $1`, [subject]);
    expect(rows).toHaveLength(1);
  });

  it('keeps the key wrapped under the master key, named by its id, never in the clear', async () => {
    const subject = randomUUID();
    const key = await keys.keyFor(subject);
    const row = await keyRow(subject);
    expect(row).toMatchObject({ master_key_id: masterKeyId(masterKey), destroyed_at: null });
    expect(row!.master_key_id).toMatch(/^[0-9a-f]{16}$/);
    expect(row!.nonce).toHaveLength(12);
    expect(row!.tag).toHaveLength(16);
    expect(row!.wrapped_key).toHaveLength(32);
    expect(row!.wrapped_key!.equals(key)).toBe(false);
  });

  it('refuses an id that could not stand in a sealed field', async () => {
    await expect(keys.keyFor('a.b')).rejects.toThrow(/not a person's id/);
    await expect(keys.seal('', 'x')).rejects.toThrow(/not a person's id/);
  });
});

describe('destroying a key erases the person', () => {
  it('opening then gives ERASED, the wrapped key is gone, the row stays with when and why', async () => {
    const subject = randomUUID();
    const sealed = [await keys.seal(subject, 'Ngozi'), await keys.seal(subject, '0123456789')];
    const other = anotherProcess();
    expect(await other.open(sealed[0]!)).toBe('Ngozi');

    const result = await keys.destroy(subject, 'erasure request');
    expect(result).toMatchObject({ alreadyDestroyed: false });
    expect(await keys.openMany(sealed)).toEqual([ERASED, ERASED]);
    expect(isErased(await anotherProcess().open(sealed[1]!))).toBe(true);
    const row = await keyRow(subject);
    expect(row).toMatchObject({
      master_key_id: null,
      wrapped_key: null,
      nonce: null,
      tag: null,
      destroy_reason: 'erasure request',
    });
    expect(row!.destroyed_at).toEqual(result.destroyedAt);

    const again = await keys.destroy(subject, 'asked twice');
    expect(again).toEqual({ destroyedAt: result.destroyedAt, alreadyDestroyed: true });
    expect((await keyRow(subject))!.destroy_reason).toBe('erasure request');
  });

  it('nothing new is sealed for an erased person, in this process or another', async () => {
    const subject = randomUUID();
    await keys.seal(subject, 'x');
    await keys.destroy(subject, 'erasure request');
    await expect(keys.seal(subject, 'again')).rejects.toThrow(PersonErasedError);
    await expect(anotherProcess().keyFor(subject)).rejects.toThrow(/was erased/);
  });

  it('a person erased before any key was made never gets one', async () => {
    const subject = randomUUID();
    expect(await keys.destroy(subject, 'account deleted')).toMatchObject({ alreadyDestroyed: false });
    await expect(anotherProcess().seal(subject, 'x')).rejects.toThrow(PersonErasedError);
    expect(await keyRow(subject)).toMatchObject({ wrapped_key: null, destroy_reason: 'account deleted' });
  });

  it('another process stops opening within its cache time (ttlMs)', async () => {
    const subject = randomUUID();
    const sealed = await keys.seal(subject, 'Emeka');
    let now = 1_000_000;
    const other = createPersonalDataKeys({
      pool: db.pool,
      masterKeys: { current: masterKey },
      cache: { ttlMs: 60_000, now: () => now },
    });
    expect(await other.open(sealed)).toBe('Emeka');
    await keys.destroy(subject, 'erasure request');
    now += 59_999;
    expect(await other.open(sealed)).toBe('Emeka'); // still kept
    now += 1;
    expect(await other.open(sealed)).toBe(ERASED);
  });

  it('a key read before its destruction and kept after it does not come back', () => {
    const cache = new KeyCache();
    cache.set('ada', DESTROYED);
    cache.set('ada', randomBytes(32));
    expect(cache.get('ada')).toBe(DESTROYED);
  });

  it('wants a reason', async () => {
    await expect(keys.destroy(randomUUID(), '  ')).rejects.toThrow(/with a reason/);
  });
});

describe('rotating the master key', () => {
  let rotationDb: TestDatabase;
  let pool: TestDatabase['pool'];
  beforeEach(async () => {
    rotationDb = await createTestDatabase(4);
    pool = rotationDb.pool;
  });
  afterEach(async () => {
    await rotationDb.drop();
  });

  it('keys under the previous master key open; the rotation re-wraps them under the current one', async () => {
    const oldMaster = randomBytes(32);
    const newMaster = randomBytes(32);
    const before = createPersonalDataKeys({ pool, masterKeys: { current: oldMaster } });
    const people = Array.from({ length: 7 }, () => randomUUID());
    const sealed = await Promise.all(people.map((subject) => before.seal(subject, `name of ${subject}`)));
    const erased = people[6]!;
    await before.destroy(erased, 'erasure request');

    // Without the old key, the new master key alone cannot open what the old one wrapped.
    await expect(
      createPersonalDataKeys({ pool, masterKeys: { current: newMaster } }).open(sealed[0]!),
    ).rejects.toThrow(UnknownMasterKeyError);
    await expect(
      createPersonalDataKeys({ pool, masterKeys: { current: newMaster } }).open(sealed[0]!),
    ).rejects.toThrow(
      new RegExp(`wrapped under master key ${masterKeyId(oldMaster)}, which is neither KOBO_MASTER_KEY`),
    );

    // KOBO_MASTER_KEY_PREVIOUS: before the rotation, keys under the old master key still open.
    const rotated = createPersonalDataKeys({
      pool,
      masterKeys: { current: newMaster, previous: [oldMaster] },
    });
    expect(await rotated.openMany(sealed)).toEqual([
      ...people.slice(0, 6).map((p) => `name of ${p}`),
      ERASED,
    ]);
    // A key made now is wrapped under the new master key.
    const newcomer = randomUUID();
    const newcomerField = await rotated.seal(newcomer, 'newcomer');

    const report = await rotated.rewrapAll({ batchSize: 4 });
    expect(report).toEqual({
      masterKeyId: masterKeyId(newMaster),
      rewrapped: 6,
      underCurrent: 7,
      destroyed: 1,
      underOther: {},
    });
    const { rows } = await pool.query<{ master_key_id: string | null; rewrapped: boolean }>(
      `SELECT master_key_id, rewrapped_at IS NOT NULL AS rewrapped FROM person_data_keys ORDER BY subject_id`,
    );
    expect(new Set(rows.map((row) => row.master_key_id))).toEqual(new Set([masterKeyId(newMaster), null]));

    // After it, the new master key alone opens everything; the old one opens nothing.
    const after = createPersonalDataKeys({ pool, masterKeys: { current: newMaster } });
    expect(await after.openMany([...sealed, newcomerField])).toEqual([
      ...people.slice(0, 6).map((p) => `name of ${p}`),
      ERASED,
      'newcomer',
    ]);
    await expect(
      createPersonalDataKeys({ pool, masterKeys: { current: oldMaster } }).open(sealed[0]!),
    ).rejects.toThrow(UnknownMasterKeyError);
    // Run again: nothing left to do.
    expect(await rotated.rewrapAll()).toMatchObject({ rewrapped: 0, underCurrent: 7 });
  });

  it('reports the keys under a master key it was not given, and leaves them', async () => {
    const [stranger, previous, current] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const subject = randomUUID();
    await createPersonalDataKeys({ pool, masterKeys: { current: stranger } }).keyFor(subject);
    await createPersonalDataKeys({ pool, masterKeys: { current: previous } }).keyFor(randomUUID());
    const report = await createPersonalDataKeys({
      pool,
      masterKeys: { current, previous: [previous] },
    }).rewrapAll();
    expect(report).toEqual({
      masterKeyId: masterKeyId(current),
      rewrapped: 1,
      underCurrent: 1,
      destroyed: 0,
      underOther: { [masterKeyId(stranger)]: 1 },
    });
    expect(
      (await pool.query(`SELECT master_key_id FROM person_data_keys WHERE subject_id = $1`, [subject])).rows,
    ).toEqual([{ master_key_id: masterKeyId(stranger) }]);
  });
});
