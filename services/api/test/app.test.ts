import request from 'supertest';
import { createPool } from '@kobo/platform';
import { createApiApp } from '../src/app';
import { startHarness, type Harness } from './support/harness';
import { buildApiDocument } from '../src/cli/openapi-document';

describe('the API application', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('answers the health probes', async () => {
    await h.http.get('/healthz').expect(200, { status: 'ok' });
    const ready = await h.http.get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', problems: [] });
  });

  it('answers ready only once every connection of the pool is open', async () => {
    // A process just started: its pool has opened nothing yet.
    const fresh = createPool(h.db.url, 4);
    try {
      const app = createApiApp({ ...h.context, pool: fresh }, { webOrigin: 'http://localhost:5173' });
      expect(fresh.totalCount).toBe(0);
      const ready = await request(app).get('/readyz').expect(200);
      expect(ready.body).toEqual({ status: 'ready', problems: [] });
      expect(fresh.totalCount).toBe(4);
      expect(fresh.idleCount).toBe(4);
    } finally {
      await fresh.end();
    }
  });

  it("says the database is unavailable without echoing the driver's error text", async () => {
    // Nothing listens on port 1: the driver's message names the host and port.
    const down = createPool('postgres://kobo-user@127.0.0.1:1/kobo', 1);
    try {
      const app = createApiApp({ ...h.context, pool: down }, { webOrigin: 'http://localhost:5173' });
      const res = await request(app).get('/readyz').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', problems: ['database unavailable'] });
      expect(res.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|kobo-user/);
    } finally {
      await down.end();
    }
  });

  it('exposes projection lag and withdrawals by state to Prometheus', async () => {
    const res = await h.http.get('/metrics').expect(200);
    expect(res.text).toMatch(/kobo_projection_lag_events\{projector="balances",state="[a-z-]+"\} \d+/);
    // The same series for every consumer of the log, projectors and reactors alike.
    expect(res.text).toMatch(
      /kobo_consumer_lag_events\{consumer="balances",kind="projection",state="[a-z-]+"\} \d+/,
    );
    expect(res.text).toMatch(/^kobo_consumer_failed\{consumer="balances",kind="projection"\} 0$/m);
    expect(res.text).toMatch(/# TYPE kobo_withdrawals gauge/);
    expect(res.text).toMatch(/^kobo_reads_waiting_for_writes 0$/m);
    expect(res.text).toMatch(/http_request_duration_seconds_bucket/);
  });

  it('serves its OpenAPI document and a docs page', async () => {
    const doc = await h.http.get('/api/openapi.json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\.1/);
    // The one the code declares (npm run api-types): the web app's contract check reads it here.
    expect(doc.body).toEqual(buildApiDocument());
    const page = await h.http.get('/api/docs').expect(200);
    expect(page.type).toBe('text/html');
  });

  it('answers an unknown API path with a problem', async () => {
    const res = await h.http.get('/api/nowhere').expect(404);
    expect(res.type).toBe('application/problem+json');
  });
});
