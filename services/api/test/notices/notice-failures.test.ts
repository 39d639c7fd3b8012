/**
 * The notices reactor on the consumer runtime: a notice that cannot be recorded (here the outbox
 * refuses one address, through a trigger in the real database) stops the reactor at that event,
 * is recorded and shown to finance and to Prometheus, and once the outbox takes it the reactor
 * goes on and the failure is marked resolved.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { kobo } from '@kobo/ledger';
import { registerUser } from '@kobo/ledger/testing';
import { eventually } from '@kobo/platform/testing';
import type { ConsumersHandle } from '@kobo/projector';
import { createApiApp } from '../../src/app';
import { createOutboxMailer } from '../../src/email';
import { startNoticeReactor } from '../../src/notices/notice-reactor';
import { startHarness, type Harness } from '../support/harness';

describe('a notice that keeps failing', () => {
  let h: Harness;
  let notices: ConsumersHandle | undefined;
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await notices?.stop();
    await h.close();
  });

  /** A user whose withdrawal is declined (one notice): the user's email and the decline's position. */
  async function declinedWithdrawal(): Promise<{ email: string; position: number }> {
    const { commands } = h.context;
    const { userId, email } = await registerUser(commands, { account: 1_000_000 });
    const withdrawalId = randomUUID();
    const requested = await commands.requestWithdrawal({
      userId,
      withdrawalId,
      type: 'withdrawal',
      amount: kobo(300_000),
    });
    // Staff decide through the API (it finds the withdrawal in its read model), as they do.
    await h.projectors.waitFor(requested.lastPosition, ['withdrawals']);
    await h.http
      .post('/api/admin/withdrawals/reject')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .send({ transactionId: withdrawalId, reason: 'Name does not match' })
      .expect(200);
    return { email, position: await h.store.headPosition() };
  }

  async function outbox(to: string) {
    const { rows } = await h.db.pool.query(
      `SELECT subject FROM email_outbox WHERE kind = 'notice' AND to_address = $1`,
      [to],
    );
    return rows.map((row) => row.subject as string);
  }

  it('is isolated, recorded and shown, and the reactor goes on once it passes', async () => {
    const refused = await declinedWithdrawal();
    const later = await declinedWithdrawal();
    await h.projectors.waitFor(later.position, ['users']);
    // The outbox refuses one address, as a broken mail store would.
    await h.db.pool.query(`
      CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the outbox refuses %', NEW.to_address; END $$;
      CREATE TRIGGER refuse_notice BEFORE INSERT ON email_outbox
        FOR EACH ROW WHEN (NEW.to_address = '${refused.email}') EXECUTE FUNCTION refuse_notice();`);

    const mailer = createOutboxMailer({ pool: h.db.pool, logger, logBodies: false });
    notices = await startNoticeReactor({
      pool: h.db.pool,
      store: h.store,
      mailer,
      logger,
      pollIntervalMs: 100,
      retryDelayMs: { min: 50, max: 200 },
    });
    const app = createApiApp({ ...h.context, reactors: notices }, { webOrigin: 'http://localhost:5173' });

    const failure = await eventually('the refused notice recorded after two attempts', async () => {
      const { rows } = await h.db.pool.query(
        `SELECT * FROM projection_failures WHERE projector = 'notices' AND resolved_at IS NULL`,
      );
      return rows[0]?.attempts >= 2 ? rows[0] : undefined;
    });
    expect(failure).toMatchObject({ global_position: refused.position, event_type: 'WithdrawalRejected' });
    expect(failure.error).toContain(`the outbox refuses ${refused.email}`);
    // It stays there: the later user's notice waits behind it.
    expect(await outbox(later.email)).toEqual([]);

    const report = await request(app)
      .get('/api/finance/projections')
      .set('Authorization', `Bearer ${h.financeToken}`)
      .expect(200);
    expect(report.body.ok).toBe(false);
    expect(report.body.reactors).toEqual([
      expect.objectContaining({
        name: 'notices',
        kind: 'reactor',
        state: 'failed',
        leader: true,
        position: refused.position - 1,
        failure: expect.objectContaining({
          globalPosition: refused.position,
          eventType: 'WithdrawalRejected',
        }),
      }),
    ]);
    expect(report.body.failures).toEqual([
      expect.objectContaining({ projector: 'notices', globalPosition: refused.position }),
    ]);
    const metrics = await request(app).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/^kobo_consumer_failed\{consumer="notices",kind="reactor"\} 1$/m);
    expect(metrics.text).toMatch(
      /^kobo_consumer_lag_events\{consumer="notices",kind="reactor",state="failed"\} \d+$/m,
    );
    expect(metrics.text).toMatch(/^kobo_consumer_failed\{consumer="balances",kind="projection"\} 0$/m);

    // The outbox takes it now: the reactor goes on, and the failure is resolved.
    await h.db.pool.query('DROP TRIGGER refuse_notice ON email_outbox; DROP FUNCTION refuse_notice()');
    await eventually('both notices sent', async () =>
      (await outbox(later.email)).length ? true : undefined,
    );
    expect(await outbox(refused.email)).toEqual(['Your withdrawal was declined']);
    expect(await outbox(later.email)).toEqual(['Your withdrawal was declined']);
    const { rows } = await h.db.pool.query(
      `SELECT resolved_at FROM projection_failures WHERE projector = 'notices'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].resolved_at).toBeInstanceOf(Date);
    const [status] = await notices.status();
    expect(status).toMatchObject({ state: expect.stringMatching(/idle|catching-up/), failure: null });
  });
});
