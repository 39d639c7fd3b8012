/**
 * GET /api/users/statement/entries/:eventId/proof. The tampering tests edit the events table, so
 * this file has a database of its own (every harness does) and tampers last.
 */
import { randomUUID } from 'node:crypto';
import { GENESIS_HASH, kobo, verifyHashChain } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { headPosition, registerUser, settled, type TestUser } from './support';

interface Proof {
  eventId: string;
  position: number;
  previousHash: string;
  hash: string;
  recomputedHash: string;
  verified: boolean;
  nextHash: string | null;
  nextLinksBack: boolean | null;
  checkedAt: string;
}
interface Entry {
  eventId: string;
  type: string;
  position: number;
  hash: string;
}

describe('GET /api/users/statement/entries/:eventId/proof', () => {
  let h: Harness;
  let sade: TestUser;
  let femi: TestUser;
  let adjustmentEventId: string;

  beforeAll(async () => {
    h = await startHarness();
    sade = await registerUser(h, 'sade', { accountBalance: 500_000 });
    femi = await registerUser(h, 'femi', { accountBalance: 300_000 });
    const { events } = await h.context.commands.adjustBalance({
      userId: sade.userId,
      adjustmentId: randomUUID(),
      balance: 'account',
      amount: kobo(10_000),
      reason: 'Promo credit',
      by: { role: 'admin', id: h.adminId } as const,
    });
    adjustmentEventId = events[0]!.id;
    // The last event in the log: a hold on Sade's account.
    await h.http
      .post('/api/users/withdraw')
      .set(sade.auth)
      .send({ amount: 2000, type: 'withdrawal' })
      .expect(201);
    await settled(h, await headPosition(h));
  });
  afterAll(() => h.close());

  const entriesOf = async (user: TestUser, balance: string) =>
    (await h.http.get('/api/users/statement').query({ balance }).set(user.auth).expect(200)).body
      .entries as Entry[];
  const proofOf = (user: TestUser, eventId: string) =>
    h.http.get(`/api/users/statement/entries/${eventId}/proof`).set(user.auth);
  const storedEvent = async (eventId: string) =>
    (
      await h.context.pool.query(
        `SELECT global_position, encode(prev_hash, 'hex') AS prev_hash, encode(hash, 'hex') AS hash
         FROM events WHERE event_id = $1`,
        [eventId],
      )
    ).rows[0] as { global_position: number; prev_hash: string; hash: string };
  const eventAt = async (position: number) =>
    (
      await h.context.pool.query(
        `SELECT encode(prev_hash, 'hex') AS prev_hash, encode(hash, 'hex') AS hash FROM events
         WHERE global_position = $1`,
        [position],
      )
    ).rows[0] as { prev_hash: string; hash: string } | undefined;

  it('proves every entry of every balance while the chain is intact', async () => {
    expect((await verifyHashChain(h.context.pool)).ok).toBe(true);
    for (const balance of ['account', 'activity', 'hold']) {
      const entries = await entriesOf(sade, balance);
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        const proof = (await proofOf(sade, entry.eventId).expect(200)).body as Proof;
        expect(proof).toMatchObject({
          eventId: entry.eventId,
          position: entry.position,
          hash: entry.hash,
          recomputedHash: entry.hash,
          verified: true,
        });
        expect(Date.parse(proof.checkedAt)).not.toBeNaN();
      }
    }
  });

  it("links the proof to the neighbouring events' hashes", async () => {
    const stored = await storedEvent(adjustmentEventId);
    const proof = (await proofOf(sade, adjustmentEventId).expect(200)).body as Proof;
    const previous = await eventAt(stored.global_position - 1);
    const next = await eventAt(stored.global_position + 1);
    expect(proof).toMatchObject({
      position: stored.global_position,
      previousHash: previous?.hash ?? GENESIS_HASH,
      hash: stored.hash,
      nextHash: next!.hash,
      nextLinksBack: true,
    });
    expect(proof.previousHash).toBe(stored.prev_hash);
  });

  it('has no next hash for the newest event in the log', async () => {
    const [hold] = await entriesOf(sade, 'hold');
    const proof = (await proofOf(sade, hold!.eventId).expect(200)).body as Proof;
    expect(hold!.position).toBe(await headPosition(h));
    expect(proof).toMatchObject({ nextHash: null, nextLinksBack: null, verified: true });
  });

  it("answers 404 for another user's entry, an unknown id, an event with no posting and a non-id", async () => {
    const [femisEntry] = await entriesOf(femi, 'account');
    const bankDetailsEvent = (
      await h.context.pool.query(
        `SELECT event_id::text AS id FROM events WHERE type = 'BankDetailsUpdated' AND data->>'userId' = $1`,
        [sade.userId],
      )
    ).rows[0].id as string;
    for (const id of [femisEntry!.eventId, randomUUID(), bankDetailsEvent, 'not-an-id']) {
      const res = await proofOf(sade, id);
      expect({ id, status: res.status, message: res.body.message }).toEqual({
        id,
        status: 404,
        message: 'Statement entry not found.',
      });
    }
    // Control: Femi's entry is his to prove.
    await proofOf(femi, femisEntry!.eventId).expect(200);
  });

  it('refuses staff and a request without a token', async () => {
    await h.http.get(`/api/users/statement/entries/${adjustmentEventId}/proof`).expect(401);
    await h.http
      .get(`/api/users/statement/entries/${adjustmentEventId}/proof`)
      .set({ Authorization: `Bearer ${h.adminToken}` })
      .expect(403);
  });

  describe('after tampering with the log', () => {
    it("fails the proof when the next event no longer links back to the entry's hash", async () => {
      const [hold] = await entriesOf(sade, 'hold');
      // The adjustment is the event just before the hold: break the hold's link back to it.
      expect((await storedEvent(adjustmentEventId)).global_position).toBe(hold!.position - 1);
      await h.context.pool.query(
        `UPDATE events SET prev_hash = decode(repeat('ab', 32), 'hex') WHERE global_position = $1`,
        [hold!.position],
      );
      const proof = (await proofOf(sade, adjustmentEventId).expect(200)).body as Proof;
      expect(proof).toMatchObject({ recomputedHash: proof.hash, nextLinksBack: false, verified: false });
      // The edited event itself no longer links to the previous event.
      const holdProof = (await proofOf(sade, hold!.eventId).expect(200)).body as Proof;
      expect(holdProof).toMatchObject({ previousHash: proof.hash, verified: false });
      // Mended, so the next test breaks one thing only.
      await h.context.pool.query(
        `UPDATE events SET prev_hash = decode($2, 'hex') WHERE global_position = $1`,
        [hold!.position, proof.hash],
      );
      expect(((await proofOf(sade, adjustmentEventId).expect(200)).body as Proof).verified).toBe(true);
    });

    it("fails the proof when the event's stored data was edited", async () => {
      const before = await storedEvent(adjustmentEventId);
      await h.context.pool.query(
        `UPDATE events SET data = jsonb_set(data, '{reason}', '"Edited afterwards"') WHERE event_id = $1`,
        [adjustmentEventId],
      );
      const proof = (await proofOf(sade, adjustmentEventId).expect(200)).body as Proof;
      expect(proof.hash).toBe(before.hash);
      expect(proof.recomputedHash).not.toBe(before.hash);
      expect(proof).toMatchObject({ nextLinksBack: true, verified: false });
      // The ledger's own verify tool agrees the chain is broken there.
      expect(await verifyHashChain(h.context.pool)).toMatchObject({ ok: false });
    });
  });
});
