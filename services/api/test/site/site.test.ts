import { startHarness, type Harness } from '../support/harness';
import { registerUser } from '../user-area/support';

describe('GET /api/site', () => {
  let h: Harness;

  beforeAll(async () => {
    // Figures other than the defaults, so the answer can only come from configuration.
    h = await startHarness({
      SIGNUP_BONUS_NAIRA: '750',
      REFERRAL_BONUS_NAIRA: '250.5',
      MIN_WITHDRAWAL_ACCOUNT_NAIRA: '3000',
      MIN_WITHDRAWAL_ACTIVITY_NAIRA: '45000',
      WITHDRAWAL_FEE_NAIRA: '100',
    });
  });
  afterAll(() => h.close());

  it('answers the configured figures in naira, without a token', async () => {
    const res = await h.http.get('/api/site').expect(200);
    expect(res.body).toEqual({
      minWithdrawalAccount: 3000,
      minWithdrawalActivity: 45000,
      withdrawalFee: 100,
      signupBonus: 750,
      referralBonus: 250.5,
    });
  });

  it('lets browsers and proxies keep it for five minutes', async () => {
    const res = await h.http.get('/api/site').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it("agrees with the dashboard's withdrawal rules", async () => {
    const site = (await h.http.get('/api/site').expect(200)).body;
    const user = await registerUser(h, 'ada');
    const dashboard = (await h.http.get('/api/users/dashboard').set(user.auth).expect(200)).body;
    expect(dashboard.withdrawalRules).toEqual({
      minAccount: site.minWithdrawalAccount,
      minActivity: site.minWithdrawalActivity,
      fee: site.withdrawalFee,
    });
  });

  it('describes its answer in the OpenAPI document', async () => {
    const document = (await h.http.get('/api/openapi.json').expect(200)).body;
    const operation = document.paths['/site'].get;
    expect(operation.security).toEqual([]);
    expect(JSON.stringify(operation.responses['200'])).toContain('referralBonus');
  });
});
