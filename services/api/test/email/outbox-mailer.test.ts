import { capturingLogger, createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { createMailer, createOutboxMailer, emailSettingsFromEnvironment } from '../../src/email';

describe('the outbox mailer (no SMTP configured)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const message = {
    kind: 'password_reset',
    to: 'ada@example.ng',
    subject: 'Reset your Kobo password',
    text: 'Open http://localhost/reset-password/abc',
    sensitive: true,
  };

  it('writes the message to the outbox, where an operator reads it', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createOutboxMailer({ pool: db.pool, logger });
    const sent = await mailer.send({ ...message, replyTo: 'ops@example.ng' });
    expect(sent).toEqual({ id: expect.any(String), transport: 'outbox', status: 'pending' });
    const { rows } = await db.pool.query('SELECT * FROM email_outbox WHERE id = $1', [sent.id]);
    expect(rows[0]).toMatchObject({
      kind: 'password_reset',
      to_address: 'ada@example.ng',
      reply_to: 'ops@example.ng',
      subject: 'Reset your Kobo password',
      text_body: message.text,
      sensitive: true,
      transport: 'outbox',
      status: 'pending',
      attempts: 0,
      sent_at: null,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ emailId: sent.id, to: 'ada@example.ng', subject: message.subject });
    // Outside development the log does not carry the body (it may hold a one-time link).
    expect(lines[0]!.body).toBeUndefined();
  });

  it('logs the body too in development, so a developer can follow the link', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer(emailSettingsFromEnvironment({}), {
      pool: db.pool,
      logger,
      development: true,
    });
    expect(mailer.transport).toBe('outbox');
    await mailer.send(message);
    expect(lines[0]!.body).toBe(message.text);
  });

  it('throws when the message cannot be recorded, rather than dropping it', async () => {
    const { logger } = capturingLogger();
    const mailer = createOutboxMailer({ pool: db.pool, logger });
    await expect(mailer.send({ ...message, to: null as unknown as string })).rejects.toThrow();
  });
});

describe('email settings', () => {
  it('reads SMTP_URL, MAIL_FROM and SUPPORT_EMAIL, with defaults', () => {
    expect(emailSettingsFromEnvironment({})).toEqual({
      smtpUrl: undefined,
      from: 'Kobo <no-reply@localhost>',
      supportEmail: undefined,
    });
    expect(
      emailSettingsFromEnvironment({
        SMTP_URL: 'smtps://u:p@mail.example.ng:465',
        MAIL_FROM: 'Kobo <hello@kobo.ng>',
        SUPPORT_EMAIL: 'help@kobo.ng',
      }),
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.ng:465',
      from: 'Kobo <hello@kobo.ng>',
      supportEmail: 'help@kobo.ng',
    });
  });

  it('refuses a URL that is not SMTP and a support address that is not an email', () => {
    expect(() => emailSettingsFromEnvironment({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => emailSettingsFromEnvironment({ SUPPORT_EMAIL: 'help' })).toThrow(/SUPPORT_EMAIL/);
  });
});
