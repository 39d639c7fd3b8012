/**
 * Account takeover with a stolen token (docs/product/settled-contradictions.md#sensitive-changes): the sign-in email and the bank details change
 * only with the current password, the old address hears of an email change, and withdrawals wait
 * after bank details change.
 */
import { streams } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { registerUser, TEST_PASSWORD, withSignIn, type TestUser } from './support';

const NEEDED = 'Please enter your current password to change your email or bank details.';
const WRONG = 'Current password is incorrect';

describe('sensitive changes need the current password', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const newUser = async (name: string, options: { bank?: boolean; accountBalance?: number } = {}) =>
    withSignIn(h, await registerUser(h, name, options));
  const put = (user: TestUser, body: object) => h.http.put('/api/users/profile').set(user.auth).send(body);
  const dashboardOf = async (user: TestUser) =>
    (await h.http.get('/api/users/dashboard').set(user.auth).expect(200)).body;
  const signInEmail = async (user: TestUser) =>
    (await h.context.pool.query('SELECT email FROM credentials WHERE user_id = $1', [user.userId])).rows[0]
      .email;
  const mailTo = async (to: string) =>
    (
      await h.context.pool.query(
        `SELECT kind, subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY created_at`,
        [to],
      )
    ).rows as { kind: string; subject: string; text_body: string }[];
  const zenith = { bankName: 'Zenith Bank', accountNum: '2233445568', accountName: 'New Owner' };

  describe('changing the email', () => {
    it('refuses without the current password (400 at currentPassword), changing nothing', async () => {
      const ada = await newUser('ada');
      const before = await dashboardOf(ada);
      const res = await put(ada, { email: `thief-${ada.userId}@evil.test` }).expect(400);
      expect(res.body).toMatchObject({ message: NEEDED, errors: { currentPassword: NEEDED } });
      expect(await dashboardOf(ada)).toEqual(before);
      expect(await signInEmail(ada)).toBe(before.email);
    });

    it('refuses a wrong current password with the change-password words', async () => {
      const ada = await newUser('ada');
      const before = await dashboardOf(ada);
      const res = await put(ada, { email: `thief-${ada.userId}@evil.test`, currentPassword: 'guess' }).expect(
        400,
      );
      expect(res.body).toMatchObject({ message: WRONG, errors: { currentPassword: WRONG } });
      expect(await dashboardOf(ada)).toEqual(before);
    });

    it('changes it with the current password and tells the OLD address, masking the new one', async () => {
      const ada = await newUser('ada');
      const oldEmail = (await dashboardOf(ada)).email as string;
      const newEmail = `adaeze-${ada.userId.slice(0, 8)}@mail.test`;
      const res = await put(ada, { email: newEmail, currentPassword: TEST_PASSWORD }).expect(200);
      expect(res.body.message).toBe('Profile updated successfully!');
      expect(res.body.profile.email).toBe(newEmail);
      expect(await signInEmail(ada)).toBe(newEmail);

      const [notice, ...more] = await mailTo(oldEmail);
      expect(more).toEqual([]);
      expect(notice!.subject).toBe('Your Kobo sign-in email was changed');
      expect(notice!.text_body).toContain(`was changed to ad***${newEmail.slice(newEmail.indexOf('@') - 1)}`);
      expect(notice!.text_body).not.toContain(newEmail);
      expect(notice!.text_body).toMatch(/If it was not you.*\/contact/s);
      expect(await mailTo(newEmail)).toEqual([]);
    });

    it('needs no password when the email is the same (any case) and other fields change', async () => {
      const ada = await newUser('ada');
      const email = (await dashboardOf(ada)).email as string;
      const res = await put(ada, {
        email: email.toUpperCase(),
        firstName: 'Adaeze',
        phone: '08039999999',
      }).expect(200);
      expect(res.body.message).toBe('Profile updated successfully!');
      expect(res.body.profile).toMatchObject({ firstName: 'Adaeze', email });
      expect(await mailTo(email)).toEqual([]);
    });
  });

  describe('bank details', () => {
    it('refuses to set or change them without the current password, or with a wrong one', async () => {
      const fresh = await newUser('bola', { bank: false });
      const set = await put(fresh, { bankDetails: zenith }).expect(400);
      expect(set.body).toMatchObject({ message: NEEDED, errors: { currentPassword: NEEDED } });

      const ada = await newUser('ada');
      const before = await dashboardOf(ada);
      const change = await put(ada, { bankDetails: zenith, currentPassword: '' }).expect(400);
      expect(change.body.errors).toEqual({ currentPassword: NEEDED });
      const wrong = await put(ada, { bankDetails: zenith, currentPassword: 'nope' }).expect(400);
      expect(wrong.body.errors).toEqual({ currentPassword: WRONG });
      expect(await dashboardOf(ada)).toEqual(before);
    });

    it('needs no password to save the same bank details again', async () => {
      const ada = await newUser('ada');
      const { bankDetails } = await dashboardOf(ada);
      const res = await put(ada, { bankDetails }).expect(200);
      expect(res.body.message).toBe('Bank details updated successfully!');
    });

    it('lets a user withdraw at once after first setting bank details', async () => {
      const bola = await newUser('bola', { bank: false, accountBalance: 500_000 });
      await put(bola, { bankDetails: zenith, currentPassword: TEST_PASSWORD }).expect(200);
      await h.http
        .post('/api/users/withdraw')
        .set(bola.auth)
        .send({ amount: 2000, type: 'withdrawal' })
        .expect(201);
    });

    it('holds withdrawals for 24 hours after a change, saying when they open again', async () => {
      const ada = await newUser('ada', { accountBalance: 500_000 });
      const res = await put(ada, { bankDetails: zenith, currentPassword: TEST_PASSWORD }).expect(200);
      expect(res.body.message).toBe('Bank details updated successfully!');
      expect(res.body.profile.bankDetails).toEqual({ ...zenith, bankCode: '057' });

      const refused = await h.http
        .post('/api/users/withdraw')
        .set(ada.auth)
        .send({ amount: 2000, type: 'withdrawal' })
        .expect(403);
      const changed = (await h.store.readStream(streams.user(ada.userId))).findLast(
        (e) => e.type === 'BankDetailsUpdated',
      )!;
      const opens = new Date(Date.parse((changed.data as { changedAt: string }).changedAt) + 24 * 3_600_000);
      // Lagos is UTC+1 all year.
      const lagos = new Date(opens.getTime() + 3_600_000);
      const month = lagos.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
      const time = `${String(lagos.getUTCHours()).padStart(2, '0')}:${String(lagos.getUTCMinutes()).padStart(2, '0')}`;
      const message =
        `Your bank details changed recently. For your safety, withdrawals open again at ${time} on ` +
        `${lagos.getUTCDate()} ${month} ${lagos.getUTCFullYear()} (24 hours after the change).`;
      expect(refused.body).toMatchObject({
        code: 'withdrawals_on_hold',
        message,
        errors: { amount: message },
      });
      expect((await dashboardOf(ada)).heldBalance).toBe(0);
    });
  });
});
