/** /api/finance/runs: verify and rebuild with live progress, in the API process. */
import { startHarness, type Harness } from '../support/harness';
import { expectProblem, fund, registerUser } from '../admin/support';

interface Run {
  id: string;
  kind: string;
  projection: string | null;
  state: 'running' | 'succeeded' | 'failed';
  stage: string;
  percent: number;
  result: Record<string, unknown> | null;
  error: string | null;
}

describe('finance runs', () => {
  let h: Harness;
  let auth: [string, string];

  /** Polls the run as the screen does, keeping every percent seen. */
  async function follow(id: string): Promise<{ run: Run; percents: number[] }> {
    const percents: number[] = [];
    for (let i = 0; i < 600; i++) {
      const res = await h.http
        .get(`/api/finance/runs/${id}`)
        .set(...auth)
        .expect(200);
      percents.push(res.body.run.percent);
      if (res.body.run.state !== 'running') return { run: res.body.run, percents };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the run did not finish');
  }

  const userBalances = async () =>
    (await h.db.pool.query('SELECT * FROM user_balances ORDER BY user_id')).rows;

  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
    for (let i = 0; i < 3; i++) await fund(h, (await registerUser(h)).userId, 100 + i);
  });
  afterAll(() => h.close());

  it('runs verify to the end with progress, and a second request joins the running one', async () => {
    const first = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'verify' })
      .expect(202);
    expect(first.body.run).toEqual(
      expect.objectContaining({ kind: 'verify', projection: null, state: 'running', startedBy: h.financeId }),
    );
    const second = await h.http
      .post('/api/finance/runs')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .send({ kind: 'verify' })
      .expect(202);
    expect(second.body.run.id).toBe(first.body.run.id);

    const { run, percents } = await follow(first.body.run.id);
    expect(run.state).toBe('succeeded');
    expect(run.percent).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(run.result).toEqual(
      expect.objectContaining({ ok: true, startedAt: expect.any(String), durationMs: expect.any(Number) }),
    );
    const checks = run.result!.checks as { name: string; ok: boolean }[];
    expect(checks.map((c) => c.name)).toEqual(expect.arrayContaining(['hash chain', 'read model balances']));
    expect(checks.every((c) => c.ok)).toBe(true);

    const list = await h.http
      .get('/api/finance/runs')
      .set(...auth)
      .expect(200);
    expect(list.body.runs[0].id).toBe(run.id);
  });

  it('rebuilds one projection while the live projectors run, leaving the read model the same', async () => {
    const before = await userBalances();
    expect(before.length).toBeGreaterThan(3);
    const started = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'rebuild', projection: 'balances' })
      .expect(202);
    expect(started.body.run).toEqual(expect.objectContaining({ kind: 'rebuild', projection: 'balances' }));
    // The same projection again while it runs: 409.
    const busy = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'rebuild', projection: 'balances' })
      .expect(409);
    expectProblem(busy.body, /A rebuild of balances is already running/);
    const all = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'rebuild', projection: 'all' })
      .expect(409);
    expectProblem(all.body, /already running/);
    // A verify meanwhile would compare read models in the middle of the swap.
    const verifying = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'verify' })
      .expect(409);
    expectProblem(verifying.body, 'A rebuild is running; verify the ledger once it has finished.');
    // The old verify call shares the same book of runs, and the same rule.
    const oldVerify = await h.http
      .get('/api/finance/verify')
      .set(...auth)
      .expect(409);
    expectProblem(oldVerify.body, 'A rebuild is running; verify the ledger once it has finished.');

    const { run } = await follow(started.body.run.id);
    expect(run.state).toBe('succeeded');
    expect(run.percent).toBe(100);
    expect(run.result).toEqual({
      position: expect.any(Number),
      events: expect.any(Number),
      seconds: expect.any(Number),
    });
    expect(run.result!.events).toBeGreaterThan(0);
    expect(await userBalances()).toEqual(before);
    const status = await h.http
      .get('/api/finance/projections')
      .set(...auth)
      .expect(200);
    expect(status.body.projectors.find((p: { name: string }) => p.name === 'balances').rebuiltAt).toEqual(
      expect.any(String),
    );
  });

  it('refuses an unknown projection, a rebuild without one, and an unknown run', async () => {
    const unknown = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'rebuild', projection: 'nope' })
      .expect(400);
    expectProblem(unknown.body);
    expect(unknown.body.errors.projection).toMatch(/^Unknown projection nope; known: .*balances/);
    const missing = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'rebuild' })
      .expect(400);
    expect(missing.body.errors.projection).toBe('Choose the projection to rebuild, or all.');
    const kind = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'delete' })
      .expect(400);
    expect(kind.body.errors.kind).toBe('Kind is verify or rebuild.');
    await h.http
      .get('/api/finance/runs/not-a-run')
      .set(...auth)
      .expect(404);
  });

  it('answers 401 without a token and 403 to a user', async () => {
    await h.http.get('/api/finance/runs').expect(401);
    await h.http.post('/api/finance/runs').send({ kind: 'verify' }).expect(401);
    const user = await registerUser(h);
    const bearer = `Bearer ${user.token}`;
    await h.http.get('/api/finance/runs').set('Authorization', bearer).expect(403);
    await h.http.post('/api/finance/runs').set('Authorization', bearer).send({ kind: 'verify' }).expect(403);
  });
});
