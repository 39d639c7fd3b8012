/**
 * Retrying undelivered email: attempts are counted with a growing wait between them and stop at a
 * cap, and no transaction stays open while an SMTP server is being talked to.
 */
import { createServer, type Server, type Socket } from 'node:net';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { createSmtpMailer, MAX_EMAIL_ATTEMPTS, type SmtpMailer } from '../../src/email';

const logger = pino({ level: 'silent' });

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const message = { kind: 'contact', to: 'ada@example.ng', subject: 'Hello', text: 'Hello from Kobo' };

describe('undelivered email', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const row = async (id: string) =>
    (await db.pool.query('SELECT * FROM email_outbox WHERE id = $1', [id])).rows[0];

  describe('when SMTP refuses', () => {
    let mailer: SmtpMailer;
    beforeAll(async () => {
      const closed = createServer();
      const port = await listen(closed);
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      mailer = createSmtpMailer({
        pool: db.pool,
        logger,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'k@localhost',
      });
    });
    afterAll(() => mailer.close());

    it('counts the attempts, waits longer after each, and stops at the cap', async () => {
      const { id } = await mailer.send(message);
      const first = await row(id);
      expect(first).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.any(String) });
      expect(first.next_attempt_at.getTime()).toBeGreaterThan(Date.now());

      // Not due yet: left alone.
      await mailer.deliverUndelivered();
      expect(await row(id)).toMatchObject({ attempts: 1 });

      // Due: one more attempt, and the next wait is longer.
      await db.pool.query(
        `UPDATE email_outbox SET next_attempt_at = now() - interval '1 second' WHERE id = $1`,
        [id],
      );
      await mailer.deliverUndelivered();
      const second = await row(id);
      expect(second).toMatchObject({ status: 'failed', attempts: 2 });
      const wait = (r: { next_attempt_at: Date }) => r.next_attempt_at.getTime() - Date.now();
      expect(wait(second)).toBeGreaterThan(wait(first) - 1000);

      // The last allowed attempt, then never again.
      await db.pool.query(
        `UPDATE email_outbox SET attempts = $2, next_attempt_at = now() - interval '1 second' WHERE id = $1`,
        [id, MAX_EMAIL_ATTEMPTS - 1],
      );
      await mailer.deliverUndelivered();
      expect(await row(id)).toMatchObject({
        status: 'failed',
        attempts: MAX_EMAIL_ATTEMPTS,
        next_attempt_at: null,
      });
      await db.pool.query(`UPDATE email_outbox SET created_at = now() - interval '1 day' WHERE id = $1`, [
        id,
      ]);
      expect(await mailer.deliverUndelivered()).toEqual({ sent: 0, failed: 0 });
      expect(await row(id)).toMatchObject({ attempts: MAX_EMAIL_ATTEMPTS });
    });
  });

  it('holds no transaction open while the SMTP server keeps it waiting', async () => {
    // An SMTP server that accepts the connection and says nothing until told to hang up.
    const sockets: Socket[] = [];
    let connected!: () => void;
    const reached = new Promise<void>((resolve) => (connected = resolve));
    const silent = createServer((socket) => {
      sockets.push(socket);
      connected();
    });
    const port = await listen(silent);
    const { id } = await createSmtpMailer({
      pool: db.pool,
      logger,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'k@localhost',
    }).send(message);
    await db.pool.query(
      `UPDATE email_outbox SET next_attempt_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );

    const mailer = createSmtpMailer({
      pool: db.pool,
      logger,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'k@localhost',
    });
    const retry = mailer.deliverUndelivered();
    await reached;
    const { rows } = await db.pool.query(
      `SELECT state FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    // Claimed for the time of the send, so another process leaves it alone.
    const claimed = await row(id);
    for (const socket of sockets) socket.destroy();
    await retry;
    mailer.close();
    silent.close();
    expect(rows).toEqual([]);
    expect(claimed.claimed_until.getTime()).toBeGreaterThan(Date.now());
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, claimed_until: null });
  });
});
