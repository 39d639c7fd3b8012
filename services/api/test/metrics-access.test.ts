/** /metrics: who may scrape it, and what a scrape costs the database. */
import request from 'supertest';
import { countingQueries } from '@kobo/platform/testing';
import { createApiApp } from '../src/app';
import { keptFor } from '../src/features/operations/metrics';
import { startHarness, type Harness } from './support/harness';

const webOrigin = 'http://localhost:5173';
const token = 'scrape-token-0123456789';

describe('/metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('without METRICS_TOKEN answers a client on this machine, not one forwarded by a proxy', async () => {
    await h.http.get('/metrics').expect(200);
    const forwarded = await h.http.get('/metrics').set('X-Forwarded-For', '198.51.100.7').expect(404);
    expect(forwarded.text).not.toMatch(/kobo_/);
    await h.http.get('/metrics').set('Forwarded', 'for=198.51.100.7').expect(404);
  });

  it('with METRICS_TOKEN answers only the bearer of the token', async () => {
    const app = request(
      createApiApp({ ...h.context, config: { ...h.config, metricsToken: token } }, { webOrigin }),
    );
    await app.get('/metrics').expect(404);
    await app.get('/metrics').set('Authorization', 'Bearer not-the-token-at-all!!').expect(404);
    const scraped = await app.get('/metrics').set('Authorization', `Bearer ${token}`).expect(200);
    expect(scraped.text).toMatch(/# TYPE kobo_withdrawals gauge/);
  });

  it('runs the withdrawals GROUP BY at most once per period, however often it is scraped', async () => {
    const { pool: counting, count: groupBys } = countingQueries(h.db.pool, (text) => /GROUP BY/i.test(text));
    const app = request(createApiApp({ ...h.context, pool: counting }, { webOrigin }));
    for (let i = 0; i < 5; i++) await app.get('/metrics').expect(200);
    expect(groupBys()).toBe(1);
  });
});

describe('keptFor', () => {
  it('keeps an answer for its period, then reads again; a failed read is not kept', async () => {
    let now = 0;
    let reads = 0;
    let fail = false;
    const read = keptFor(
      1000,
      async () => {
        reads++;
        if (fail) throw new Error('down');
        return reads;
      },
      () => now,
    );
    expect(await read()).toBe(1);
    now = 999;
    expect(await read()).toBe(1);
    now = 1000;
    fail = true;
    await expect(read()).rejects.toThrow('down');
    fail = false;
    expect(await read()).toBe(3);
  });
});
