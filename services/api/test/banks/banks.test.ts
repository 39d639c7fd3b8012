import { SPEC_BANKS } from '@kobo/ledger';
import { paystackBankDirectory } from '@kobo/jobs';
import { startHarness, type Harness } from '../support/harness';
import { registerUser, type TestUser } from '../user-area/support';
import { paystackLookup } from './paystack-lookup';

describe('GET /api/banks and GET /api/banks/resolve', () => {
  describe('without a payout provider (manual)', () => {
    let h: Harness;
    let ada: TestUser;

    beforeAll(async () => {
      h = await startHarness();
      ada = await registerUser(h, 'ada');
    });
    afterAll(() => h.close());

    it("lists the banks with their codes, the spec's 20 among them", async () => {
      const res = await h.http.get('/api/banks').set(ada.auth).expect(200);
      for (const bank of SPEC_BANKS) expect(res.body.banks).toContainEqual(bank);
      expect(res.body.banks).toContainEqual({ name: 'First City Monument Bank', code: '214' });
    });

    it('answers signed-in people only', async () => {
      await h.http.get('/api/banks').expect(401);
      await h.http.get('/api/banks').set('Authorization', `Bearer ${h.financeToken}`).expect(200);
      await h.http.get('/api/banks/resolve?bankCode=044&accountNumber=0123456784').expect(401);
    });

    it('checks the NUBAN digit only and says the name could not be checked', async () => {
      const res = await h.http
        .get('/api/banks/resolve')
        .query({ bankCode: '044', accountNumber: '0123456784' })
        .set(ada.auth)
        .expect(200);
      expect(res.body).toEqual({
        accountName: null,
        checked: false,
        message: 'The account name could not be checked. Make sure it is your own account.',
      });
    });

    it.each([
      [
        { bankCode: '044', accountNumber: '0123456789' },
        'accountNumber',
        'This account number is not valid for Access Bank. Check it and try again.',
      ],
      [{ bankCode: '044', accountNumber: '12345' }, 'accountNumber', 'Account number must be 10 digits.'],
      [
        { bankCode: '50931', accountNumber: '8031234567' },
        'bankCode',
        'Please choose your bank from the list.',
      ],
      [{ accountNumber: '8031234567' }, 'bankCode', 'Please choose your bank from the list.'],
    ])('refuses %j with 400 on the field at fault', async (query, field, message) => {
      const res = await h.http.get('/api/banks/resolve').query(query).set(ada.auth).expect(400);
      expect(res.type).toBe('application/problem+json');
      expect(res.body.errors).toEqual({ [field]: message });
    });

    it('allows 10 checks a minute per account, then answers 429', async () => {
      const bola = await registerUser(h, 'bola');
      const check = (user: TestUser) =>
        h.http
          .get('/api/banks/resolve')
          .query({ bankCode: '999992', accountNumber: '8031234567' })
          .set(user.auth);
      for (let i = 0; i < 10; i++) await check(bola).expect(200);
      const refused = await check(bola).expect(429);
      expect(refused.body.message).toBe('Too many account checks. Please wait a minute and try again.');
      // Another account is counted apart.
      await check(await registerUser(h, 'chidi')).expect(200);
    });
  });

  describe('with Paystack', () => {
    let h: Harness;
    let ada: TestUser;
    const paystack = paystackLookup({ '058:0123456785': 'CHIDI OKAFOR' });

    beforeAll(async () => {
      h = await startHarness({}, { banks: paystackBankDirectory(paystack.lookup) });
      ada = await registerUser(h, 'ada');
    });
    afterAll(() => h.close());

    it("lists Paystack's banks with the spec's 20 always in it", async () => {
      const { banks } = (await h.http.get('/api/banks').set(ada.auth).expect(200)).body;
      for (const bank of SPEC_BANKS) expect(banks).toContainEqual(bank);
      expect(banks).toContainEqual({ name: 'Bowen Microfinance Bank', code: '50931' });
    });

    it('answers the name the bank holds', async () => {
      const res = await h.http
        .get('/api/banks/resolve')
        .query({ bankCode: '058', accountNumber: '0123456785' })
        .set(ada.auth)
        .expect(200);
      expect(res.body).toEqual({
        accountName: 'CHIDI OKAFOR',
        checked: true,
        message: 'This is the name your bank holds for the account.',
      });
    });

    it('answers 422 for a number the bank does not know, and 503 when Paystack cannot be reached', async () => {
      const unknown = await h.http
        .get('/api/banks/resolve')
        .query({ bankCode: '058', accountNumber: '1123456782' })
        .set(ada.auth)
        .expect(422);
      expect(unknown.body.message).toBe(
        'We could not find this account at Guaranty Trust Bank. Check the account number.',
      );
      paystack.state.down = true;
      try {
        await h.http
          .get('/api/banks/resolve')
          .query({ bankCode: '058', accountNumber: '0123456785' })
          .set(ada.auth)
          .expect(503);
      } finally {
        paystack.state.down = false;
      }
    });
  });
});
