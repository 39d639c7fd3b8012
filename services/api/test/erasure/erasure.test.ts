/**
 * Forget a person, keep the books: a user with a proof, bank details, a withdrawal, a support
 * message, sign-in records and an admin's change to their account deletes their account; once the erasure reactor has run, no table
 * of the database and no stored image holds their name, username, email, phone or account number,
 * while the hash chain, every balance and posting, and a rebuild of every read model are as before.
 */
import { randomUUID } from 'node:crypto';
import { registerUser as registerLedgerUser } from '@kobo/ledger/testing';
import { eventually } from '@kobo/platform/testing';
import { projections, verify } from '@kobo/projector';
import { thumbnailKeyOf } from '../../src/uploads/thumbnail';
import { createCampaign, pngBytes } from '../campaigns/support';
import { settled, type Harness } from '../support/harness';
import { startErasureHarness, tablesHolding as tablesHoldingIn, type ErasureHarness } from './support';
import { TEST_PASSWORD, withSignIn } from '../user-area/support';

let h: Harness;
let erased: ErasureHarness;

beforeAll(async () => {
  erased = await startErasureHarness();
  h = erased.h;
});
afterAll(() => erased.close());

const tablesHolding = (value: string) => tablesHoldingIn(h, value);

async function balancesAndPostings() {
  const { rows } = await h.db.pool.query(
    `SELECT account, balance::text FROM account_balances ORDER BY account`,
  );
  const { rows: postings } = await h.db.pool.query(
    `SELECT global_position, jsonb_path_query_array(data, '$.postings[*]')::text AS postings FROM events ORDER BY global_position`,
  );
  return { balances: rows, postings };
}

it('erases the person once no money is in flight, and keeps the books', async () => {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  const person = {
    userId: randomUUID(),
    firstName: `Ngozi${tag}`,
    lastName: `Adebayo${tag}`,
    username: `ngozi_${tag}`,
    email: `ngozi.${tag}@example.ng`,
    phone: `0809${tag.replace(/[a-f]/g, '5').slice(0, 7)}`,
  };
  const accountNumber = `7${tag.replace(/[a-f]/g, '3').slice(0, 9)}`;
  const user = await registerLedgerUser(h.context.commands, { ...person, bank: false, account: 900_000 });
  await h.context.commands.updateBankDetails({
    userId: person.userId,
    bankCode: '50211',
    accountNum: accountNumber,
    accountName: `${person.firstName} ${person.lastName}`,
  });
  await settled(h, user.lastPosition);
  await withSignIn(h, { userId: person.userId, token: '', auth: { Authorization: '' } });
  const token = await h.context.auth.sessions.open({ userId: person.userId, role: 'user' });
  const auth = { Authorization: `Bearer ${token}` };

  // An admin's change to the account: its answer, kept for its Idempotency-Key, shows the person.
  await h.http
    .put(`/api/admin/users/${person.userId}`)
    .set('Authorization', `Bearer ${h.adminToken}`)
    .set('Idempotency-Key', randomUUID())
    .send({ balance: 9100, reason: 'Welcome credit' })
    .expect(200);

  const campaignId = await createCampaign(h);
  const submitted = await h.http
    .post('/api/tasks/submit')
    .set(auth)
    .field('taskId', campaignId)
    .attach('proofImage', await pngBytes(), 'proof.png')
    .expect(201);
  const proofImage: string = submitted.body.submission.proofImage;
  const { images } = erased;
  expect(await images.get(proofImage)).not.toBeNull();
  expect(await images.get(thumbnailKeyOf(proofImage))).not.toBeNull();
  const withdrawal = await h.http
    .post('/api/users/withdraw')
    .set(auth)
    .set('Idempotency-Key', randomUUID())
    .send({ amount: 3000, type: 'withdrawal' })
    .expect(201);
  await h.http
    .post('/api/contact')
    .send({
      fullName: `${person.firstName} ${person.lastName}`,
      email: person.email,
      subject: 'My account',
      message: `Call me on ${person.phone}`,
    })
    .expect((res) => expect(res.status).toBeLessThan(300));

  // Money in flight: the account cannot be deleted, and nothing is erased.
  await h.http.delete('/api/users/account').set(auth).send({ password: TEST_PASSWORD }).expect(409);
  // The admin's decision on the withdrawal: its answer, kept for its key, names the person.
  const decided = await h.http
    .post('/api/admin/withdrawals/reject')
    .set('Authorization', `Bearer ${h.adminToken}`)
    .set('Idempotency-Key', randomUUID())
    .send({ transactionId: withdrawal.body.withdrawal.id, reason: 'Wrong account' })
    .expect(200);
  expect(decided.body.message).toContain(person.firstName);
  await settled(h, await h.store.headPosition());
  expect(await tablesHolding(person.email)).not.toEqual([]);
  const before = await balancesAndPostings();

  await h.http.delete('/api/users/account').set(auth).send({ password: TEST_PASSWORD }).expect(200);
  await eventually("the person's data key destroyed", async () => {
    const { rows } = await h.db.pool.query<{ destroyed_at: Date | null }>(
      'SELECT destroyed_at FROM person_data_keys WHERE subject_id = $1',
      [person.userId],
    );
    return rows[0]?.destroyed_at ?? undefined;
  });
  await settled(h, await h.store.headPosition());

  for (const value of [
    person.email,
    person.phone,
    accountNumber,
    person.firstName,
    person.lastName,
    person.username,
  ])
    expect({ value, tables: await tablesHolding(value) }).toEqual({ value, tables: [] });
  expect(await images.get(proofImage)).toBeNull();
  expect(await images.get(thumbnailKeyOf(proofImage))).toBeNull();
  // The read models show who was there: a deleted user, with the date.
  const { rows: shown } = await h.db.pool.query(
    'SELECT first_name, email, account_num, deleted, deleted_at FROM users WHERE user_id = $1',
    [person.userId],
  );
  expect(shown[0]).toEqual({
    first_name: 'Deleted user',
    email: '',
    account_num: null,
    deleted: true,
    deleted_at: expect.any(Date),
  });

  // The books: balances and postings unchanged, the chain verifies, a rebuild equals the read models.
  // (The deletion's own events, after them, carry no postings.)
  const after = await balancesAndPostings();
  expect(after.balances).toEqual(before.balances);
  expect(after.postings.slice(0, before.postings.length)).toEqual(before.postings);
  expect(after.postings.slice(before.postings.length).map((row) => row.postings)).toEqual(['[]', '[]', '[]']);
  const checks = await verify({ pool: h.db.pool, store: h.store, projections });
  expect(checks.filter((check) => !check.ok)).toEqual([]);
  // The email and username can sign up again.
  await registerLedgerUser(h.context.commands, {
    email: person.email,
    username: person.username,
    bank: false,
  });
});
