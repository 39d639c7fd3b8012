/**
 * /api/finance/payouts as finance reconciles with it: found by name or reference, in a date range,
 * paid rows saying when and by whom (named), and the CSV with what the bank statement shows.
 */
import { startHarness, type Harness } from '../support/harness';
import { expectProblem, fund, momentAfterLastEvent, registerUser, requestWithdrawal } from '../admin/support';

interface Payout {
  withdrawalId: string;
  fullName: string;
  approvedBy: string | null;
  approvedByName: string | null;
  paidAt: string | null;
  paidBy: string | null;
  paidByName: string | null;
  reference: string | null;
}

describe('finance payouts for reconciling', () => {
  let h: Harness;
  let auth: [string, string];
  const ids: Record<string, string> = {};
  let betweenPayments: string;

  async function approved(firstName: string, lastName: string): Promise<string> {
    const user = await registerUser(h, { firstName, lastName });
    await fund(h, user.userId, 2500);
    const withdrawalId = await requestWithdrawal(h, user.userId, 2500);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .send({ transactionId: withdrawalId })
      .expect(200);
    return withdrawalId;
  }

  const markPaid = (withdrawalId: string, reference: string) =>
    h.http
      .post(`/api/finance/payouts/${withdrawalId}/mark-paid`)
      .set(...auth)
      .send({ reference })
      .expect(200);

  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
    ids.ngozi = await approved('Ngozi', 'Adeyemi');
    ids.emeka = await approved('Emeka', 'Obi');
    ids.waiting = await approved('Halima', 'Sani');
    await markPaid(ids.ngozi, 'ZEN-20261127-0001');
    betweenPayments = await momentAfterLastEvent(h);
    await markPaid(ids.emeka, 'ZEN-20261128-0002');
  });
  afterAll(() => h.close());

  const list = (query: Record<string, string>) =>
    h.http
      .get('/api/finance/payouts')
      .query(query)
      .set(...auth);
  const idsOf = (body: Payout[]) => body.map((p) => p.withdrawalId).sort();

  it('shows when a paid payout was paid and by whom, by name, and who approved it', async () => {
    const paid = (await list({ state: 'paid' }).expect(200)).body as Payout[];
    expect(paid.find((p) => p.withdrawalId === ids.ngozi)).toEqual(
      expect.objectContaining({
        fullName: 'Ngozi Adeyemi',
        paidAt: expect.any(String),
        paidBy: h.financeId,
        paidByName: 'Finance Kobo',
        approvedBy: h.adminId,
        approvedByName: 'Admin Kobo',
        reference: 'ZEN-20261127-0001',
      }),
    );
    const waiting = (await list({ state: 'pending' }).expect(200)).body as Payout[];
    expect(waiting.find((p) => p.withdrawalId === ids.waiting)).toEqual(
      expect.objectContaining({ paidAt: null, paidBy: null, paidByName: null, approvedByName: 'Admin Kobo' }),
    );
  });

  it('finds payouts by name and by reference', async () => {
    expect(idsOf((await list({ state: 'all', q: 'ngozi adeyemi' }).expect(200)).body)).toEqual([ids.ngozi]);
    expect(idsOf((await list({ state: 'paid', q: '20261128-0002' }).expect(200)).body)).toEqual([ids.emeka]);
    expect((await list({ state: 'paid', q: 'Halima' }).expect(200)).body).toEqual([]);
  });

  it('keeps paid payouts to a range of when they were paid', async () => {
    expect(idsOf((await list({ state: 'paid', to: betweenPayments }).expect(200)).body)).toEqual([ids.ngozi]);
    expect(idsOf((await list({ state: 'paid', from: betweenPayments }).expect(200)).body)).toEqual([
      ids.emeka,
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list({ state: 'paid', from: tomorrow }).expect(200)).body).toEqual([]);
    // Lists not yet paid take the range on when they were approved.
    expect(idsOf((await list({ state: 'pending', to: tomorrow }).expect(200)).body)).toEqual([ids.waiting]);

    const bad = await list({ state: 'paid', from: tomorrow, to: betweenPayments }).expect(400);
    expectProblem(bad.body, /To must be after From/);
    expect(Object.keys(bad.body.errors)).toEqual(['to']);
  });

  it('exports the list as found, with the bank code, when paid, by whom and the bank’s reference', async () => {
    const csv = await h.http
      .get('/api/finance/payouts.csv')
      .query({ state: 'paid', q: 'ZEN-2026' })
      .set(...auth)
      .expect(200);
    const [header, ...rows] = csv.text.trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual(
      expect.arrayContaining(['bank_code', 'paid_at', 'paid_by', 'provider_reference', 'reference']),
    );
    const records = rows.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
    expect(records.map((r) => r.withdrawal_id).sort()).toEqual([ids.emeka, ids.ngozi].sort());
    const ngozi = records.find((r) => r.withdrawal_id === ids.ngozi)!;
    const listed = ((await list({ state: 'paid', q: 'ngozi' }).expect(200)).body as Payout[])[0]!;
    expect(ngozi).toEqual(
      expect.objectContaining({
        bank_code: '044',
        paid_at: listed.paidAt,
        paid_by: 'Finance Kobo',
        provider_reference: 'ZEN-20261127-0001',
        state: 'paid',
      }),
    );
    const ranged = await h.http
      .get('/api/finance/payouts.csv')
      .query({ state: 'paid', from: betweenPayments })
      .set(...auth)
      .expect(200);
    expect(ranged.text.trim().split('\r\n')).toHaveLength(2);
  });
});
