/**
 * The re-seal on the real PostgreSQL: a log written in the clear (a store that does not seal:
 * names, emails, phones, bank details, claims named by their value, snapshots of a person's state)
 * is rewritten in one transaction so that nothing clear remains anywhere, reads give what they gave,
 * the chain verifies and says where it was re-sealed, the money is unchanged, a claimed email stays
 * claimed, a second run changes nothing, and a hand-edited event still fails the verification.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { createLedgerCommands, type LedgerCommands } from '../../src/domain/handlers/ledger-commands';
import { streams } from '../../src/domain/events';
import {
  createPostgresEventStore,
  verifyHashChain,
  type EventStore,
  type PostgresEventStore,
  type RecordedEvent,
} from '../../src/event-store';
import {
  claimsKeyOf,
  createPersonalDataKeys,
  isSealed,
  keyedStreamName,
  resealLog,
  ResealRefusedError,
  sealPersonalData,
  type PersonalDataKeys,
} from '../../src/personal-data';
import { kobo } from '../../src/money';
import { registerUser } from '../../src/testing';
import { rules } from '../domain/support/fixtures';

const by = { role: 'system', id: 'reseal' } as const;

interface World {
  db: TestDatabase;
  /** The log as it is stored: nothing sealed on append (a database from before the sealing). */
  clear: PostgresEventStore;
  keys: PersonalDataKeys;
  /** The same log as the servers read it now. */
  sealing: EventStore;
  clearLedger: LedgerCommands;
}

async function world(): Promise<World> {
  const db = await createTestDatabase(8);
  const clear = createPostgresEventStore(db.pool);
  const keys = createPersonalDataKeys({ pool: db.pool, masterKeys: { current: randomBytes(32) } });
  const sealing = sealPersonalData(createPostgresEventStore(db.pool), keys);
  return { db, clear, keys, sealing, clearLedger: createLedgerCommands(clear, { rules }) };
}

const person = () => {
  const tag = randomUUID().slice(0, 8);
  return {
    userId: randomUUID(),
    firstName: `Chiamaka${tag}`,
    lastName: `Okafor${tag}`,
    username: `chiamaka_${tag}`,
    email: `chiamaka.${tag}@example.ng`,
    phone: `0803${randomInt(1_000_000, 9_999_999)}`,
    accountNum: `${randomInt(1_000_000_000, 9_999_999_999)}`,
  };
};
type Person = ReturnType<typeof person>;

const registrationOf = (p: Person) => ({
  userId: p.userId,
  firstName: p.firstName,
  lastName: p.lastName,
  username: p.username,
  email: p.email,
  phone: p.phone,
  role: 'user' as const,
  referralCode: `code-${p.userId}`,
  referredByCode: null,
});

const personalValues = (p: Person) => [
  p.firstName,
  p.lastName,
  p.username,
  p.email,
  p.phone,
  p.accountNum,
  `${p.firstName} ${p.lastName}`,
];

/** A person registered in the clear, with bank details of their own. */
async function registerInTheClear(w: World, p: Person, account = 0) {
  await registerUser(w.clearLedger, { ...p, bank: false, account });
  await w.clearLedger.updateBankDetails({
    userId: p.userId,
    bankCode: '50211',
    accountNum: p.accountNum,
    accountName: `${p.firstName} ${p.lastName}`,
  });
}

/** Every text stored about the log: events (stream, data, metadata), streams, commands, snapshots. */
async function everythingStored(w: World): Promise<string> {
  const { rows } = await w.db.pool.query<{ text: string | null }>(
    `SELECT string_agg(stream_id || ' ' || data::text || ' ' || metadata::text || ' ' || encode(hash, 'hex'), E'\\n' ORDER BY global_position) AS text FROM events
     UNION ALL SELECT string_agg(stream_id || ' ' || version, E'\\n' ORDER BY stream_id) FROM streams
     UNION ALL SELECT string_agg(command_id || ' ' || streams::text, E'\\n' ORDER BY command_id) FROM commands
     UNION ALL SELECT string_agg(stream_id || ' ' || kind || ' ' || state::text, E'\\n' ORDER BY stream_id, kind) FROM stream_snapshots
     UNION ALL SELECT last_position || ' ' || encode(last_hash, 'hex') FROM event_chain_head`,
  );
  return rows.map((row) => row.text ?? '').join('\n---\n');
}

const readLog = (store: EventStore) => store.readAll({ after: 0, limit: 100_000 });

/** Each account's balance from every posting in the log. */
function balancesOf(events: readonly RecordedEvent[]): Map<string, number> {
  const balances = new Map<string, number>();
  for (const event of events)
    for (const { account, amount } of (event.data as { postings?: { account: string; amount: number }[] })
      .postings ?? [])
      balances.set(account, (balances.get(account) ?? 0) + amount);
  return balances;
}

