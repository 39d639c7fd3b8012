/**
 * A bank account saved by more than one user is flagged (not refused: families share accounts) on
 * the admin's users and withdrawals and on finance's payout desk.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { nairaToKobo, nubanOf } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { fund, registerUser, settled } from './support';

describe('a bank account on more than one user', () => {
  let h: Harness;
  let admin: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    admin = ['Authorization', `Bearer ${h.adminToken}`];
  });
  afterAll(() => h.close());

  /** A lower-case tag of letters, to find this test's people by name. */
  const tag = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  const account = () => nubanOf('058', String(randomInt(100_000_000, 999_999_999)));

  async function saveBank(userId: string, accountNum: string, accountName: string, bankCode = '058') {
    const result = await h.context.commands.updateBankDetails({ userId, bankCode, accountNum, accountName });
    await settled(h, result.lastPosition);
  }

  type Flagged = { sharedBankAccount: { otherUsers: number } | null };

  it('is flagged with how many others hold it, on users, withdrawals and the payout desk', async () => {
    const family = tag();
    const shared = account();
    const ada = await registerUser(h, { firstName: 'Ada', lastName: family });
    const bola = await registerUser(h, { firstName: 'Bola', lastName: family });
    const chidi = await registerUser(h, { firstName: 'Chidi', lastName: family });
    const dayo = await registerUser(h, { firstName: 'Dayo', lastName: family });
    await saveBank(ada.userId, shared, 'Ada Okafor');
    await saveBank(bola.userId, shared, 'Bola Okafor');
    await saveBank(chidi.userId, account(), 'Chidi Okafor');
    // A deleted user no longer counts.
    await saveBank(dayo.userId, shared, 'Dayo Okafor');
    await h.http
      .delete(`/api/admin/users/${dayo.userId}`)
      .set(...admin)
      .expect(200);

    const users = await h.http
      .get(`/api/admin/users?q=${family}`)
      .set(...admin)
      .expect(200);
    const flagOf = (rows: ({ _id: string } & Flagged)[], id: string) =>
      rows.find((row) => row._id === id)?.sharedBankAccount;
    expect(flagOf(users.body, ada.userId)).toEqual({ otherUsers: 1 });
    expect(flagOf(users.body, bola.userId)).toEqual({ otherUsers: 1 });
    expect(flagOf(users.body, chidi.userId)).toBeNull();

    // The answer to an admin's edit reads the same user.
    const edited = await h.http
      .put(`/api/admin/users/${bola.userId}`)
      .set(...admin)
      .send({ firstName: 'Bolanle' })
      .expect(200);
    expect(edited.body.user.sharedBankAccount).toEqual({ otherUsers: 1 });

    await fund(h, ada.userId, 5000);
    const withdrawalId = randomUUID();
    const requested = await h.context.commands.requestWithdrawal({
      userId: ada.userId,
      withdrawalId,
      type: 'withdrawal',
      amount: nairaToKobo(5000),
    });
    await settled(h, requested.lastPosition);
    const withdrawals = await h.http
      .get(`/api/admin/withdrawals?q=${family}`)
      .set(...admin)
      .expect(200);
    expect(withdrawals.body).toEqual([
      expect.objectContaining({ _id: withdrawalId, sharedBankAccount: { otherUsers: 1 } }),
    ]);

    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...admin)
      .send({ transactionId: withdrawalId })
      .expect(200);
    const payouts = await h.http
      .get(`/api/finance/payouts?state=pending&q=${family}`)
      .set('Authorization', `Bearer ${h.financeToken}`)
      .expect(200);
    expect(payouts.body).toEqual([
      expect.objectContaining({ withdrawalId, sharedBankAccount: { otherUsers: 1 } }),
    ]);
  });

  it('is not flagged on a withdrawal to an account no one else holds', async () => {
    const alone = tag();
    const eze = await registerUser(h, { firstName: 'Eze', lastName: alone });
    await saveBank(eze.userId, account(), 'Eze Obi');
    await fund(h, eze.userId, 3000);
    const requested = await h.context.commands.requestWithdrawal({
      userId: eze.userId,
      withdrawalId: randomUUID(),
      type: 'withdrawal',
      amount: nairaToKobo(3000),
    });
    await settled(h, requested.lastPosition);
    const withdrawals = await h.http
      .get(`/api/admin/withdrawals?q=${alone}`)
      .set(...admin)
      .expect(200);
    expect(withdrawals.body).toEqual([expect.objectContaining({ sharedBankAccount: null })]);
  });
});
