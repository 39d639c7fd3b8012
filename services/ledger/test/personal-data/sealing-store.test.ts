/**
 * The event store with personal data sealed, on the real PostgreSQL: what is stored holds no
 * personal value (events, claim stream names, snapshots), what is read is the value, the
 * uniqueness rules hold on the keyed names, and once the person's key is destroyed their fields
 * open empty while the stored text and the hash chain are unchanged.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { createLedgerCommands, type LedgerCommands } from '../../src/domain/handlers/ledger-commands';
import { streams } from '../../src/domain/events';
import {
  createPostgresEventStore,
  verifyHashChain,
  type EventStore,
  type PostgresEventStore,
} from '../../src/event-store';
import {
  clearPersonalDataRemains,
  createPersonalDataKeys,
  isSealed,
  sealPersonalData,
  type PersonalDataKeys,
} from '../../src/personal-data';
import { kobo } from '../../src/money';
import { registerUser } from '../../src/testing';
import { rules } from '../domain/support/fixtures';

let db: TestDatabase;
let stored: PostgresEventStore;
let keys: PersonalDataKeys;
let store: EventStore;
let ledger: LedgerCommands;

beforeAll(async () => {
  db = await createTestDatabase(10);
  stored = createPostgresEventStore(db.pool);
  keys = createPersonalDataKeys({ pool: db.pool, masterKeys: { current: randomBytes(32) } });
  store = sealPersonalData(stored, keys);
  ledger = createLedgerCommands(store, { rules });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/** Every stored text of the log (stream names, data, metadata) and of the snapshots, as one text. */
async function everythingStored(): Promise<string> {
  const { rows } = await db.pool.query<{ text: string }>(
    `SELECT coalesce(string_agg(stream_id || ' ' || data::text || ' ' || metadata::text, E'\\n'), '') AS text FROM events
     UNION ALL
     SELECT coalesce(string_agg(stream_id || ' ' || state::text, E'\\n'), '') FROM stream_snapshots`,
  );
  return rows.map((row) => row.text).join('\n');
}

const person = () => {
  const tag = randomUUID().slice(0, 8);
  return {
    userId: randomUUID(),
    firstName: `Chiamaka${tag}`,
    lastName: `Okafor${tag}`,
    username: `chiamaka_${tag}`,
    email: `chiamaka.${tag}@example.ng`,
    phone: `0803${tag.replace(/\D/g, '7').slice(0, 7).padEnd(7, '7')}`,
  };
};

it('stores a person only sealed, and reads them back as they are', async () => {
  const p = person();
  const user = await registerUser(ledger, { ...p, account: 500_000 });
  await ledger.requestWithdrawal({
    userId: p.userId,
    withdrawalId: randomUUID(),
    type: 'withdrawal',
    amount: kobo(300_000),
  });

  const text = await everythingStored();
  for (const value of [p.firstName, p.lastName, p.username, p.email, p.phone, `${p.firstName} ${p.lastName}`])
    expect(text).not.toContain(value);
  expect(text).not.toContain('0123456789'); // the account number

  const [raw] = (await stored.readStream(streams.user(p.userId))).filter((e) => e.type === 'UserRegistered');
  expect(isSealed((raw!.data as { email: string }).email)).toBe(true);
  const events = await store.readStream(streams.user(p.userId));
  expect(events[0]!.data).toMatchObject({ firstName: p.firstName, email: p.email, username: p.username });
  expect(events.find((e) => e.type === 'WithdrawalRequested')!.data).toMatchObject({
    bankDetails: { accountNum: '0123456789', accountName: `${p.firstName} ${p.lastName}` },
  });
  // The log read forwards (projections, the journal) opens them too, and the amounts are as given.
  const log = await store.readAll({ after: 0, limit: 1000 });
  expect(log.find((e) => e.id === raw!.id)!.data).toMatchObject({ email: p.email, phone: p.phone });
  expect(user.email).toBe(p.email);
});

