/** PUT /api/users/profile with bank details: by code or by name, checked through the bank directory. */
import { paystackBankDirectory } from '@kobo/jobs';
import { streams, type BankDetails } from '@kobo/ledger';
import { paystackLookup } from '../banks/paystack-lookup';
import { startHarness, type Harness } from '../support/harness';
import { registerUser, TEST_PASSWORD, withSignIn, type TestUser } from './support';

const storedBankDetails = async (h: Harness, user: TestUser) =>
  (await h.store.readStream(streams.user(user.userId)))
    .filter((e) => e.type === 'BankDetailsUpdated')
    .map((e) => (e.data as { bankDetails: BankDetails }).bankDetails);

describe('bank details, by code and checked', () => {
  describe('without a payout provider (manual)', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
    });
    afterAll(() => h.close());

    const put = (user: TestUser, bankDetails: object) =>
      h.http.put('/api/users/profile').set(user.auth).send({ bankDetails, currentPassword: TEST_PASSWORD });
    const fresh = async () => withSignIn(h, await registerUser(h, 'bola', { bank: false }));

    it('saves by code the name the list gives it, the typed account name marked unchecked', async () => {
      const bola = await fresh();
      const res = await put(bola, {
        bankCode: '044',
        accountNum: '0123456784',
        accountName: 'Bola Ade',
      }).expect(200);
      expect(res.body.message).toBe('Bank details updated successfully!');
      expect(res.body.profile.bankDetails).toEqual({
        bankName: 'Access Bank',
        bankCode: '044',
        accountNum: '0123456784',
        accountName: 'Bola Ade',
      });
      expect(await storedBankDetails(h, bola)).toEqual([
        {
          bankName: 'Access Bank',
          bankCode: '044',
          accountNum: '0123456784',
          accountName: 'Bola Ade',
          nameCheck: 'unchecked',
        },
      ]);
    });

    it("maps the web app's bank name alone to its code, whatever the case", async () => {
      const bola = await fresh();
      const res = await put(bola, {
        bankName: 'opay  BANK',
        accountNum: '8031234567',
        accountName: 'Bola Ade',
      }).expect(200);
      expect(res.body.profile.bankDetails).toMatchObject({ bankName: 'Opay Bank', bankCode: '999992' });
    });

    it('refuses a number whose check digit is wrong for the bank, saving nothing', async () => {
      const bola = await fresh();
      const res = await put(bola, {
        bankCode: '044',
        accountNum: '0123456789',
        accountName: 'Bola Ade',
      }).expect(400);
      const message = 'This account number is not valid for Access Bank. Check it and try again.';
      expect(res.body).toMatchObject({ message, errors: { 'bankDetails.accountNum': message } });
      expect(await storedBankDetails(h, bola)).toEqual([]);
    });

    it.each([
      [
        { bankCode: '044', accountNum: '0123456784' },
        'bankDetails.accountName',
        'Please fill in all bank details before updating.',
      ],
      [
        { accountNum: '0123456784', accountName: 'A' },
        'bankDetails.bankName',
        'Please fill in all bank details before updating.',
      ],
      [
        { bankCode: '50931', accountNum: '0123456784', accountName: 'A' },
        'bankDetails.bankCode',
        'Please choose your bank from the list.',
      ],
      [
        { bankCode: '044', bankName: 'Zenith Bank', accountNum: '0123456784', accountName: 'A' },
        'bankDetails.bankName',
        'Please choose your bank from the list.',
      ],
      [
        { bankCode: '999992', accountNum: '0000000000', accountName: 'A' },
        'bankDetails.accountNum',
        'This account number is not valid for Opay Bank. Check it and try again.',
      ],
    ])('refuses %j with 400 at %s', async (bankDetails, field, message) => {
      const bola = await fresh();
      const res = await put(bola, bankDetails).expect(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual({ [field]: message });
      expect(await storedBankDetails(h, bola)).toEqual([]);
    });
  });

  describe('with Paystack', () => {
    let h: Harness;
    const paystack = paystackLookup({
      '058:0123456785': 'CHIDI OKAFOR',
      '50931:5012345678': 'BOLA ADE',
    });
    beforeAll(async () => {
      h = await startHarness({}, { banks: paystackBankDirectory(paystack.lookup) });
    });
    afterAll(() => h.close());

    const put = (user: TestUser, body: object) => h.http.put('/api/users/profile').set(user.auth).send(body);
    const fresh = async () => withSignIn(h, await registerUser(h, 'chidi', { bank: false }));

    it('stores the name the bank holds, replacing a typed one that differs, and says so', async () => {
      const chidi = await fresh();
      const res = await put(chidi, {
        bankDetails: { bankCode: '058', accountNum: '0123456785', accountName: 'Chidi Okafor Jnr' },
        currentPassword: TEST_PASSWORD,
      }).expect(200);
      expect(res.body.message).toBe(
        'Bank details updated. The account name is the one your bank holds: CHIDI OKAFOR.',
      );
      expect(res.body.profile.bankDetails).toEqual({
        bankName: 'Guaranty Trust Bank',
        bankCode: '058',
        accountNum: '0123456785',
        accountName: 'CHIDI OKAFOR',
      });
      expect(await storedBankDetails(h, chidi)).toEqual([
        expect.objectContaining({ accountName: 'CHIDI OKAFOR', nameCheck: 'resolved' }),
      ]);
    });

    it('keeps the plain message when the typed name is the bank’s but for case', async () => {
      const chidi = await fresh();
      const res = await put(chidi, {
        bankDetails: {
          bankName: 'Guaranty Trust Bank',
          accountNum: '0123456785',
          accountName: 'chidi okafor',
        },
        currentPassword: TEST_PASSWORD,
      }).expect(200);
      expect(res.body.message).toBe('Bank details updated successfully!');
      expect(res.body.profile.bankDetails.accountName).toBe('CHIDI OKAFOR');
    });

    it('needs no typed name, and takes a bank only Paystack lists', async () => {
      const chidi = await fresh();
      const res = await put(chidi, {
        bankDetails: { bankCode: '50931', accountNum: '5012345678' },
        currentPassword: TEST_PASSWORD,
      }).expect(200);
      expect(res.body.profile.bankDetails).toEqual({
        bankName: 'Bowen Microfinance Bank',
        bankCode: '50931',
        accountNum: '5012345678',
        accountName: 'BOLA ADE',
      });
    });

    it('refuses a number Paystack cannot resolve with 422, saving nothing', async () => {
      const chidi = await fresh();
      const res = await put(chidi, {
        bankDetails: { bankCode: '058', accountNum: '1123456782', accountName: 'Chidi Okafor' },
        currentPassword: TEST_PASSWORD,
      }).expect(422);
      expect(res.body.message).toBe(
        'We could not find this account at Guaranty Trust Bank. Check the account number.',
      );
      expect(await storedBankDetails(h, chidi)).toEqual([]);
    });

    it('asks for the current password before asking the bank', async () => {
      const chidi = await fresh();
      const before = paystack.state.resolves;
      await put(chidi, { bankDetails: { bankCode: '058', accountNum: '0123456785' } }).expect(400);
      expect(paystack.state.resolves).toBe(before);
    });
  });
});
