import { streams } from '@kobo/ledger';
import { hashPassword } from '../../src/accounts/password-hashing';
import { startHarness, type Harness } from '../support/harness';
import { signUpData } from './support';

describe('POST /api/auth/register', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const register = (data: Record<string, unknown>) => h.http.post('/api/auth/register').send(data);

  it('creates the account: 201, the message, the id, capitalised names, a referral code', async () => {
    const data = signUpData({ firstName: 'aDA', lastName: 'obi' });
    const res = await register(data).expect(201);
    expect(res.body).toEqual({
      message: 'Account created successfully!, Please sign in to start earning.',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: data.username,
      referralCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
    });
    const { rows } = await h.db.pool.query(
      'SELECT first_name, last_name, email, role, referral_code FROM users WHERE user_id = $1',
      [res.body.id],
    );
    expect(rows[0]).toEqual({
      first_name: 'Ada',
      last_name: 'Obi',
      email: data.email,
      role: 'user',
      referral_code: res.body.referralCode,
    });
    const credentials = await h.db.pool.query(
      'SELECT user_id, password_hash FROM credentials WHERE email = $1',
      [data.email],
    );
    expect(credentials.rows[0].user_id).toBe(res.body.id);
    expect(credentials.rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('stores the email in lower case and accepts the referral code of another user', async () => {
    const referrer = await register(signUpData()).expect(201);
    const data = signUpData({ referredBy: referrer.body.referralCode });
    const res = await register({ ...data, email: data.email.toUpperCase() }).expect(201);
    const { rows } = await h.db.pool.query('SELECT email, referred_by FROM users WHERE user_id = $1', [
      res.body.id,
    ]);
    expect(rows[0]).toEqual({ email: data.email, referred_by: referrer.body.id });
  });

  it('refuses an unknown referral code with 400 and leaves no credentials behind', async () => {
    const data = signUpData({ referredBy: 'NOSUCH99' });
    const res = await register(data).expect(400);
    expect(res.body).toMatchObject({
      message: 'Referral code is not valid.',
      errors: { referredBy: 'Referral code is not valid.' },
    });
    const { rowCount } = await h.db.pool.query('SELECT 1 FROM credentials WHERE email = $1', [data.email]);
    expect(rowCount).toBe(0);
  });

  it('answers 409 with the field message when the username is taken (any case)', async () => {
    const first = signUpData();
    await register(first).expect(201);
    const second = signUpData({ username: first.username.toUpperCase() });
    const res = await register(second).expect(409);
    expect(res.body).toMatchObject({
      code: 'conflict',
      message: 'Username is already taken',
      errors: { username: 'Username is already taken' },
    });
    // The refused sign-up's credentials row is gone, so its email can still be used.
    await register({ ...second, username: `${second.username}x` }).expect(201);
  });

  it('answers 409 with the field message when the email is registered', async () => {
    const first = signUpData();
    await register(first).expect(201);
    const res = await register(signUpData({ email: first.email, password: 'another-password' })).expect(409);
    expect(res.body).toMatchObject({
      message: 'Email is already registered',
      errors: { email: 'Email is already registered' },
    });
  });

  it('answers a resent identical sign-up as the first (a lost answer), registering once', async () => {
    const data = signUpData();
    const first = await register(data).expect(201);
    const again = await register(data).expect(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.referralCode).toBe(first.body.referralCode);
    const events = await h.store.readStream(streams.user(first.body.id));
    expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
  });

  it('resumes a sign-up interrupted between its two writes', async () => {
    const data = signUpData();
    // What a crash after the credentials row and before the registration leaves behind.
    const orphan = '5f0c8a3e-0000-4000-8000-000000000001';
    await h.db.pool.query(`INSERT INTO credentials (user_id, email, password_hash) VALUES ($1, $2, 'x')`, [
      orphan,
      data.email,
    ]);
    // Someone else (another password) cannot take a fresh row: it may be a sign-up in flight.
    await register({ ...data }).expect(409);
    await h.db.pool.query(
      `UPDATE credentials SET updated_at = now() - interval '2 minutes' WHERE user_id = $1`,
      [orphan],
    );
    const res = await register(data).expect(201);
    expect(res.body.id).not.toBe(orphan);
    const login = await h.http.post('/api/auth/login').send({ email: data.email, password: data.password });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(res.body.id);
  });

  it('lets the same person (same password) resume an interrupted sign-up at once, with the same id', async () => {
    const data = signUpData();
    const orphan = '5f0c8a3e-0000-4000-8000-000000000002';
    await h.db.pool.query(`INSERT INTO credentials (user_id, email, password_hash) VALUES ($1, $2, $3)`, [
      orphan,
      data.email,
      await hashPassword(data.password),
    ]);
    const res = await register(data).expect(201);
    expect(res.body.id).toBe(orphan);
    await h.http.post('/api/auth/login').send({ email: data.email, password: data.password }).expect(200);
  });

  it('rejects missing and invalid fields with the spec messages', async () => {
    const empty = await register({}).expect(400);
    expect(empty.body).toMatchObject({ code: 'validation' });
    expect(empty.body.errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      phone: 'Phone number is required',
    });
    const short = await register(signUpData({ username: 'ab', password: '12345' })).expect(400);
    expect(short.body.errors).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect(short.body.message).toBe('Username must be at least 3 characters');
    const email = await register(signUpData({ email: 'not-an-email' })).expect(400);
    expect(email.body.message).toBe('Please enter a valid email address.');
  });

  it('answers wrong types and huge strings with a 400 problem, never a 5xx', async () => {
    for (const body of [
      signUpData({ firstName: 42 }),
      signUpData({ password: ['a', 'b'] }),
      signUpData({ email: { $ne: null } }),
      signUpData({ firstName: 'a'.repeat(20_000) }),
      signUpData({ password: 'p'.repeat(20_000) }),
      signUpData({ referredBy: 7 }),
    ]) {
      const res = await register(body);
      expect(res.status).toBe(400);
      expect(res.type).toBe('application/problem+json');
    }
    const notJson = await h.http
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expect(notJson.status).toBe(400);
  });

  it('limits sign-ups per client address with a 429 problem', async () => {
    let refused;
    for (let i = 0; i < 40 && !refused; i++) {
      // Invalid bodies are enough: the limiter counts before validation, and they are cheap.
      const res = await register({});
      if (res.status === 429) refused = res;
    }
    expect(refused?.body).toMatchObject({
      code: 'rate_limited',
      message: 'Too many sign-ups from your network. Please try again later.',
    });
    expect(refused?.headers['retry-after']).toBeDefined();
  });
});
