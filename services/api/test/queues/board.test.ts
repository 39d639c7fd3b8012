import request from 'supertest';
import { createQueues, type JobQueues } from '@kobo/jobs';
import { createApiApp } from '../../src/app';
import { startHarness, type Harness } from '../support/harness';

describe('Bull Board at /admin/queues', () => {
  let h: Harness;
  let queues: JobQueues;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    h = await startHarness();
    queues = createQueues({ databaseUrl: h.db.url });
    http = request(createApiApp(h.context, { webOrigin: 'http://localhost:5173', queues: queues.list() }));
  });
  afterAll(async () => {
    await queues.close();
    await h.close();
  });

  it('asks an anonymous visitor to sign in', async () => {
    const res = await http.get('/admin/queues').expect(401);
    expect(res.text).toBe('Sign in as an admin to see the queues.');
  });

  it('refuses users and finance staff, whatever role cookie they send', async () => {
    const user = await h.context.auth.sessions.open({
      userId: '11111111-1111-4111-8111-111111111111',
      role: 'user',
    });
    await http.get('/admin/queues').set('Authorization', `Bearer ${user}`).expect(403);
    await http.get('/admin/queues').set('Cookie', `kobo_session=${user}; role=admin`).expect(403);
    await http.get('/admin/queues').set('Authorization', `Bearer ${h.financeToken}`).expect(403);
  });

  it('refuses an admin whose session has ended (logout), like the API does', async () => {
    const session = await h.context.auth.sessions.open({ userId: h.adminId, role: 'admin' });
    await http.get('/admin/queues').set('Cookie', `kobo_session=${session}`).expect(200);
    await h.context.auth.sessions.end(h.context.auth.tokens.verify(session));
    const res = await http.get('/admin/queues').set('Cookie', `kobo_session=${session}`).expect(401);
    expect(res.text).toBe('Session expired, please sign in again');
  });

  it('shows the queues to an admin, by header or by the session cookie', async () => {
    await http.get('/admin/queues').set('Authorization', `Bearer ${h.adminToken}`).expect(200);
    const page = await http.get('/admin/queues').set('Cookie', `kobo_session=${h.adminToken}`).expect(200);
    expect(page.type).toBe('text/html');
    const api = await http
      .get('/admin/queues/api/queues')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .expect(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(
      queues
        .list()
        .map((q) => q.name)
        .sort(),
    );
  });

  it('refuses a cookie-authenticated change from another site, and takes one from ours', async () => {
    // Pausing a queue: a state change Bull Board makes with the browser's cookie.
    const pause = '/admin/queues/api/queues/payouts/pause';
    const foreign = await http
      .put(pause)
      .set('Cookie', `kobo_session=${h.adminToken}`)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(foreign.text).toBe('This request did not come from the Kobo site.');
    await http.post(pause).set('Cookie', `kobo_session=${h.adminToken}`).expect(403);
    expect(await queues.payouts.isPaused()).toBe(false);

    await http
      .put(pause)
      .set('Cookie', `kobo_session=${h.adminToken}`)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200);
    expect(await queues.payouts.isPaused()).toBe(true);
    await http
      .put('/admin/queues/api/queues/payouts/resume')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .expect(200);
    expect(await queues.payouts.isPaused()).toBe(false);
  });
});
