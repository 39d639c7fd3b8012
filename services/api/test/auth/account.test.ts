import { randomUUID } from 'node:crypto';
import { kobo, streams } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { signUpAndIn } from './support';

describe('account routes: change password, delete account, username availability', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const login = (email: string, password: string) => h.http.post('/api/auth/login').send({ email, password });
  const changePassword = (token: string | undefined, body: unknown) => {
    const req = h.http.put('/api/users/change-password');
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };
  const deleteAccount = (token: string | undefined, body: unknown) => {
    const req = h.http.delete('/api/users/account');
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };

  describe('PUT /api/users/change-password', () => {
    it('changes the password with the right current one', async () => {
      const user = await signUpAndIn(h);
      const res = await changePassword(user.token, {
        oldPassword: user.password,
        newPassword: 'fresh-pass-1',
      }).expect(200);
      expect(res.body).toEqual({ message: 'Password updated successfully!' });
      await login(user.email, 'fresh-pass-1').expect(200);
      await login(user.email, user.password).expect(401);
      const events = await h.store.readStream(streams.user(user.id));
      expect(events.filter((e) => e.type === 'PasswordChanged')).toHaveLength(1);
    });

    it('refuses a wrong current password and a short new one with the spec messages', async () => {
      const user = await signUpAndIn(h);
      const wrong = await changePassword(user.token, {
        oldPassword: 'nope-nope',
        newPassword: 'fresh-pass-1',
      }).expect(400);
      expect(wrong.body).toMatchObject({
        message: 'Current password is incorrect',
        errors: { oldPassword: 'Current password is incorrect' },
      });
      const short = await changePassword(user.token, {
        oldPassword: user.password,
        newPassword: '12345',
      }).expect(400);
      expect(short.body.message).toBe('Password must be at least 6 characters!');
      await login(user.email, user.password).expect(200);
      const empty = await changePassword(user.token, {}).expect(400);
      expect(empty.body.errors).toEqual({
        oldPassword: 'Current password is required',
        newPassword: 'Password is required',
      });
      const huge = await changePassword(user.token, {
        oldPassword: 'x'.repeat(40_000),
        newPassword: 'ok-pass-1',
      });
      expect(huge.status).toBe(400);
    });

    it('needs a signed-in caller', async () => {
      const res = await changePassword(undefined, { oldPassword: 'a', newPassword: 'bbbbbb' }).expect(401);
      expect(res.body.message).toBe('Authentication required');
    });

    it('lets admins change their own password too', async () => {
      const res = await changePassword(h.adminToken, {
        oldPassword: 'admin-password',
        newPassword: 'admin-password-2',
      });
      expect(res.status).toBe(200);
      await h.http
        .post('/api/auth/admin-login')
        .send({ email: 'admin@kobo.test', password: 'admin-password-2' })
        .expect(200);
    });
  });

  describe('DELETE /api/users/account', () => {
    it('deletes the account with the right password; the user can no longer sign in', async () => {
      const user = await signUpAndIn(h);
      const res = await deleteAccount(user.token, { password: user.password }).expect(200);
      expect(res.body).toEqual({ message: 'Account deleted successfully!' });
      await login(user.email, user.password).expect(401);
      const events = await h.store.readStream(streams.user(user.id));
      expect(events.at(-1)).toMatchObject({
        type: 'UserDeleted',
        data: { userId: user.id, by: { role: 'user', id: user.id } as const },
      });
      const { rows } = await h.db.pool.query('SELECT deleted FROM users WHERE user_id = $1', [user.id]);
      expect(rows[0].deleted).toBe(true);
      const credentials = await h.db.pool.query('SELECT 1 FROM credentials WHERE user_id = $1', [user.id]);
      expect(credentials.rowCount).toBe(0);
      // The account's sessions ended with it: its token opens nothing.
      const after = await deleteAccount(user.token, { password: user.password }).expect(401);
      expect(after.body.code).toBe('session_expired');
    });

    it('refuses a wrong or missing password and keeps the account', async () => {
      const user = await signUpAndIn(h);
      const wrong = await deleteAccount(user.token, { password: 'wrong-one' }).expect(400);
      expect(wrong.body.message).toBe('Password is incorrect');
      const missing = await deleteAccount(user.token, {}).expect(400);
      expect(missing.body.message).toBe('Please enter your password to delete account!');
      const typed = await deleteAccount(user.token, { password: 123456 }).expect(400);
      expect(typed.body.message).toBe('Please enter your password to delete account!');
      await login(user.email, user.password).expect(200);
    });

    it('is refused with 409 while a withdrawal is being processed', async () => {
      const user = await signUpAndIn(h);
      const { commands } = h.context;
      await commands.adjustBalance({
        userId: user.id,
        adjustmentId: randomUUID(),
        balance: 'account',
        amount: kobo(500_000),
        reason: 'test credit',
        by: { role: 'admin', id: h.adminId } as const,
      });
      await commands.updateBankDetails({
        userId: user.id,
        bankCode: '057',
        accountNum: '0123456788',
        accountName: 'Ada Obi',
      });
      await commands.requestWithdrawal({
        userId: user.id,
        withdrawalId: randomUUID(),
        type: 'withdrawal',
        amount: kobo(300_000),
      });
      const res = await deleteAccount(user.token, { password: user.password }).expect(409);
      expect(res.body.message).toBe(
        'A withdrawal is still being processed; the account can be deleted once it is paid or rejected.',
      );
      await login(user.email, user.password).expect(200);
    });

    it('is for users only, and needs a token', async () => {
      await deleteAccount(undefined, { password: 'x' }).expect(401);
      const res = await deleteAccount(h.financeToken, { password: 'finance-password' }).expect(403);
      expect(res.body.message).toBe('You do not have access to this resource');
    });
  });

  describe('GET /api/users/username-available', () => {
    it('says whether the username is claimed, ignoring case', async () => {
      const user = await signUpAndIn(h);
      const taken = await h.http
        .get('/api/users/username-available')
        .query({ username: user.username.toUpperCase() })
        .expect(200);
      expect(taken.body).toEqual({ username: user.username.toUpperCase(), available: false });
      const free = await h.http
        .get('/api/users/username-available')
        .query({ username: 'nobody_has_this' })
        .expect(200);
      expect(free.body).toEqual({ username: 'nobody_has_this', available: true });
    });

    it('answers a missing, short or odd username with a 400 problem', async () => {
      expect((await h.http.get('/api/users/username-available').expect(400)).body.message).toBe(
        'Username is required',
      );
      const short = await h.http.get('/api/users/username-available?username=ab').expect(400);
      expect(short.body.message).toBe('Username must be at least 3 characters');
      await h.http.get('/api/users/username-available?username=a&username=b').expect(400);
      await h.http.get(`/api/users/username-available?username=${'x'.repeat(5000)}`).expect(400);
      await h.http.get('/api/users/username-available?username=has%20space').expect(400);
    });
  });
});
