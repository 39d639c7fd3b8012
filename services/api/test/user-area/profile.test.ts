import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from '../support/harness';
import { registerUser, TEST_PASSWORD, withSignIn, type TestUser } from './support';

describe('the dashboard and the profile', () => {
  let h: Harness;
  let ada: TestUser;
  let bola: TestUser;

  beforeAll(async () => {
    h = await startHarness();
    ada = await withSignIn(h, await registerUser(h, 'ada', { accountBalance: 1_234_550 }));
    bola = await withSignIn(h, await registerUser(h, 'bola', { bank: false }));
  });
  afterAll(() => h.close());

  const dashboardOf = async (user: TestUser) =>
    (await h.http.get('/api/users/dashboard').set(user.auth).expect(200)).body;

  describe('GET /api/users/dashboard', () => {
    it("answers the signed-in user's balances, totals, profile and withdrawal rules in naira", async () => {
      const money = h.config.money;
      expect(await dashboardOf(ada)).toEqual({
        username: `ada-${ada.userId.slice(0, 8)}`,
        accountBalance: 12_345.5,
        activityBalance: money.signupBonus / 100,
        heldBalance: 0,
        totalTasks: 0,
        totalEarnings: money.signupBonus / 100,
        totalReferrals: 0,
        totalWithdrawn: 0,
        referralCode: ada.userId.slice(0, 8).toUpperCase(),
        firstName: 'Ada',
        lastName: 'Tester',
        email: `ada-${ada.userId.slice(0, 8)}@kobo.test`,
        phone: '08030000000',
        bankDetails: {
          bankName: 'Kuda Bank',
          bankCode: '50211',
          accountNum: '0123456789',
          accountName: 'ada Tester',
        },
        hasPin: false,
        withdrawalRules: {
          minAccount: money.minWithdrawalAccount / 100,
          minActivity: money.minWithdrawalActivity / 100,
          fee: money.withdrawalFee / 100,
        },
      });
      expect(h.config.money.minWithdrawalAccount).toBe(200_000); // ₦2,000, the product's default
    });

    it('shows missing bank details as empty strings', async () => {
      expect((await dashboardOf(bola)).bankDetails).toEqual({
        bankName: '',
        bankCode: '',
        accountNum: '',
        accountName: '',
      });
    });

    it('refuses a request without a token (401) and other roles (403)', async () => {
      const anonymous = await h.http.get('/api/users/dashboard').expect(401);
      expect(anonymous.body.message).toBe('Authentication required');
      const admin = await h.http
        .get('/api/users/dashboard')
        .set('Authorization', `Bearer ${h.adminToken}`)
        .expect(403);
      expect(admin.body.message).toBe('You do not have access to this resource');
    });

    it('answers 404 for a token whose user does not exist', async () => {
      const ghost = await h.context.auth.sessions.open({ userId: randomUUID(), role: 'user' });
      const res = await h.http
        .get('/api/users/dashboard')
        .set('Authorization', `Bearer ${ghost}`)
        .expect(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: 'User not found.' });
    });
  });

  describe('PUT /api/users/profile', () => {
    it('updates the four profile fields and answers the profile as it now is', async () => {
      const email = `chidi-${randomUUID().slice(0, 8)}@kobo.test`;
      const res = await h.http
        .put('/api/users/profile')
        .set(bola.auth)
        .send({
          firstName: 'chidi',
          lastName: 'OKAFOR',
          email: email.toUpperCase(),
          phone: ' 08031111111 ',
          currentPassword: TEST_PASSWORD,
        })
        .expect(200);
      expect(res.body.message).toBe('Profile updated successfully!');
      expect(res.body.profile).toMatchObject({
        firstName: 'Chidi',
        lastName: 'Okafor',
        email,
        phone: '08031111111',
      });
      expect(await dashboardOf(bola)).toMatchObject({ firstName: 'Chidi', lastName: 'Okafor', email });
    });

    it('moves the sign-in email along with the profile email', async () => {
      const carl = await withSignIn(h, await registerUser(h, 'carl'));
      const email = `carl.new-${carl.userId.slice(0, 8)}@kobo.test`;
      await h.http
        .put('/api/users/profile')
        .set(carl.auth)
        .send({ email, currentPassword: TEST_PASSWORD })
        .expect(200);
      const { rows } = await h.context.pool.query('SELECT email FROM credentials WHERE user_id = $1', [
        carl.userId,
      ]);
      expect(rows).toEqual([{ email }]);
    });

    it('updates the bank details', async () => {
      const bankDetails = { bankName: 'Zenith Bank', accountNum: '2233445568', accountName: 'Chidi Okafor' };
      const res = await h.http
        .put('/api/users/profile')
        .set(bola.auth)
        .send({ bankDetails, currentPassword: TEST_PASSWORD })
        .expect(200);
      expect(res.body.message).toBe('Bank details updated successfully!');
      expect(res.body.profile.bankDetails).toEqual({ ...bankDetails, bankCode: '057' });
      expect((await dashboardOf(bola)).bankDetails).toEqual({ ...bankDetails, bankCode: '057' });
    });

    it('answers a saved change from the ledger while the users read model is behind (not 404)', async () => {
      const chidi = await withSignIn(h, await registerUser(h, 'chidi', { bank: false }));
      // As during a rebuild or a projector restart: the read model has no row for the user yet.
      await h.db.pool.query('DELETE FROM users WHERE user_id = $1', [chidi.userId]);
      const bankDetails = { bankName: 'Kuda Bank', accountNum: '3344556677', accountName: 'Chidi Eze' };
      const res = await h.http
        .put('/api/users/profile')
        .set(chidi.auth)
        .send({ bankDetails, currentPassword: TEST_PASSWORD })
        .expect(200);
      expect(res.body.profile).toEqual(
        expect.objectContaining({
          username: `chidi-${chidi.userId.slice(0, 8)}`,
          bankDetails: { ...bankDetails, bankCode: '50211' },
        }),
      );
    });

    it.each([
      [{ firstName: '   ' }, 'Please fill in all fields before updating.'],
      [
        { firstName: 'Ada', lastName: '', email: 'a@b.ng', phone: '1' },
        'Please fill in all fields before updating.',
      ],
      [{}, 'Please fill in all fields before updating.'],
      [
        { bankDetails: { bankName: 'Kuda Bank', accountNum: '0123456789' } },
        'Please fill in all bank details before updating.',
      ],
      [
        { bankDetails: { bankName: 'Kuda Bank', accountNum: ' ', accountName: 'A' } },
        'Please fill in all bank details before updating.',
      ],
      [{ bankDetails: 'Kuda Bank' }, 'Please fill in all bank details before updating.'],
      [
        { bankDetails: { bankName: 'Bank of Nowhere', accountNum: '0123456789', accountName: 'A' } },
        'Please choose your bank from the list.',
      ],
      [
        { bankDetails: { bankName: 'Kuda Bank', accountNum: '12345', accountName: 'A' } },
        'Account number must be 10 digits.',
      ],
      [{ email: 'not-an-email', currentPassword: TEST_PASSWORD }, 'Please enter a valid email address.'],
      [{ firstName: 42 }, 'Please fill in all fields before updating.'],
    ])('refuses %j with 400 and the message', async (body, message) => {
      const before = await dashboardOf(ada);
      const res = await h.http
        .put('/api/users/profile')
        .set(ada.auth)
        .send(body as object)
        .expect(400);
      expect(res.type).toBe('application/problem+json');
      expect(res.body.message).toBe(message);
      expect(await dashboardOf(ada)).toEqual(before);
    });

    it('refuses a malformed JSON body with 400, never 5xx', async () => {
      const res = await h.http
        .put('/api/users/profile')
        .set(ada.auth)
        .set('Content-Type', 'application/json')
        .send('{"firstName": ')
        .expect(400);
      expect(res.type).toBe('application/problem+json');
    });

    it('refuses an email another account holds (409), changing nothing', async () => {
      const before = await dashboardOf(ada);
      const taken = (await dashboardOf(bola)).email;
      const res = await h.http
        .put('/api/users/profile')
        .set(ada.auth)
        .send({ email: taken, currentPassword: TEST_PASSWORD })
        .expect(409);
      expect(res.body.code).toBe('conflict');
      expect(await dashboardOf(ada)).toEqual(before);
    });

    it("changes only the token's user, whatever user id the body names", async () => {
      const bolaBefore = await dashboardOf(bola);
      await h.http
        .put('/api/users/profile')
        .set(ada.auth)
        .send({ userId: bola.userId, firstName: 'Adaeze' })
        .expect(200);
      expect((await dashboardOf(ada)).firstName).toBe('Adaeze');
      expect(await dashboardOf(bola)).toEqual(bolaBefore);
    });

    it('answers 404 for a token whose user does not exist', async () => {
      const ghost = await h.context.auth.sessions.open({ userId: randomUUID(), role: 'user' });
      const res = await h.http
        .put('/api/users/profile')
        .set('Authorization', `Bearer ${ghost}`)
        .send({ firstName: 'Nobody' })
        .expect(404);
      expect(res.body.code).toBe('not_found');
    });
  });
});
