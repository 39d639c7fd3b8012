/**
 * A person's fields follow one set of rules wherever they are typed: sign-up, the profile and the
 * admin's user form refuse the same values with the same words; and a new password is never one
 * of the most common ones.
 */
import { startHarness, type Harness } from '../support/harness';
import { signUpAndIn, signUpData } from './support';

const TOO_COMMON = 'This password is too common and easy to guess. Please choose another.';

/** Values each place must refuse, with the field's message (the same words everywhere). */
const refused: [field: string, value: string, message: string][] = [
  ['email', 'tυndе@example.ng', 'Please enter a valid email address.'],
  ['email', 'ada@exаmple.ng', 'Please enter a valid email address.'],
  ['firstName', 'A'.repeat(200), 'First name must be at most 50 characters'],
  [
    'lastName',
    'Obi\u202Egnp.exe',
    'Last name may only contain letters, numbers, spaces, hyphens, dots and apostrophes',
  ],
  [
    'firstName',
    '<b>Ada</b>',
    'First name may only contain letters, numbers, spaces, hyphens, dots and apostrophes',
  ],
  ['phone', '<script>alert(1)</script>', 'Please enter a valid phone number.'],
  ['phone', '0803 123', 'Please enter a valid phone number.'],
];

describe("a person's fields", () => {
  let h: Harness;
  let admin: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    admin = ['Authorization', `Bearer ${h.adminToken}`];
  });
  afterAll(() => h.close());

  const expectRefused = (body: { errors?: Record<string, string> }, field: string, message: string) =>
    expect(body.errors?.[field]).toBe(message);

  describe.each(refused)('%s %j', (field, value, message) => {
    it('is refused by sign-up', async () => {
      const res = await h.http
        .post('/api/auth/register')
        .send(signUpData({ [field]: value }))
        .expect(400);
      expectRefused(res.body, field, message);
    });

    it('is refused by the profile', async () => {
      const user = await signUpAndIn(h);
      const res = await h.http
        .put('/api/users/profile')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ [field]: value, currentPassword: user.password })
        .expect(400);
      expectRefused(res.body, field, message);
    });

    it("is refused by the admin's create and edit", async () => {
      const data = signUpData();
      const created = await h.http
        .post('/api/admin/users')
        .set(...admin)
        .send({ firstName: 'Ada', lastName: 'Obi', email: data.email, [field]: value })
        .expect(400);
      expectRefused(created.body, field, message);

      const user = await signUpAndIn(h);
      const edited = await h.http
        .put(`/api/admin/users/${user.id}`)
        .set(...admin)
        .send({ [field]: value })
        .expect(400);
      expectRefused(edited.body, field, message);
    });
  });

  it('takes names in any script, a Nigerian number in its usual forms, and stores the email in lower case', async () => {
    const data = signUpData({
      firstName: 'Ọláolúwa',
      lastName: 'Nwachukwu-Ábásí',
      phone: '+234 803 123 4567',
    });
    const res = await h.http
      .post('/api/auth/register')
      .send({ ...data, email: data.email.toUpperCase() })
      .expect(201);
    const { rows } = await h.db.pool.query('SELECT first_name, phone, email FROM users WHERE user_id = $1', [
      res.body.id,
    ]);
    expect(rows[0]).toEqual({ first_name: 'Ọláolúwa', phone: '+234 803 123 4567', email: data.email });
  });

  it('refuses a Cyrillic username from the admin, as sign-up does', async () => {
    const message = 'Username may only contain letters, numbers, dots, hyphens and underscores';
    const signUp = await h.http
      .post('/api/auth/register')
      .send(signUpData({ username: 'аdmin_kobo' }))
      .expect(400);
    expectRefused(signUp.body, 'username', message);
    const created = await h.http
      .post('/api/admin/users')
      .set(...admin)
      .send({ firstName: 'Ada', lastName: 'Obi', email: signUpData().email, username: 'аdmin_kobo' })
      .expect(400);
    expectRefused(created.body, 'username', message);
  });

  it('builds an ASCII username from names in another script', async () => {
    const data = signUpData();
    const res = await h.http
      .post('/api/admin/users')
      .set(...admin)
      .send({ firstName: 'Алекс', lastName: 'Ивanov', email: data.email })
      .expect(201);
    expect(res.body.user.username).toMatch(/^[a-z0-9]{3,}$/);
  });

  describe('a new password', () => {
    it.each(['123456', 'password', 'Qwerty123', 'iloveyou'])(
      'refuses the common password %j',
      async (password) => {
        const res = await h.http.post('/api/auth/register').send(signUpData({ password })).expect(400);
        expectRefused(res.body, 'password', TOO_COMMON);
      },
    );

    it("keeps the spec's length message for a short one, even a common one", async () => {
      const res = await h.http
        .post('/api/auth/register')
        .send(signUpData({ password: '12345' }))
        .expect(400);
      expectRefused(res.body, 'password', 'Password must be at least 6 characters');
    });

    it('refuses a common one on change, on reset and from the admin', async () => {
      const user = await signUpAndIn(h);
      const changed = await h.http
        .put('/api/users/change-password')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ oldPassword: user.password, newPassword: 'abc123' })
        .expect(400);
      expectRefused(changed.body, 'newPassword', TOO_COMMON);
      const short = await h.http
        .put('/api/users/change-password')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ oldPassword: user.password, newPassword: 'abc' })
        .expect(400);
      expectRefused(short.body, 'newPassword', 'Password must be at least 6 characters!');

      const reset = await h.http
        .post('/api/auth/reset-password')
        .send({ token: 'some-token', newPassword: '1234567890' })
        .expect(400);
      expectRefused(reset.body, 'newPassword', TOO_COMMON);

      const created = await h.http
        .post('/api/admin/users')
        .set(...admin)
        .send({ firstName: 'Ada', lastName: 'Obi', email: signUpData().email, password: 'football' })
        .expect(400);
      expectRefused(created.body, 'password', TOO_COMMON);
    });

    it('takes an uncommon one', async () => {
      await h.http
        .post('/api/auth/register')
        .send(signUpData({ password: 'kobo-ìgbà-7421' }))
        .expect(201);
    });
  });
});
