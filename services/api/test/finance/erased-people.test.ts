/**
 * Finance's screens after a person is erased: the payout list and its file name them "Deleted user"
 * with the date and carry no account details; the journal still finds them by a withdrawal's
 * reference and says they were erased. Finance's adjustments and the admin's transactions name them
 * the same way.
 */
import { startHarness, type Harness } from '../support/harness';
import { fund, registerUser, requestWithdrawal, type TestUser } from '../admin/support';

describe('erased people on the finance screens', () => {
  let h: Harness;
  let auth: [string, string];
  let admin: [string, string];
  let chioma: TestUser;
  let withdrawalId: string;
  let erasedAt: string;

  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
    admin = ['Authorization', `Bearer ${h.adminToken}`];
    chioma = await registerUser(h, { firstName: 'Chioma', lastName: 'Eze' });
    await fund(h, chioma.userId, 3000);
    withdrawalId = await requestWithdrawal(h, chioma.userId, 3000);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...admin)
      .send({ transactionId: withdrawalId })
      .expect(200);
    await h.http
      .post(`/api/finance/payouts/${withdrawalId}/mark-paid`)
      .set(...auth)
      .send({ reference: 'GTB-ERASED-5521' })
      .expect(200);
    // A small correction, posted at once (below the approval threshold): a row of finance's adjustments.
    await h.http
      .put(`/api/admin/users/${chioma.userId}`)
      .set(...admin)
      .send({ balance: 10, reason: 'Goodwill credit after a delayed payout' })
      .expect(200);
    await h.http
      .delete(`/api/admin/users/${chioma.userId}`)
      .set(...admin)
      .send({ reason: 'Asked to close the account' })
      .expect(200);
    const { rows } = await h.db.pool.query<{ deleted_at: Date }>(
      'SELECT deleted_at FROM users WHERE user_id = $1',
      [chioma.userId],
    );
    erasedAt = rows[0]!.deleted_at.toISOString();
  });
  afterAll(() => h.close());

  /** The day the person was erased, in Lagos. */
  const erasedDay = () => new Date(Date.parse(erasedAt) + 3_600_000).toISOString().slice(0, 10);

  it('lists the paid payout of an erased person as "Deleted user", with the date and no account details', async () => {
    const res = await h.http
      .get('/api/finance/payouts?state=paid')
      .set(...auth)
      .expect(200);
    expect(res.body.find((p: { withdrawalId: string }) => p.withdrawalId === withdrawalId)).toEqual(
      expect.objectContaining({
        userId: chioma.userId,
        fullName: 'Deleted user',
        email: '',
        erasedAt,
        accountName: '',
        accountNumber: '',
        amount: 3000,
        state: 'paid',
        reference: 'GTB-ERASED-5521',
      }),
    );
  });

  it('the payout file names them "Deleted user (erased YYYY-MM-DD)" with the account fields empty', async () => {
    const csv = await h.http
      .get('/api/finance/payouts.csv?state=paid')
      .set(...auth)
      .expect(200);
    const line = csv.text.split('\r\n').find((l) => l.startsWith(`${withdrawalId},`));
    expect(line?.split(',').slice(0, 9)).toEqual([
      withdrawalId,
      '',
      '',
      'Access Bank',
      '3000.00',
      '300000',
      `Kobo withdrawal ${withdrawalId.slice(0, 8)}`,
      `Deleted user (erased ${erasedDay()})`,
      '',
    ]);
  });

  it('the journal finds them by the withdrawal reference and says they were erased', async () => {
    const res = await h.http
      .get('/api/finance/events')
      .query({ q: 'GTB-ERASED-5521' })
      .set(...auth)
      .expect(200);
    expect(res.body.people).toEqual([
      { userId: chioma.userId, fullName: 'Deleted user', username: '', email: '', erasedAt },
    ]);
    expect(res.body.events.length).toBeGreaterThan(0);
  });

  it('finance\'s adjustments and the admin\'s transactions name them "Deleted user" with the date', async () => {
    const adjustments = await h.http
      .get('/api/finance/adjustments')
      .set(...auth)
      .expect(200);
    expect(adjustments.body.find((a: { userId: string }) => a.userId === chioma.userId)).toEqual(
      expect.objectContaining({ fullName: 'Deleted user', email: '', erasedAt, amount: 10, state: 'posted' }),
    );
    const transactions = await h.http
      .get('/api/admin/transactions')
      .query({ q: 'Deleted user' })
      .set(...admin)
      .expect(200);
    const theirs = transactions.body.filter((t: { userId: string }) => t.userId === chioma.userId);
    expect(theirs.length).toBeGreaterThan(0);
    for (const t of theirs)
      expect(t).toEqual(expect.objectContaining({ fullName: 'Deleted user', email: '', erasedAt }));
  });
});
