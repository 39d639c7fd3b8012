import { startHarness, type Harness } from '../support/harness';
import { signUpData } from './support';

describe('POST /api/auth/login and /api/auth/admin-login', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  async function newUser() {
    const data = signUpData();
    const res = await h.http.post('/api/auth/register').send(data).expect(201);
    return { id: res.body.id as string, email: data.email, password: data.password };
  }
  const login = (body: unknown) => h.http.post('/api/auth/login').send(body as object);
  const adminLogin = (body: unknown) => h.http.post('/api/auth/admin-login').send(body as object);

  it('signs a user in: id, token, isAdmin false, role user; the token carries the same', async () => {
    const user = await newUser();
    // A role in the request is ignored: the role is the server's.
    const res = await login({
      email: user.email.toUpperCase(),
      password: user.password,
      role: 'admin',
    }).expect(200);
    expect(res.body).toEqual({ id: user.id, token: expect.any(String), isAdmin: false, role: 'user' });
    expect(h.context.auth.tokens.verify(res.body.token)).toMatchObject({ userId: user.id, role: 'user' });
    // The token opens the user's routes.
    await h.http
      .put('/api/users/change-password')
      .set('Authorization', `Bearer ${res.body.token}`)
      .send({ oldPassword: 'wrong-one', newPassword: 'whatever1' })
      .expect(400);
  });

  it('takes the role from the server record at the moment of sign-in', async () => {
    const user = await newUser();
    await h.context.commands.setUserRole({ userId: user.id, role: 'admin' });
    // Staff have one door: the users' door answers a staff account as a wrong password.
    await login({ email: user.email, password: user.password }).expect(401);
    const res = await adminLogin({ email: user.email, password: user.password }).expect(200);
    expect(res.body).toMatchObject({ isAdmin: true, role: 'admin' });
    expect(h.context.auth.tokens.verify(res.body.token).role).toBe('admin');
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const user = await newUser();
    const wrong = await login({ email: user.email, password: 'not-the-password' }).expect(401);
    const unknown = await login({ email: 'nobody@example.ng', password: 'whatever' }).expect(401);
    for (const res of [wrong, unknown]) {
      expect(res.type).toBe('application/problem+json');
      expect(res.body).toMatchObject({ message: 'Invalid email or password' });
      expect(res.body.token).toBeUndefined();
    }
  });

  it('refuses a suspended account with 403 after the right password', async () => {
    const user = await newUser();
    await h.context.commands.setUserStatus({
      userId: user.id,
      status: 'suspended',
      by: { role: 'admin', id: h.adminId } as const,
    });
    const res = await login({ email: user.email, password: user.password }).expect(403);
    expect(res.body.message).toBe('Your account is suspended. Please contact support.');
    // The wrong password still says only that.
    await login({ email: user.email, password: 'wrong-password' }).expect(401);
  });

  it('refuses an account deleted by an admin with 403', async () => {
    const user = await newUser();
    await h.context.commands.deleteUser({ userId: user.id, by: { role: 'admin', id: h.adminId } as const });
    const res = await login({ email: user.email, password: user.password }).expect(403);
    expect(res.body.message).toBe(
      'This account has been deleted. Please contact support if you think this is a mistake.',
    );
  });

  it('answers missing, mistyped and huge fields with a 400 problem', async () => {
    const empty = await login({}).expect(400);
    expect(empty.body.errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    for (const body of [
      { email: 42, password: 'x' },
      { email: 'a@b.ng', password: { $gt: '' } },
      { email: 'a'.repeat(10_000), password: 'x' },
      { email: 'a@b.ng', password: 'p'.repeat(50_000) },
    ]) {
      const res = await login(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation');
    }
  });

  describe('admin login', () => {
    it('signs the admin in with _id, token, isAdmin true and role admin', async () => {
      const res = await adminLogin({ email: 'admin@kobo.test', password: 'admin-password' }).expect(200);
      expect(res.body).toEqual({ _id: h.adminId, token: expect.any(String), isAdmin: true, role: 'admin' });
      expect(h.context.auth.tokens.verify(res.body.token)).toMatchObject({
        userId: h.adminId,
        role: 'admin',
      });
    });

    it('refuses a user with 403 "Access denied. Admins only."', async () => {
      const user = await newUser();
      const res = await adminLogin({ email: user.email, password: user.password }).expect(403);
      expect(res.body.message).toBe('Access denied. Admins only.');
      expect(res.body.token).toBeUndefined();
    });

    it('signs finance staff in too, with isAdmin false and role finance (they land on /finance)', async () => {
      const res = await adminLogin({ email: 'finance@kobo.test', password: 'finance-password' }).expect(200);
      expect(res.body).toEqual({
        _id: expect.any(String),
        token: expect.any(String),
        isAdmin: false,
        role: 'finance',
      });
      expect(h.context.auth.tokens.verify(res.body.token).role).toBe('finance');
    });

    it('answers a wrong admin password with 401, not with the admins-only message', async () => {
      const res = await adminLogin({ email: 'admin@kobo.test', password: 'guess' }).expect(401);
      expect(res.body.message).toBe('Invalid email or password');
    });

    it('limits attempts on one email with a 429 problem', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await adminLogin({ email: 'target@kobo.test', password: `guess-${i}` })).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      const refused = await adminLogin({ email: 'target@kobo.test', password: 'again' }).expect(429);
      expect(refused.body).toMatchObject({
        code: 'rate_limited',
        message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
      });
    });
  });

  it('limits user sign-in attempts on one email with a 429 problem', async () => {
    let status = 0;
    let attempts = 0;
    while (status !== 429 && attempts < 15) {
      status = (await login({ email: 'victim@example.ng', password: `guess-${attempts}` })).status;
      attempts++;
    }
    expect(status).toBe(429);
    expect(attempts).toBe(11);
    // Another email from the same address is not blocked by that count.
    await login({ email: 'someone-else@example.ng', password: 'x' }).expect(401);
  });
});
