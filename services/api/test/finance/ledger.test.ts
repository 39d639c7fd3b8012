/** /api/finance: the journal, statements, point-in-time balances, CSV export, verify, projector status. */
import { Accounts } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { expectProblem, fund, momentAfterLastEvent, registerUser } from '../admin/support';

describe('finance ledger access', () => {
  let h: Harness;
  let auth: [string, string];
  let userId: string;
  let between: string;
  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
    userId = (await registerUser(h)).userId;
    await fund(h, userId, 100);
    between = await momentAfterLastEvent(h);
    await fund(h, userId, 25.5);
  });
  afterAll(() => h.close());

  it('pages the journal with filters and a total', async () => {
    const all = await h.http
      .get('/api/finance/journal')
      .set(...auth)
      .expect(200);
    expect(all.body).toEqual(
      expect.objectContaining({
        page: 1,
        pageSize: 50,
        total: expect.any(Number),
        sum: 0,
        journalPosition: expect.any(Number),
      }),
    );
    expect(all.body.entries[0]).toEqual({
      eventId: expect.any(String),
      position: expect.any(Number),
      postingIndex: expect.any(Number),
      type: 'BalanceAdjusted',
      account: expect.any(String),
      amount: expect.any(Number),
      amountKobo: expect.any(Number),
      recordedAt: expect.any(String),
    });

    const account = Accounts.userAccount(userId);
    const mine = await h.http
      .get('/api/finance/journal')
      .query({ account, order: 'asc' })
      .set(...auth)
      .expect(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.entries.map((e: { amount: number }) => e.amount)).toEqual([100, 25.5]);
    expect(mine.body.sum).toBe(125.5);

    const prefix = await h.http
      .get('/api/finance/journal')
      .query({ account: `user:${userId}:*` })
      .set(...auth)
      .expect(200);
    expect(prefix.body.total).toBe(3); // the signup bonus on the activity account too
    const typed = await h.http
      .get('/api/finance/journal')
      .query({ type: 'UserRegistered', pageSize: 1, page: 2 })
      .set(...auth)
      .expect(200);
    expect(typed.body.entries).toHaveLength(1);
    expect(typed.body.total).toBe(2);
    const ranged = await h.http
      .get('/api/finance/journal')
      .query({ account, from: between })
      .set(...auth)
      .expect(200);
    expect(ranged.body.entries.map((e: { amount: number }) => e.amount)).toEqual([25.5]);

    const bad = await h.http
      .get('/api/finance/journal')
      .query({ from: 'yesterday', pageSize: 9999 })
      .set(...auth)
      .expect(400);
    expectProblem(bad.body);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'pageSize']);
  });

  it('refuses a date JavaScript reads but PostgreSQL cannot store, naming the field', async () => {
    for (const [field, value] of [
      ['from', '-271821-04-20'],
      ['to', '0000-12-31'],
      ['from', '+010000-01-01T00:00:00Z'],
    ] as const) {
      const res = await h.http
        .get('/api/finance/journal')
        .query({ [field]: value })
        .set(...auth)
        .expect(400);
      expectProblem(res.body);
      expect(res.body.errors[field]).toMatch(/is not a valid date/);
    }
    const at = await h.http
      .get(`/api/finance/accounts/${encodeURIComponent('platform:revenue')}/balance`)
      .query({ at: '-271821-04-20' })
      .set(...auth)
      .expect(400);
    expect(at.body.errors.at).toMatch(/^At is not a valid date/);
  });

  it("gives an account's statement and its balance at a moment", async () => {
    const account = encodeURIComponent(Accounts.userAccount(userId));
    const statement = await h.http
      .get(`/api/finance/accounts/${account}/statement`)
      .query({ from: between })
      .set(...auth)
      .expect(200);
    expect(statement.body).toEqual(
      expect.objectContaining({
        account: Accounts.userAccount(userId),
        openingBalance: 100,
        closingBalance: 125.5,
        total: 1,
      }),
    );
    expect(statement.body.entries).toEqual([expect.objectContaining({ amount: 25.5, balance: 125.5 })]);

    const earlier = await h.http
      .get(`/api/finance/accounts/${account}/balance`)
      .query({ at: between })
      .set(...auth)
      .expect(200);
    expect(earlier.body).toEqual(
      expect.objectContaining({ at: between, balance: 100, balanceKobo: 10000, entryCount: 1 }),
    );
    expect(earlier.body.entries).toEqual([
      expect.objectContaining({ amount: 100, balance: 100, type: 'BalanceAdjusted' }),
    ]);
    const now = await h.http
      .get(`/api/finance/accounts/${account}/balance`)
      .set(...auth)
      .expect(200);
    expect(now.body.balance).toBe(125.5);
    const world = await h.http
      .get('/api/finance/accounts/world/balance')
      .set(...auth)
      .expect(200);
    expect(world.body.entryCount).toBe(0);
    await h.http
      .get(`/api/finance/accounts/${account}/balance`)
      .query({ at: 'soon' })
      .set(...auth)
      .expect(400);
  });

  it('exports the journal as CSV', async () => {
    const res = await h.http
      .get('/api/finance/export.csv')
      .set(...auth)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="kobo-journal-/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'position,posting_index,event_id,event_type,account,amount_kobo,amount_naira,recorded_at',
    );
    const journal = await h.http
      .get('/api/finance/journal')
      .set(...auth)
      .expect(200);
    expect(lines).toHaveLength(journal.body.total + 1);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`,BalanceAdjusted,user:${userId}:account,2550,25.50,`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/,BalanceAdjusted,platform:adjustments,-2550,-25.50,/),
    );
    const later = await h.http
      .get('/api/finance/export.csv')
      .query({ from: between })
      .set(...auth)
      .expect(200);
    expect(later.text.trim().split('\r\n')).toHaveLength(3);
  });

  it('verifies the ledger and reports the projectors', async () => {
    const res = await h.http
      .get('/api/finance/verify')
      .set(...auth)
      .expect(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.checks.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining([
        'hash chain',
        'postings per event sum to zero',
        'all accounts sum to zero',
        'read model balances',
      ]),
    );
    expect(res.body.checks.every((c: { ok: boolean; detail: string }) => c.ok && c.detail.length > 0)).toBe(
      true,
    );

    const status = await h.http
      .get('/api/finance/projections')
      .set(...auth)
      .expect(200);
    expect(status.body.ok).toBe(true);
    expect(status.body.failures).toEqual([]);
    expect(status.body.projectors.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['ledger_entries', 'balances', 'transactions', 'users', 'withdrawals']),
    );
    expect(status.body.projectors[0]).toEqual(
      expect.objectContaining({
        position: expect.any(Number),
        head: status.body.head,
        lag: expect.any(Number),
        state: expect.any(String),
      }),
    );
  });

  it('reports a broken read model as ok: false, still with 200', async () => {
    await h.db.pool.query(
      'UPDATE user_balances SET account_balance = account_balance + 1 WHERE user_id = $1',
      [userId],
    );
    const res = await h.http
      .get('/api/finance/verify')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .expect(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.checks.find((c: { name: string }) => c.name === 'read model balances')).toEqual(
      expect.objectContaining({ ok: false, detail: expect.stringMatching(/user_balances differs/) }),
    );
  });
});
