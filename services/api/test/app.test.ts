import { startHarness, type Harness } from './support/harness';

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

  it('exposes projection lag and withdrawals by state to Prometheus', async () => {
    const res = await h.http.get('/metrics').expect(200);
    expect(res.text).toMatch(/kobo_projection_lag_events\{projector="balances",state="[a-z-]+"\} \d+/);
    expect(res.text).toMatch(/# TYPE kobo_withdrawals gauge/);
    expect(res.text).toMatch(/http_request_duration_seconds_bucket/);
  });

  it('serves its OpenAPI document and a docs page', async () => {
    const doc = await h.http.get('/api/openapi.json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\.1/);
    const page = await h.http.get('/api/docs').expect(200);
    expect(page.type).toBe('text/html');
  });

  it('answers an unknown API path with a problem', async () => {
    const res = await h.http.get('/api/nowhere').expect(404);
    expect(res.type).toBe('application/problem+json');
  });
});