describe('a log written in the clear, re-sealed', () => {
  let w: World;
  let ada: Person;
  let bola: Person;
  /** Erased (their key destroyed) before the re-seal ran. */
  let chidi: Person;
  /** Registered by a command with an id: the command's record names its claim streams. */
  let dayo: Person;
  let newEmail: string;
  let preciseId: string;
  let before: RecordedEvent[];
  let head: { last_position: number; last_hash: string };

  beforeAll(async () => {
    w = await world();
    [ada, bola, chidi, dayo] = [person(), person(), person(), person()];
    await registerInTheClear(w, ada, 500_000);
    await w.clearLedger.requestWithdrawal({
      userId: ada.userId,
      withdrawalId: randomUUID(),
      type: 'withdrawal',
      amount: kobo(300_000),
    });
    await registerInTheClear(w, bola);
    // An email change: a claim on the new email, a release of the old.
    newEmail = `bola.${randomUUID().slice(0, 8)}@example.ng`;
    await w.clearLedger.updateProfile({ userId: bola.userId, email: newEmail, phone: '08099999999' });
    await registerInTheClear(w, chidi);
    await w.clearLedger.registerUser(registrationOf(dayo), { commandId: `register-${dayo.userId}` });
    // An event whose data holds a number as written (1.50): only its personal field may change.
    preciseId = randomUUID();
    await w.db.pool.query(`SELECT kobo_append_events($1::jsonb)`, [
      `[{"command": null, "claim": null, "streams": [{"streamId": "${streams.user(ada.userId)}", "expectedVersion": "any",
         "events": [{"id": "${preciseId}", "type": "UserProfileUpdated", "metadata": {},
                     "data": {"userId": "${ada.userId}", "phone": "${ada.phone}", "precise": 1.50}}]}]}]`,
    ]);
    // Snapshots of a person's state and of a claim, kept in the clear.
    await w.clear.writeSnapshot(streams.user(ada.userId), 'user@test', {
      version: 1,
      lastPosition: 1,
      state: { email: ada.email, phone: ada.phone },
    });
    await w.clear.writeSnapshot(streams.unique('email', ada.email), 'claim@test', {
      version: 1,
      lastPosition: 1,
      state: { userId: ada.userId },
    });
    await w.keys.destroy(chidi.userId, 'account deleted');

    const text = await everythingStored(w);
    for (const value of [...personalValues(ada), ...personalValues(bola), newEmail])
      expect(text).toContain(value);
    expect(text).toContain(`unique-email-${ada.email}`);
    const { rows: recorded } = await w.db.pool.query<{ streams: string }>(
      `SELECT streams::text FROM commands WHERE command_id = $1`,
      [`register-${dayo.userId}`],
    );
    expect(recorded[0]!.streams).toContain(`unique-email-${dayo.email}`);
    before = await readLog(w.clear);
    head = (
      await w.db.pool.query(
        `SELECT last_position::int, encode(last_hash, 'hex') AS last_hash FROM event_chain_head`,
      )
    ).rows[0];
  });
  afterAll(async () => {
    await w.clear.close();
    await w.sealing.close();
    await w.db.drop();
  });

  it('leaves the log as it was when its transaction fails', async () => {
    const untouched = await everythingStored(w);
    await expect(
      resealLog({
        pool: w.db.pool,
        store: w.clear,
        keys: w.keys,
        by,
        pageSize: 7,
        inTransaction: () => Promise.reject(new Error('the machine stopped')),
      }),
    ).rejects.toThrow('the machine stopped');
    expect(await everythingStored(w)).toBe(untouched);
  });

  it('leaves no clear personal value in the events, streams, commands or snapshots', async () => {
    const report = await resealLog({ pool: w.db.pool, store: w.clear, keys: w.keys, by, pageSize: 7 });
    expect(report).toMatchObject({
      changed: true,
      headPosition: head.last_position,
      oldHeadHash: head.last_hash,
      fromPosition: 1,
      resealedAt: head.last_position + 1,
      renamedStreams: 9, // four usernames, five emails (bola's old and new)
      deletedSnapshots: 2,
      renamedCommands: 1,
    });
    // chidi's registration (names, email, phone, username), bank details (2) and claims (2)
    expect(report.erasedFields).toBe(9);
    expect(report.renamedEvents).toBe(10); // bola's old email: claimed, then released
    expect(report.resealedEvents).toBe(
      before.filter((e) =>
        ['UserRegistered', 'UserProfileUpdated', 'BankDetailsUpdated', 'WithdrawalRequested'].includes(
          e.type,
        ),
      ).length + 10,
    );

    const text = await everythingStored(w);
    for (const value of [
      ...personalValues(ada),
      ...personalValues(bola),
      ...personalValues(chidi),
      ...personalValues(dayo),
      newEmail,
    ])
      expect(text).not.toContain(value);
    const { rows } = await w.db.pool.query<{ stream_id: string }>(
      `SELECT stream_id FROM streams WHERE stream_id LIKE 'unique-email-%' OR stream_id LIKE 'unique-username-%'
       UNION SELECT DISTINCT stream_id FROM events WHERE stream_id LIKE 'unique-email-%' OR stream_id LIKE 'unique-username-%'
       UNION SELECT s->>'streamId' FROM commands, jsonb_array_elements(streams) s WHERE s->>'streamId' LIKE 'unique-%'
         AND s->>'streamId' NOT LIKE 'unique-referralCode-%'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const { stream_id } of rows) expect(stream_id).toMatch(/^unique-(email|username)-k1-[0-9a-f]{64}$/);
    const precise = await w.db.pool.query<{ precise: string; phone: string }>(
      `SELECT data->>'precise' AS precise, data->>'phone' AS phone FROM events WHERE event_id = $1`,
      [preciseId],
    );
    expect(precise.rows[0]!.precise).toBe('1.50');
    expect(isSealed(precise.rows[0]!.phone)).toBe(true);
    const [registered] = await w.clear.readStream(streams.user(ada.userId));
    expect(isSealed((registered!.data as { email: string }).email)).toBe(true);
  });

  it('reads back what was written, with the claims under their keyed names', async () => {
    const claimsKey = await claimsKeyOf(w.keys);
    const after = await readLog(w.sealing);
    const erased = (e: RecordedEvent) => (e.data as { userId?: string }).userId === chidi.userId;
    const comparable = after.slice(0, before.length).filter((e) => !erased(e));
    expect(comparable).toEqual(
      before
        .filter((e) => !erased(e))
        .map((e) => ({
          ...e,
          streamId: keyedStreamName(e.streamId, claimsKey),
          hash: expect.any(String),
          prevHash: expect.any(String),
        })),
    );
    // Each claim, read by its value, is where it was.
    const claims = await w.sealing.readStream(streams.unique('email', bola.email));
    expect(claims.map((e) => [e.type, e.data])).toEqual([
      ['UniqueValueClaimed', { kind: 'email', value: bola.email, userId: bola.userId }],
      ['UniqueValueReleased', { kind: 'email', value: bola.email, userId: bola.userId }],
    ]);
    // The person erased before the re-seal: their fields open empty, as an erased person's do.
    const [chidiRegistered] = await w.sealing.readStream(streams.user(chidi.userId));
    expect(chidiRegistered!.data).toMatchObject({ firstName: '', email: '', phone: '', username: '' });
  });

  it('keeps every posting: the balances are what they were', async () => {
    const after = await readLog(w.sealing);
    expect(balancesOf(after)).toEqual(balancesOf(before));
    expect(balancesOf(after).get(`user:${ada.userId}:hold`)).toBe(300_000);
  });

  it('verifies, and the chain says where it was re-sealed: the old head hash and the new', async () => {
    const { rows } = await w.db.pool.query<{ hash: string }>(
      `SELECT encode(hash, 'hex') AS hash FROM events WHERE global_position = $1`,
      [head.last_position],
    );
    expect(rows[0]!.hash).not.toBe(head.last_hash);
    const report = await verifyHashChain(w.db.pool, { pageSize: 5 });
    expect(report).toEqual({
      ok: true,
      count: head.last_position + 1,
      lastPosition: head.last_position + 1,
      lastHash: expect.any(String),
      reseals: [
        {
          at: head.last_position + 1,
          position: head.last_position,
          oldHash: head.last_hash,
          newHash: rows[0]!.hash,
          fromPosition: 1,
        },
      ],
    });
    const [resealed] = await w.sealing.readStream(streams.ledger);
    expect(resealed).toMatchObject({
      type: 'LogResealed',
      data: { headPosition: head.last_position, oldHeadHash: head.last_hash, newHeadHash: rows[0]!.hash, by },
    });
  });

  it('keeps a claimed email and username claimed: registering them again is refused', async () => {
    const ledger = createLedgerCommands(w.sealing, { rules });
    await expect(registerUser(ledger, { ...person(), email: ada.email })).rejects.toThrow(/email/i);
    await expect(registerUser(ledger, { ...person(), username: bola.username })).rejects.toThrow(/username/i);
    await expect(registerUser(ledger, { ...person(), email: newEmail })).rejects.toThrow(/email/i);
    // A registration recorded before the re-seal, sent again, answers as its first run: nothing new.
    const { rows: heads } = await w.db.pool.query(`SELECT last_position::int AS n FROM event_chain_head`);
    await ledger.registerUser(registrationOf(dayo), { commandId: `register-${dayo.userId}` });
    expect((await w.db.pool.query(`SELECT last_position::int AS n FROM event_chain_head`)).rows).toEqual(
      heads,
    );
    // bola's old email was released: it signs up again.
    await registerUser(ledger, { ...person(), email: bola.email });
  });

  it('changes nothing on a second run', async () => {
    const stored = await everythingStored(w);
    const report = await resealLog({ pool: w.db.pool, store: w.clear, keys: w.keys, by });
    expect(report).toMatchObject({ changed: false, resealedEvents: 0, renamedStreams: 0, resealedAt: null });
    expect(report.newHeadHash).toBe(report.oldHeadHash);
    expect(await everythingStored(w)).toBe(stored);
  });

  it('fails the verification on a hand-edited event, before the re-seal or after it', async () => {
    const { rows } = await w.db.pool.query<{ global_position: number }>(
      `SELECT global_position::int FROM events WHERE type = 'LogResealed'`,
    );
    const resealedAt = rows[0]!.global_position;
    for (const position of [2, resealedAt, resealedAt + 1]) {
      await w.db.pool.query(
        `UPDATE events SET metadata = metadata || '{"edited": true}' WHERE global_position = $1`,
        [position],
      );
      expect(await verifyHashChain(w.db.pool)).toMatchObject({ ok: false, brokenAt: position });
      await w.db.pool.query(`UPDATE events SET metadata = metadata - 'edited' WHERE global_position = $1`, [
        position,
      ]);
      expect((await verifyHashChain(w.db.pool)).ok).toBe(true);
    }
  });

  it('fails the verification when the re-seal records another new hash, even with the chain recomputed over it', async () => {
    const { rows } = await w.db.pool.query<{
      global_position: number;
      prev: string;
      micros: string;
      type: string;
    }>(
      `SELECT global_position::int, encode(prev_hash, 'hex') AS prev, type,
              ((extract(epoch FROM recorded_at) * 1000000)::bigint)::text AS micros
         FROM events WHERE type = 'LogResealed'`,
    );
    const at = rows[0]!.global_position;
    // A forger rewrites the bridge and every hash after it, as a re-seal would.
    await w.db.pool.query(
      `UPDATE events SET data = jsonb_set(data, '{newHeadHash}', to_jsonb(repeat('ab', 32))) WHERE global_position = $1`,
      [at],
    );
    await w.db.pool.query(
      `WITH before AS (SELECT hash FROM events WHERE global_position = $1 - 1),
       chained AS (
         SELECT global_position, kobo_hash_chain((SELECT hash FROM before), kobo_event_canonical(
           global_position, event_id, stream_id, stream_version, type, data, metadata, recorded_at))
           OVER (ORDER BY global_position ROWS UNBOUNDED PRECEDING) AS hash
         FROM events WHERE global_position >= $1),
       linked AS (SELECT global_position, hash, coalesce(lag(hash) OVER (ORDER BY global_position), (SELECT hash FROM before)) AS prev FROM chained),
       moved AS (UPDATE events e SET hash = l.hash, prev_hash = l.prev FROM linked l WHERE e.global_position = l.global_position RETURNING 1)
       UPDATE event_chain_head SET last_hash = (SELECT hash FROM linked ORDER BY global_position DESC LIMIT 1)`,
      [at],
    );
    const report = await verifyHashChain(w.db.pool);
    expect(report).toMatchObject({ ok: false, brokenAt: at });
    if (!report.ok)
      expect(report.reason).toMatch(
        /^the re-seal records (ab){32} as the new hash of position \d+, the chain has [0-9a-f]{64}$/,
      );
  });
});

it('refuses, changing nothing, when a value claimed in the clear was claimed again on its keyed name', async () => {
  const w = await world();
  try {
    const ada = person();
    await registerInTheClear(w, ada);
    // A server sealing on append took the same email before the re-seal ran.
    await registerUser(createLedgerCommands(w.sealing, { rules }), { ...person(), email: ada.email });
    const untouched = await everythingStored(w);
    await expect(resealLog({ pool: w.db.pool, store: w.clear, keys: w.keys, by })).rejects.toThrow(
      new ResealRefusedError(
        `1 claim(s) were made again under their keyed name since they were claimed in the clear (two people hold the same value): unique-email-${ada.email}. Nothing was changed.`,
      ),
    );
    expect(await everythingStored(w)).toBe(untouched);
  } finally {
    await w.clear.close();
    await w.sealing.close();
    await w.db.drop();
  }
});
