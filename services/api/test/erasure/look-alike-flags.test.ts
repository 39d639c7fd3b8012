/**
 * A look-alike proof's flag after the other person is erased: two users send the same screenshot,
 * the verification job flags the second, and the admin's review names the first by their current
 * username; once an admin deletes the first user's account and the erasure reactor has run, the
 * flag names them "Deleted user", and no table (the log's events included) holds their username.
 */
import { randomUUID } from 'node:crypto';
import { verifyProof } from '@kobo/jobs';
import { registerUser as registerLedgerUser } from '@kobo/ledger/testing';
import { eventually } from '@kobo/platform/testing';
import { proofImagesFrom } from '../../src/uploads/proof-images';
import { createCampaign, pngBytes } from '../campaigns/support';
import { settled, type Harness } from '../support/harness';
import { startErasureHarness, tablesHolding as tablesHoldingIn, type ErasureHarness } from './support';

let h: Harness;
let erased: ErasureHarness;

beforeAll(async () => {
  erased = await startErasureHarness();
  h = erased.h;
});
afterAll(() => erased.close());

const tablesHolding = (value: string) => tablesHoldingIn(h, value);

it("names the other user as they are now: their username, then 'Deleted user' once erased", async () => {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  const people = [];
  for (const name of ['kemi', 'obinna']) {
    const user = await registerLedgerUser(h.context.commands, { username: `${name}_${tag}`, bank: false });
    await settled(h, user.lastPosition);
    const token = await h.context.auth.sessions.open({ userId: user.userId, role: 'user' });
    people.push({ ...user, auth: { Authorization: `Bearer ${token}` } });
  }
  const [kemi, obinna] = people as [(typeof people)[0], (typeof people)[0]];
  const campaignId = await createCampaign(h);
  const screenshot = await pngBytes();
  const images = proofImagesFrom(erased.images);
  // Each proof checked as the verification worker checks it, in the order they were sent.
  for (const person of [kemi, obinna]) {
    const sent = await h.http
      .post('/api/tasks/submit')
      .set(person.auth)
      .field('taskId', campaignId)
      .attach('proofImage', screenshot, 'proof.png')
      .expect(201);
    const { _id: submissionId, proofImage } = sent.body.submission as { _id: string; proofImage: string };
    await verifyProof(
      { pool: h.db.pool, store: h.store, commands: h.context.commands, images },
      { campaignId, submissionId, userId: person.userId, proofImage },
    );
  }
  await settled(h);

  const admin = { Authorization: `Bearer ${h.adminToken}` };
  /** Obinna's flags on the campaign's submissions and in the review queue. */
  async function flagsShown(): Promise<string[][]> {
    const listed = await h.http.get(`/api/admin/tasks/${campaignId}/submissions`).set(admin).expect(200);
    const queue = await h.http
      .get(`/api/admin/submissions/pending?campaignId=${campaignId}`)
      .set(admin)
      .expect(200);
    return [listed.body, queue.body].map(
      (list: { userId: string; flags: string[] }[]) => list.find((s) => s.userId === obinna.userId)!.flags,
    );
  }
  const flag = (name: string) => `Looks like the screenshot another user (${name}) sent for this task`;
  expect(await flagsShown()).toEqual([[flag(kemi.username)], [flag(kemi.username)]]);

  await h.http
    .delete(`/api/admin/users/${kemi.userId}`)
    .set(admin)
    .send({ reason: 'Asked to be forgotten' })
    .expect(200);
  await eventually("kemi's data key destroyed", async () => {
    const { rows } = await h.db.pool.query<{ destroyed_at: Date | null }>(
      'SELECT destroyed_at FROM person_data_keys WHERE subject_id = $1',
      [kemi.userId],
    );
    return rows[0]?.destroyed_at ?? undefined;
  });
  await settled(h);

  expect(await flagsShown()).toEqual([[flag('Deleted user')], [flag('Deleted user')]]);
  expect(await tablesHolding(kemi.username)).toEqual([]);
});
