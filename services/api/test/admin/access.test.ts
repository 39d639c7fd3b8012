/** Who may call what: admin routes are admin-only; finance routes are for finance and admin. */
import { startHarness, type Harness } from '../support/harness';
import { registerUser } from './support';

type Method = 'get' | 'post' | 'put' | 'delete';
const someId = '00000000-0000-4000-8000-000000000000';

const adminRoutes: [Method, string][] = [
  ['get', '/api/admin/stats'],
  ['get', '/api/admin/users'],
  ['post', '/api/admin/users'],
  ['put', `/api/admin/users/${someId}`],
  ['delete', `/api/admin/users/${someId}`],
  ['get', '/api/admin/transactions'],
  ['get', '/api/admin/withdrawals'],
  ['post', '/api/admin/withdrawals/approve'],
  ['post', '/api/admin/withdrawals/reject'],
  ['get', '/api/admin/tasks'],
  ['post', '/api/admin/tasks'],
  ['put', `/api/admin/tasks/${someId}`],
  ['delete', `/api/admin/tasks/${someId}`],
  ['put', `/api/admin/tasks/${someId}/status`],
  ['post', '/api/admin/tasks/approve'],
  ['post', '/api/admin/tasks/reject'],
];

const financeRoutes: [Method, string][] = [
  ['get', '/api/finance/journal'],
  ['get', '/api/finance/accounts/world/statement'],
  ['get', '/api/finance/accounts/world/balance'],
  ['get', '/api/finance/verify'],
  ['get', '/api/finance/projections'],
  ['get', '/api/finance/export.csv'],
  ['get', '/api/finance/payouts'],
  ['get', '/api/finance/payouts.csv'],
  ['post', `/api/finance/payouts/${someId}/mark-paid`],
  ['post', `/api/finance/payouts/${someId}/mark-failed`],
];

describe('admin and finance access', () => {
  let h: Harness;
  let userToken: string;
  beforeAll(async () => {
    h = await startHarness();
    userToken = (await registerUser(h)).token;
  });
  afterAll(() => h.close());

  it.each([...adminRoutes, ...financeRoutes])(
    '%s %s needs a signed-in caller (401)',
    async (method, path) => {
      const res = await h.http[method](path).send({});
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Authentication required');
    },
  );

  it.each([...adminRoutes, ...financeRoutes])('%s %s refuses a user (403)', async (method, path) => {
    const res = await h.http[method](path).set('Authorization', `Bearer ${userToken}`).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have access to this resource');
  });

  it.each(adminRoutes)('%s %s refuses finance (403)', async (method, path) => {
    const res = await h.http[method](path).set('Authorization', `Bearer ${h.financeToken}`).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have access to this resource');
  });

  it.each(financeRoutes.filter(([method]) => method === 'get'))(
    '%s %s lets finance and admin read',
    async (method, path) => {
      for (const token of [h.financeToken, h.adminToken]) {
        const res = await h.http[method](path).set('Authorization', `Bearer ${token}`);
        expect(res.status).toBe(200);
      }
    },
  );
});
