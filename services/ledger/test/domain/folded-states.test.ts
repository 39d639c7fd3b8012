/**
 * Folded states kept per process: a state built from the cache plus the tail equals a full fold,
 * and a write made by another process (another store instance) is seen through the tail.
 */
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { campaignDecider } from '../../src/domain/campaign/decider';
import { communityDecider } from '../../src/domain/community/decider';
import { fold } from '../../src/domain/decider';
import { decodeEvent } from '../../src/domain/event-decoding';
import { streams } from '../../src/domain/events';
import { createLedgerCommands, type LedgerCommands } from '../../src/domain/handlers/ledger-commands';
import {
  forgetFoldedStates,
  SNAPSHOT_EVERY,
  snapshotDue,
  snapshotsSaved,
  StreamReader,
} from '../../src/domain/handlers/stream-reader';
import { userDecider } from '../../src/domain/user/decider';
import { createPostgresEventStore, type PostgresEventStore } from '../../src/event-store';
import { credit, registerUser } from '../../src/testing';
import { details, naira, rules } from './support/fixtures';

let db: TestDatabase;
let storeA: PostgresEventStore;
let storeB: PostgresEventStore;
let a: LedgerCommands;
let b: LedgerCommands;
let seq = 0;
const id = (prefix: string) => `${prefix}${++seq}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  db = await createTestDatabase(10);
  storeA = createPostgresEventStore(db.pool);
  storeB = createPostgresEventStore(db.pool);
  a = createLedgerCommands(storeA, { rules });
  b = createLedgerCommands(storeB, { rules });
});

afterAll(async () => {
  await storeA.close();
  await storeB.close();
  await db.drop();
});

type Folding = Parameters<StreamReader['load']>[1];

async function fullFold(streamId: string, decider: Folding): Promise<unknown> {
  const events = await storeA.readStream(streamId);
  return fold(decider as never, events.map(decodeEvent));
}

async function register(ledger: LedgerCommands, userId = id('u')): Promise<string> {
  return (await registerUser(ledger, { userId })).userId;
}

/** A campaign of ten ₦50 tasks, created by an admin. */
async function createCampaign(ledger: LedgerCommands): Promise<string> {
  const campaignId = id('c');
  await ledger.createCampaign({ campaignId, ...details(), by: { role: 'admin', id: '1' } as const });
  return campaignId;
}

describe('folded states kept per process', () => {
  test('cache plus tail equals a full fold for user, campaign and community streams', async () => {
    const userId = await register(a);
    const worker = await register(a);
    const campaignId = await createCampaign(a);
    const reader = () => new StreamReader(storeA);
    // Warm the cache, then grow every stream with real commands on both processes.
    await reader().load(streams.user(userId), userDecider);
    await reader().load(streams.campaign(campaignId), campaignDecider);
    await credit(a, userId, naira(5_000));
    const w1 = id('w');
    await a.requestWithdrawal({ userId, withdrawalId: w1, type: 'withdrawal', amount: naira(2_000) });
    await b.approveWithdrawal({ userId, withdrawalId: w1, by: { role: 'admin', id: '1' } as const });
    await a.recordPayoutSucceeded({ userId, withdrawalId: w1, provider: 'manual', reference: 'GTB-1' });
    const w2 = id('w');
    await b.requestWithdrawal({ userId, withdrawalId: w2, type: 'withdrawal', amount: naira(2_000) });
    await a.rejectWithdrawal({
      userId,
      withdrawalId: w2,
      reason: 'Wrong name',
      by: { role: 'admin', id: '1' } as const,
    });
    await a.submitTask({ campaignId, userId: worker, proofImage: 'p.png' });
    const submitted = await reader().load(streams.campaign(campaignId), campaignDecider);
    const [submissionId] = submitted.submissions.keys();
    await b.approveSubmission({
      campaignId,
      submissionId: submissionId!,
      by: { role: 'admin', id: '1' } as const,
    });
    await a.updateCommunityLinks({
      changes: { telegramChannel: 'https://t.me/kobo' },
      by: { role: 'admin', id: '1' } as const,
    });
    await reader().load(streams.community, communityDecider);
    await b.updateCommunityLinks({
      changes: { telegramChannel: 'https://t.me/kobo2' },
      by: { role: 'admin', id: '1' } as const,
    });

    for (const [streamId, decider] of [
      [streams.user(userId), userDecider],
      [streams.user(worker), userDecider],
      [streams.campaign(campaignId), campaignDecider],
      [streams.community, communityDecider],
    ] as [string, Folding][]) {
      const r = reader();
      expect(await r.load(streamId, decider)).toEqual(await fullFold(streamId, decider));
      expect(r.versionOf(streamId)).toBe((await storeA.readStream(streamId)).length);
    }
  });

  test('a write by another process is seen through the tail: no decision on a stale balance', async () => {
    const userId = await register(a);
    await credit(a, userId, naira(5_000));
    // Process A has the user folded with 3,000 left; process B spends it all.
    await a.requestWithdrawal({ userId, withdrawalId: id('w'), type: 'withdrawal', amount: naira(2_000) });
    await b.requestWithdrawal({ userId, withdrawalId: id('w'), type: 'withdrawal', amount: naira(3_000) });
    const before = (await storeA.readStream(streams.user(userId))).length;
    await expect(
      a.requestWithdrawal({ userId, withdrawalId: id('w'), type: 'withdrawal', amount: naira(2_000) }),
    ).rejects.toThrow(/insufficient|balance/i);
    expect((await storeA.readStream(streams.user(userId))).length).toBe(before);
    // And a credit made by B is spendable through A at once.
    await credit(b, userId, naira(4_000));
    await a.requestWithdrawal({ userId, withdrawalId: id('w'), type: 'withdrawal', amount: naira(4_000) });
  });

  describe('a command decided on the state this process kept, without reading it', () => {
    const admin = { role: 'admin', id: '1' } as const;
    /** The real store, counting the reads of each stream (its own folded states: another process). */
    function counted(store: PostgresEventStore) {
      const reads: string[] = [];
      const counting: PostgresEventStore = {
        ...store,
        readStream: (streamId, options) => {
          reads.push(streamId);
          return store.readStream(streamId, options);
        },
      };
      return { ledger: createLedgerCommands(counting, { rules }), reads, store: counting };
    }

    test('on a stream it wrote last: no read, and the state kept equals a full fold', async () => {
      const { ledger, reads, store } = counted(storeA);
      const userId = await register(ledger);
      await credit(ledger, userId, naira(10_000));
      await ledger.requestWithdrawal({
        userId,
        withdrawalId: id('w'),
        type: 'withdrawal',
        amount: naira(2_000),
      });
      reads.length = 0;
      await ledger.requestWithdrawal({
        userId,
        withdrawalId: id('w'),
        type: 'withdrawal',
        amount: naira(2_500),
      });
      expect(reads).toEqual([]);
      // What it kept (its own events folded in as a read returns them) is the stream as stored.
      const reader = new StreamReader(store, { trustCache: () => true });
      expect(await reader.load(streams.user(userId), userDecider)).toEqual(
        await fullFold(streams.user(userId), userDecider),
      );
      expect(reader.versionOf(streams.user(userId))).toBe(
        (await storeA.readStream(streams.user(userId))).length,
      );
    });

    test('a stream it reads but does not write is read as stored: a suspension made elsewhere holds', async () => {
      const { ledger: here, reads } = counted(storeA);
      const worker = await register(here);
      const campaigns = [await createCampaign(here), await createCampaign(here)];
      await here.submitTask({ campaignId: campaigns[0]!, userId: worker, proofImage: 'p.png' });
      // Another process suspends the worker; this one still keeps them active.
      await b.setUserStatus({ userId: worker, status: 'suspended', by: admin });
      reads.length = 0;
      await expect(
        here.submitTask({ campaignId: campaigns[1]!, userId: worker, proofImage: 'p.png' }),
      ).rejects.toThrow(/suspended/i);
      expect(reads).toContain(streams.user(worker));
      expect(await storeA.readStream(streams.campaign(campaigns[1]!))).toHaveLength(1); // created only
    });
  });

  describe('snapshots saved for a new process', () => {
    const savedOf = async (userId: string, kind = userDecider.snapshot!.kind) =>
      (
        await db.pool.query<{ version: number; state: { balances: { account: number } } }>(
          'SELECT version, state FROM stream_snapshots WHERE stream_id = $1 AND kind = $2',
          [streams.user(userId), kind],
        )
      ).rows[0];

    /** A new user whose stream has `version` events (fewer than SNAPSHOT_EVERY: none saved yet). */
    const growTo = async (version: number) => {
      const userId = await register(a);
      const registered = (await storeA.readStream(streams.user(userId))).length;
      for (let v = registered; v < version; v++) await credit(a, userId, naira(1));
      await snapshotsSaved(storeA);
      return userId;
    };

    test('a stream that grows is saved every SNAPSHOT_EVERY events, and a new process starts from it', async () => {
      const userId = await register(a);
      for (let i = 0; i < SNAPSHOT_EVERY; i++) await credit(a, userId, naira(1));
      await snapshotsSaved(storeA);
      const saved = await savedOf(userId);
      expect(saved?.version).toBeGreaterThanOrEqual(SNAPSHOT_EVERY);
      await credit(a, userId, naira(7));

      // A new process: nothing folded in memory. Its state equals a full fold...
      forgetFoldedStates(storeB);
      const reader = new StreamReader(storeB);
      expect(await reader.load(streams.user(userId), userDecider)).toEqual(
        await fullFold(streams.user(userId), userDecider),
      );
      // ...and came from the snapshot: a mark put into the saved state shows through the tail.
      await db.pool.query(
        `UPDATE stream_snapshots SET state = jsonb_set(state, '{username}', '"from-the-snapshot"')
         WHERE stream_id = $1 AND kind = $2`,
        [streams.user(userId), userDecider.snapshot!.kind],
      );
      forgetFoldedStates(storeB);
      const marked = await new StreamReader(storeB).load(streams.user(userId), userDecider);
      expect(marked.username).toBe('from-the-snapshot');
      expect(marked.balances.account).toBe(
        ((await fullFold(streams.user(userId), userDecider)) as typeof marked).balances.account,
      );
    });

    test('a command does not wait for its snapshot: the save comes after the answer, one at a time per stream', async () => {
      const userId = await growTo(SNAPSHOT_EVERY - 1);
      // Counts the saves PostgreSQL is asked for, and holds them back while the table is locked.
      await db.pool.query(`
        CREATE TABLE snapshot_saves (stream_id text NOT NULL);
        CREATE FUNCTION count_snapshot_save() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN INSERT INTO snapshot_saves VALUES (NEW.stream_id); RETURN NEW; END $$;
        CREATE TRIGGER count_snapshot_save BEFORE INSERT ON stream_snapshots
          FOR EACH ROW EXECUTE FUNCTION count_snapshot_save();`);
      const locker = await db.pool.connect();
      try {
        await locker.query('BEGIN; LOCK TABLE stream_snapshots IN SHARE ROW EXCLUSIVE MODE');
        // The first of these takes the stream to SNAPSHOT_EVERY events past its last save: each answers
        // while the save waits for the lock (a save on the command's path would hang here).
        for (let i = 0; i < 3; i++) await credit(a, userId, naira(1));
        expect(await savedOf(userId)).toBeUndefined();
        await locker.query('COMMIT');
        await snapshotsSaved(storeA);
        expect((await savedOf(userId))?.version).toBe(SNAPSHOT_EVERY);
        const saves = await db.pool.query('SELECT 1 FROM snapshot_saves WHERE stream_id = $1', [
          streams.user(userId),
        ]);
        expect(saves.rowCount).toBe(1);
      } finally {
        await locker.query('ROLLBACK');
        locker.release();
        await db.pool.query(`
          DROP TRIGGER count_snapshot_save ON stream_snapshots;
          DROP FUNCTION count_snapshot_save;
          DROP TABLE snapshot_saves;`);
      }
    });

    test('a snapshot that cannot be saved fails no command and is saved by a later one', async () => {
      const userId = await growTo(SNAPSHOT_EVERY - 1);
      await db.pool.query('ALTER TABLE stream_snapshots RENAME TO stream_snapshots_away');
      try {
        await credit(a, userId, naira(1));
        await snapshotsSaved(storeA);
      } finally {
        await db.pool.query('ALTER TABLE stream_snapshots_away RENAME TO stream_snapshots');
      }
      expect(await savedOf(userId)).toBeUndefined();
      await credit(a, userId, naira(1));
      await snapshotsSaved(storeA);
      expect((await savedOf(userId))?.version).toBe(SNAPSHOT_EVERY + 1);
    });

    test('saves are spaced by SNAPSHOT_EVERY events, and by a tenth of the stream once it is longer', () => {
      expect(snapshotDue(SNAPSHOT_EVERY - 1, 0)).toBe(false);
      expect(snapshotDue(SNAPSHOT_EVERY, 0)).toBe(true);
      expect(snapshotDue(2 * SNAPSHOT_EVERY, SNAPSHOT_EVERY)).toBe(true);
      // At 10,000 events a save of the whole state (2 MB for a campaign) comes every 1,000 or so.
      expect(snapshotDue(10_000, 10_000 - SNAPSHOT_EVERY)).toBe(false);
      expect(snapshotDue(10_000, 9_001)).toBe(false);
      expect(snapshotDue(10_000, 9_000)).toBe(true);
    });

    test('a snapshot of another shape is never read', async () => {
      const userId = await register(a);
      await credit(a, userId, naira(10));
      // As if saved by an older version of the code, with a state this one would misread.
      await storeA.writeSnapshot(streams.user(userId), 'user@0', {
        version: 3,
        lastPosition: 0,
        state: { username: 'old-shape', balances: { account: 999_999_999 } },
      });
      forgetFoldedStates(storeB);
      const state = await new StreamReader(storeB).load(streams.user(userId), userDecider);
      expect(state).toEqual(await fullFold(streams.user(userId), userDecider));
      expect(state.username).not.toBe('old-shape');
    });

    test('a saved snapshot is never replaced by an older one', async () => {
      const userId = await register(a);
      const stream = streams.user(userId);
      await storeA.writeSnapshot(stream, 'user@test', { version: 5, lastPosition: 50, state: { n: 5 } });
      await storeA.writeSnapshot(stream, 'user@test', { version: 4, lastPosition: 40, state: { n: 4 } });
      expect(await storeA.readSnapshot(stream, 'user@test')).toEqual({
        version: 5,
        lastPosition: 50,
        state: { n: 5 },
      });
    });
  });
});