it('keeps an email and a username to one person on keyed names', async () => {
  const first = person();
  await registerUser(ledger, first);
  const again = { ...person(), email: first.email.toUpperCase() };
  await expect(registerUser(ledger, again)).rejects.toThrow(/email/i);
  const sameName = { ...person(), username: first.username };
  await expect(registerUser(ledger, sameName)).rejects.toThrow(/username/i);
  const { rows } = await db.pool.query<{ stream_id: string }>(
    `SELECT DISTINCT stream_id FROM events WHERE stream_id LIKE 'unique-email-%' OR stream_id LIKE 'unique-username-%'`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const { stream_id } of rows) expect(stream_id).toMatch(/^unique-(email|username)-k1-[0-9a-f]{64}$/);
});

it('opens the fields of an erased person empty, with the stored text and the chain unchanged', async () => {
  const p = person();
  await registerUser(ledger, { ...p, account: 300_000 });
  // A snapshot of the person's state is stored sealed, and is gone with the key.
  await store.writeSnapshot(streams.user(p.userId), 'test-kind', {
    version: 2,
    lastPosition: 1,
    state: { email: p.email },
  });
  expect(await everythingStored()).not.toContain(p.email);
  expect((await store.readSnapshot(streams.user(p.userId), 'test-kind'))?.state).toEqual({ email: p.email });
  const before = await stored.readStream(streams.user(p.userId));

  await keys.destroy(p.userId, 'account deleted');

  expect(await stored.readStream(streams.user(p.userId))).toEqual(before);
  const [registered] = await store.readStream(streams.user(p.userId));
  expect(registered!.data).toMatchObject({ firstName: '', lastName: '', username: '', email: '', phone: '' });
  expect(await store.readSnapshot(streams.user(p.userId), 'test-kind')).toBeUndefined();
  expect((await verifyHashChain(db.pool)).ok).toBe(true);
  // The topic's copy (the stored text) opens empty too.
  const opened = await store.openStored(before);
  expect(opened[0]!.data).toMatchObject({ email: '', phone: '' });
});

it('tells a log that still holds personal data in the clear (written before sealing) from a sealed one', async () => {
  expect(await clearPersonalDataRemains(db.pool)).toBe(false);
  // Registered through the store as kept: the email and username claims are named by their values.
  await registerUser(createLedgerCommands(stored, { rules }), { ...person(), bank: false });
  expect(await clearPersonalDataRemains(db.pool)).toBe(true);
});

it('opens each sealed field once for the readers of the log that share a read, each seeing it opened', async () => {
  const opened: string[] = [];
  const counting: PersonalDataKeys = {
    ...keys,
    openMany: async (sealed) => {
      for (const text of sealed) if (typeof text === 'string') opened.push(text);
      return keys.openMany(sealed);
    },
  };
  const shared = sealPersonalData(stored, counting);
  const p = person();
  await registerUser(ledger, { ...p, account: 500_000 });
  await ledger.requestWithdrawal({
    userId: p.userId,
    withdrawalId: randomUUID(),
    type: 'withdrawal',
    amount: kobo(300_000),
  });
  const head = await stored.headPosition();
  // Eleven consumers woken together at the head, as the projectors are by a commit.
  const reads = await Promise.all(
    Array.from({ length: 11 }, () => shared.readAll({ after: head - 5, limit: 100 })),
  );
  for (const events of reads)
    expect(events.find((e) => e.type === 'WithdrawalRequested')!.data).toMatchObject({
      bankDetails: { accountNum: '0123456789', accountName: `${p.firstName} ${p.lastName}` },
    });
  expect(opened.length).toBeGreaterThan(0);
  expect(new Set(opened).size).toBe(opened.length);
  // A later read (new rows) opens them again: nothing opened is kept beyond the read that shared it.
  await shared.readAll({ after: head - 5, limit: 100 });
  expect(opened.length).toBe(2 * new Set(opened).size);
});
