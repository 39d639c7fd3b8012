/**
 * Finance runs are kept in the database with who started them: another API on the same database
 * (what a restart is) lists them with their starter and outcome, and a run whose process stopped
 * reads interrupted, not running for ever.
 */
import request from 'supertest';
import { eventually } from '@kobo/platform/testing';
import { createApiApp } from '../../src/app';
import { createAuth } from '../../src/http';
import { holdLock, startHarness, type Harness } from '../support/harness';

interface Run {
  id: string;
  kind: string;
  state: string;
  stage: string;
  startedBy: string;
  startedByName: string | null;
  result: { ok?: boolean } | null;
}

describe('finance runs kept across restarts', () => {
  let h: Harness;
  let auth: [string, string];
  /** A second API on the same database, made after the runs started: the API after a restart. */
  let restarted: ReturnType<typeof request>;

  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
  });
  afterAll(() => h.close());

  const runsOf = async (http: ReturnType<typeof request>): Promise<Run[]> =>
    (
      await http
        .get('/api/finance/runs')
        .set(...auth)
        .expect(200)
    ).body.runs;

  function restart() {
    const context = {
      ...h.context,
      auth: createAuth('test-secret-that-is-long-enough-for-hs256-signing', h.db.pool),
    };
    return request(createApiApp(context, { webOrigin: 'http://localhost:5173' }));
  }

  it('lists a finished run after a restart, with who started it and its outcome', async () => {
    const started = await h.http
      .post('/api/finance/runs')
      .set(...auth)
      .send({ kind: 'verify' })
      .expect(202);
    const id = started.body.run.id as string;
    expect(started.body.run).toEqual(
      expect.objectContaining({ startedBy: h.financeId, startedByName: 'Finance Kobo' }),
    );
    await eventually('the verify run to finish', async () => {
      const run = (await runsOf(h.http)).find((r) => r.id === id);
      return run?.state === 'running' ? undefined : run;
    });

    restarted = restart();
    const runs = await runsOf(restarted);
    expect(runs[0]).toEqual(
      expect.objectContaining({
        id,
        kind: 'verify',
        state: 'succeeded',
        stage: 'Finished',
        startedBy: h.financeId,
        startedByName: 'Finance Kobo',
        result: expect.objectContaining({ ok: true }),
      }),
    );
    const one = await restarted
      .get(`/api/finance/runs/${id}`)
      .set(...auth)
      .expect(200);
    expect(one.body.run.state).toBe('succeeded');
  });

  it('shows a run running while its process runs it, and interrupted once that process is gone', async () => {
    // Verify waits on the log, held here, so the run stays running while we look.
    const log = await holdLock(h, 'LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
    let id = '';
    try {
      const started = await h.http
        .post('/api/finance/runs')
        .set('Authorization', `Bearer ${h.adminToken}`)
        .send({ kind: 'verify' })
        .expect(202);
      id = started.body.run.id;
      const seen = (await runsOf(restart())).find((r) => r.id === id)!;
      expect(seen).toEqual(expect.objectContaining({ state: 'running', startedByName: 'Admin Kobo' }));
      // Another verify, from another API process, joins it rather than starting a second.
      const again = await restart()
        .post('/api/finance/runs')
        .set(...auth)
        .send({ kind: 'verify' })
        .expect(202);
      expect(again.body.run.id).toBe(id);

      // The process running it dies: its connections close, its lock with them.
      const { rowCount } = await h.db.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND classid = 741004
            AND objid = (hashtext($1)::bigint & 4294967295)::oid`,
        [id],
      );
      expect(rowCount).toBe(1);
      const interrupted = await eventually('the run to read interrupted', async () => {
        const run = (await runsOf(restart())).find((r) => r.id === id)!;
        return run.state === 'interrupted' ? run : undefined;
      });
      expect(interrupted).toEqual(
        expect.objectContaining({
          state: 'interrupted',
          stage: expect.stringMatching(/^Interrupted/),
          startedBy: h.adminId,
          startedByName: 'Admin Kobo',
        }),
      );
    } finally {
      await log.release();
    }
    // (This process lived on: its verify ends and records its outcome.)
    await eventually('the verify run to end', async () => {
      const run = (await runsOf(h.http)).find((r) => r.id === id)!;
      return run.state === 'running' ? undefined : run;
    });
  });
});
