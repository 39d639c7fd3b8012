/**
 * The SMTP adapter. Failure handling runs always (against a port where nothing listens: a real
 * refused connection). Delivery needs a real SMTP server: set SMTP_URL to run that part, e.g.
 * `python3 -m smtpd -n -c DebuggingServer 127.0.0.1:2525` and SMTP_URL=smtp://127.0.0.1:2525.
 */
import { createServer } from 'node:net';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { createSmtpMailer, type SmtpMailer } from '../../src/email';

const logger = pino({ level: 'silent' });

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const resetMessage = {
  kind: 'password_reset',
  to: 'ada@example.ng',
  subject: 'Reset your Kobo password',
  text: 'Open http://localhost/reset-password/secret-token',
  sensitive: true,
};

describe('the SMTP mailer', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const row = async (id: string) =>
    (await db.pool.query('SELECT * FROM email_outbox WHERE id = $1', [id])).rows[0];

  describe('when the SMTP server cannot be reached', () => {
    let mailer: SmtpMailer;
    beforeAll(async () => {
      mailer = createSmtpMailer({
        pool: db.pool,
        logger,
        smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
        from: 'Kobo <no-reply@localhost>',
      });
    });
    afterAll(() => mailer.close());

    it('keeps the message in the outbox as failed, with the error, for a retry', async () => {
      const sent = await mailer.send(resetMessage);
      expect(sent).toEqual({ id: expect.any(String), transport: 'smtp', status: 'failed' });
      expect(await row(sent.id)).toMatchObject({
        transport: 'smtp',
        status: 'failed',
        attempts: 1,
        last_error: expect.stringMatching(/ECONNREFUSED|connect/i),
        text_body: resetMessage.text,
        sent_at: null,
      });
    });

    it('retries what is undelivered, counting the attempts', async () => {
      const sent = await mailer.send({ ...resetMessage, kind: 'contact', sensitive: false });
      // Its backoff is over (retries.test.ts covers the waiting).
      await db.pool.query(`UPDATE email_outbox SET next_attempt_at = now() WHERE status = 'failed'`);
      const result = await mailer.deliverUndelivered();
      expect(result.sent).toBe(0);
      expect(result.failed).toBeGreaterThanOrEqual(1);
      expect(await row(sent.id)).toMatchObject({ status: 'failed', attempts: 2 });
    });
  });

  const smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl) {
    it('delivers through a real SMTP server (SKIPPED: SMTP_URL not set)', () => {
      console.log('SKIPPED: SMTP_URL not set');
      expect(smtpUrl).toBeUndefined();
    });
    return;
  }

  describe(`with the SMTP server at SMTP_URL`, () => {
    let mailer: SmtpMailer;
    beforeAll(() => {
      mailer = createSmtpMailer({ pool: db.pool, logger, smtpUrl, from: 'Kobo <no-reply@localhost>' });
    });
    afterAll(() => mailer.close());

    it('delivers, marks the row sent, and erases a one-time link from the outbox', async () => {
      const sent = await mailer.send(resetMessage);
      expect(sent).toMatchObject({ transport: 'smtp', status: 'sent' });
      const stored = await row(sent.id);
      expect(stored).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(stored.sent_at).toBeInstanceOf(Date);
      expect(stored.text_body).not.toContain('secret-token');
    });

    it('keeps the body of an ordinary message', async () => {
      const sent = await mailer.send({
        ...resetMessage,
        kind: 'contact',
        text: 'Hello support',
        sensitive: false,
      });
      expect((await row(sent.id)).text_body).toBe('Hello support');
    });

    it('sends what a crash left pending', async () => {
      const { rows } = await db.pool.query(
        `INSERT INTO email_outbox (id, kind, to_address, subject, text_body, transport, status, created_at)
         VALUES (gen_random_uuid(), 'contact', 'ada@example.ng', 'Left behind', 'body', 'smtp', 'pending',
                 now() - interval '5 minutes')
         RETURNING id`,
      );
      const result = await mailer.deliverUndelivered();
      expect(result.sent).toBeGreaterThanOrEqual(1);
      expect(await row(rows[0].id)).toMatchObject({ status: 'sent', attempts: 1 });
    });
  });
});
