/** /api/admin/stats and /api/admin/users: counters, list, create, edit, delete. */
import { streams } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { balancesOf, expectProblem, fund, registerUser, requestWithdrawal } from './support';

describe('admin users', () => {
  let h: Harness;
  let auth: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.adminToken}`];
  });
  afterAll(() => h.close());

  const credentialsOf = async (email: string) =>
    (
      await h.db.pool.query('SELECT user_id::text AS user_id FROM credentials WHERE lower(email) = $1', [
        email,
      ])
    ).rows;

  it('lists users (not staff) with balances and counters, and counts them in the stats', async () => {
    const ada = await registerUser(h, { firstName: 'Ada', lastName: 'Okafor' });
    await fund(h, ada.userId, 1234.5);
    const res = await h.http
      .get('/api/admin/users')
      .set(...auth)
      .expect(200);
    const row = res.body.find((u: { _id: string }) => u._id === ada.userId);
    expect(row).toEqual(
      expect.objectContaining({
        _id: ada.userId,
        firstName: 'Ada',
        lastName: 'Okafor',
        email: ada.email,
        phone: '08031234567',
        totalTasks: 0,
        accountBalance: 1234.5,
        activityBalance: h.config.money.signupBonus / 100,
        status: 'active',
        role: 'user',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    );
    expect(res.body.every((u: { role: string }) => u.role === 'user')).toBe(true);

    const stats = await h.http
      .get('/api/admin/stats')
      .set(...auth)
      .expect(200);
    expect(stats.body).toEqual(
      expect.objectContaining({
        totalUsers: res.body.length,
        totalWithdrawn: 0,
        totalCampaigns: 0,
        activeUsers: res.body.length,
      }),
    );
  });

  it('creates a user with an opening balance, a built username and a login', async () => {
    const res = await h.http
      .post('/api/admin/users')
      .set(...auth)
      .send({
        firstName: 'chioma',
        lastName: 'eze',
        email: 'Chioma@Example.com',
        balance: '250.75',
        status: 'inactive',
      })
      .expect(201);
    expect(res.body.message).toBe('User created successfully.');
    expect(res.body.user).toEqual(
      expect.objectContaining({
        firstName: 'Chioma',
        lastName: 'Eze',
        username: 'chiomaeze',
        email: 'chioma@example.com',
        phone: '',
        accountBalance: 250.75,
        status: 'inactive',
        role: 'user',
      }),
    );
    expect(await credentialsOf('chioma@example.com')).toEqual([{ user_id: res.body.user._id }]);
    const { rows } = await h.db.pool.query(
      'SELECT title, amount FROM transactions WHERE user_id = $1 AND type = $2',
      [res.body.user._id, 'other'],
    );
    expect(rows).toEqual([{ title: 'Balance adjustment: Opening balance set by an admin', amount: 25075 }]);

    // A second person with the same names gets another username.
    const twin = await h.http
      .post('/api/admin/users')
      .set(...auth)
      .send({ firstName: 'Chioma', lastName: 'Eze', email: 'chioma2@example.com' })
      .expect(201);
    expect(twin.body.user.username).toMatch(/^chiomaeze\d{4}$/);
    expect(twin.body.user.accountBalance).toBe(0);
    expect(twin.body.user.status).toBe('active');
  });

  it('refuses a user without the required fields, a taken email and a bad balance', async () => {
    const missing = await h.http
      .post('/api/admin/users')
      .set(...auth)
      .send({ firstName: 'Ada', email: '' })
      .expect(400);
    expectProblem(missing.body, 'Please fill in all required fields.');
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'lastName']);

    const invalidEmail = await h.http
      .post('/api/admin/users')
      .set(...auth)
      .send({ firstName: 'Ada', lastName: 'Obi', email: 'not-an-email' })
      .expect(400);
    expectProblem(invalidEmail.body, 'Please enter a valid email address.');

    const taken = await h.http
      .post('/api/admin/users')
      .set(...auth)
      .send({ firstName: 'Ada', lastName: 'Obi', email: 'CHIOMA@example.com' })
      .expect(409);
    expectProblem(taken.body, 'Email is already registered');

    const badBalance = await h.http
      .post('/api/admin/users')
      .set(...auth)
      .send({ firstName: 'Ada', lastName: 'Obi', email: 'ada.obi@example.com', balance: '12.345' })
      .expect(400);
    expectProblem(badBalance.body, 'Balance must be a naira amount with at most 2 decimals.');
    expect(await credentialsOf('ada.obi@example.com')).toEqual([]);

    const malformed = await h.http
      .post('/api/admin/users')
      .set(...auth)
      .set('Content-Type', 'application/json')
      .send('{"firstName":')
      .expect(400);
    expectProblem(malformed.body);
  });

  it('edits profile, status and balance (the difference is posted)', async () => {
    const user = await registerUser(h, { firstName: 'Tunde', lastName: 'Bakare' });
    await fund(h, user.userId, 100);
    const res = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...auth)
      .send({
        firstName: 'tunde',
        lastName: 'Bakare-Ade',
        phone: '',
        status: 'suspended',
        balance: 40,
        reason: 'Correction after an audit',
        email: user.email,
      })
      .expect(200);
    expect(res.body.message).toBe('User updated successfully.');
    expect(res.body.user).toEqual(
      expect.objectContaining({
        lastName: 'Bakare-ade',
        phone: '08031234567',
        status: 'suspended',
        accountBalance: 40,
      }),
    );
    expect((await balancesOf(h, user.userId)).account_balance).toBe(4000);

    // The same edit again changes nothing.
    await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...auth)
      .send({ balance: 40 })
      .expect(200);
    const { rows } = await h.db.pool.query(
      'SELECT amount FROM transactions WHERE user_id = $1 AND type = $2 ORDER BY created_at',
      [user.userId, 'other'],
    );
    expect(rows.map((r) => Number(r.amount))).toEqual([10000, -6000]);

    const moved = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...auth)
      .send({ email: 'tunde.new@example.com' })
      .expect(200);
    expect(moved.body.user.email).toBe('tunde.new@example.com');

    const blank = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...auth)
      .send({ firstName: ' ' })
      .expect(400);
    expectProblem(blank.body, 'Please fill in all required fields.');
    const negative = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...auth)
      .send({ balance: -5 })
      .expect(400);
    expectProblem(negative.body, 'Balance cannot be negative.');
    const unknown = await h.http
      .put('/api/admin/users/00000000-0000-4000-8000-000000000000')
      .set(...auth)
      .send({ firstName: 'X' })
      .expect(404);
    expectProblem(unknown.body, 'User not found.');
  });

  it('posts a balance set back to a figure it had before (each edit is decided on the balance then)', async () => {
    const user = await registerUser(h);
    await fund(h, user.userId, 100);
    for (const balance of [40, 100, 40])
      await h.http
        .put(`/api/admin/users/${user.userId}`)
        .set(...auth)
        .send({ balance, reason: 'Correction after an audit' })
        .expect(200);
    expect((await balancesOf(h, user.userId)).account_balance).toBe(4000);
  });

  /**
   * The process died after the ledger took the request's commands, before the answer was stored;
   * its claim on the key has since gone stale, so the request runs again.
   */
  const loseAnswer = async (key: string) => {
    const { rowCount } = await h.db.pool.query(
      `UPDATE idempotency_keys SET response_status = NULL, response_body = NULL, completed_at = NULL,
              locked_at = now() - interval '2 minutes'
        WHERE user_id = $1 AND key = $2`,
      [h.adminId, key],
    );
    expect(rowCount).toBe(1);
  };

  it('answers a creation retried after its answer was lost as the first time, creating the user once', async () => {
    const create = () =>
      h.http
        .post('/api/admin/users')
        .set(...auth)
        .set('Idempotency-Key', 'create-once')
        .send({
          firstName: 'Kemi',
          lastName: 'Adeyemi',
          email: 'kemi@example.com',
          balance: 100,
          status: 'inactive',
        });
    const first = await create().expect(201);
    await loseAnswer('create-once');
    const retry = await create();
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect(await credentialsOf('kemi@example.com')).toEqual([{ user_id: first.body.user._id }]);
    const types = (await h.store.readStream(streams.user(first.body.user._id))).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'BalanceAdjusted', 'UserStatusSet']);
  });

  it('answers an edit retried after its answer was lost as the first time, running each of its commands once', async () => {
    const user = await registerUser(h);
    const edit = () =>
      h.http
        .put(`/api/admin/users/${user.userId}`)
        .set(...auth)
        .set('Idempotency-Key', 'edit-once')
        .send({ firstName: 'Bola', balance: 60_000, reason: 'Campaign refund' });
    const first = await edit().expect(200);
    expect(first.body.pendingAdjustment).toEqual(expect.objectContaining({ state: 'pending' }));
    await loseAnswer('edit-once');
    const retry = await edit();
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: first.body });
    // Decided again, the balance change would be asked for twice (the first is not yet approved).
    const types = (await h.store.readStream(streams.user(user.userId))).map((e) => e.type);
    expect(types.filter((type) => type !== 'UserRegistered')).toEqual([
      'UserProfileUpdated',
      'BalanceAdjustmentRequested',
    ]);
  });

  it('does not tell the new address of itself when an email change is retried after its answer was lost', async () => {
    const user = await registerUser(h);
    const newEmail = `moved-${user.userId.slice(0, 8)}@mail.test`;
    const move = () =>
      h.http
        .put(`/api/admin/users/${user.userId}`)
        .set(...auth)
        .set('Idempotency-Key', 'move-once')
        .send({ email: newEmail });
    await move().expect(200);
    // The process died after the ledger took the change, before the old address was told.
    await h.db.pool.query("DELETE FROM email_outbox WHERE kind = 'email_changed'");
    await loseAnswer('move-once');
    await move().expect(200);
    const told = await h.db.pool.query("SELECT to_address FROM email_outbox WHERE kind = 'email_changed'");
    expect(told.rows).toEqual([]);
  });

  it('deletes a user and their login, unless a withdrawal is in progress', async () => {
    const created = await h.http
      .post('/api/admin/users')
      .set(...auth)
      .send({ firstName: 'Emeka', lastName: 'Obi', email: 'emeka@example.com', password: 'secret123' })
      .expect(201);
    const id = created.body.user._id;
    const res = await h.http
      .delete(`/api/admin/users/${id}`)
      .set(...auth)
      .expect(200);
    expect(res.body).toEqual({ message: 'User deleted successfully.' });
    expect(await credentialsOf('emeka@example.com')).toEqual([]);
    const list = await h.http
      .get('/api/admin/users')
      .set(...auth)
      .expect(200);
    expect(list.body.map((u: { _id: string }) => u._id)).not.toContain(id);

    const busy = await registerUser(h);
    await fund(h, busy.userId, 3000);
    await requestWithdrawal(h, busy.userId, 2500);
    const refused = await h.http
      .delete(`/api/admin/users/${busy.userId}`)
      .set(...auth)
      .expect(409);
    expectProblem(refused.body, /withdrawal is still being processed/);

    const self = await h.http
      .delete(`/api/admin/users/${h.adminId}`)
      .set(...auth)
      .expect(409);
    expectProblem(self.body, 'You cannot delete your own account.');
    const unknown = await h.http
      .delete('/api/admin/users/not-a-user')
      .set(...auth)
      .expect(404);
    expectProblem(unknown.body, 'User not found.');
  });
});
