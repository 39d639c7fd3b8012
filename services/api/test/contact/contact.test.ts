import request from 'supertest';
import { createApiApp } from '../../src/app';
import { startHarness, type Harness } from '../support/harness';

describe('POST /api/contact', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const send = (body: unknown) => h.http.post('/api/contact').send(body as object);
  const form = (overrides: Record<string, unknown> = {}) => ({
    fullName: 'Ada Obi',
    email: 'ada@example.ng',
    subject: 'My withdrawal',
    message: 'When will my withdrawal be paid?',
    ...overrides,
  });
  const stored = async (subject: string) =>
    (await h.db.pool.query('SELECT * FROM contact_messages WHERE subject = $1', [subject])).rows;

  it('stores the message even when no support address is set, and answers the same', async () => {
    const res = await send(form({ subject: 'Nobody to mail' })).expect(200);
    expect(res.body).toEqual({ message: 'Message sent successfully!' });
    const [row] = await stored('Nobody to mail');
    expect(row).toMatchObject({ full_name: 'Ada Obi', email: 'ada@example.ng', email_id: null });
    const outbox = await h.db.pool.query(`SELECT 1 FROM email_outbox WHERE kind = 'contact'`);
    expect(outbox.rowCount).toBe(0);
  });

  it('emails the community address, with the sender as Reply-To', async () => {
    await h.context.commands.updateCommunityLinks({
      changes: { email: 'help@kobo.test' },
      by: { role: 'admin', id: h.adminId } as const,
    });
    const res = await send(form({ subject: 'Line one\r\nBcc: someone@evil.test' })).expect(200);
    expect(res.body).toEqual({ message: 'Message sent successfully!' });
    const [row] = await stored('Line one Bcc: someone@evil.test');
    expect(row.email_id).toEqual(expect.any(String));
    const { rows } = await h.db.pool.query('SELECT * FROM email_outbox WHERE id = $1', [row.email_id]);
    expect(rows[0]).toMatchObject({
      kind: 'contact',
      to_address: 'help@kobo.test',
      reply_to: 'ada@example.ng',
      subject: '[Contact] Line one Bcc: someone@evil.test',
      status: 'pending',
    });
    expect(rows[0].text_body).toContain('From: Ada Obi <ada@example.ng>');
    expect(rows[0].text_body).toContain('When will my withdrawal be paid?');
  });

  it('requires every field, with a message per field', async () => {
    const res = await send({}).expect(400);
    expect(res.body).toMatchObject({ code: 'validation', message: 'Full name is required' });
    expect(res.body.errors).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    const blank = await send(form({ message: '   ' })).expect(400);
    expect(blank.body.errors).toEqual({ message: 'Message is required' });
    const email = await send(form({ email: 'ada-at-example' })).expect(400);
    expect(email.body.message).toBe('Please enter a valid email address.');
  });

  it('answers wrong types and huge strings with a 400 problem', async () => {
    for (const body of [
      form({ fullName: 5 }),
      form({ message: { text: 'x' } }),
      form({ message: 'm'.repeat(20_000) }),
    ]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.type).toBe('application/problem+json');
    }
  });

  it('limits messages per client address with a 429 problem, counted across API processes', async () => {
    // A second app on the same database stands for another API process.
    const other = request(createApiApp(h.context, { webOrigin: 'http://localhost:5173' }));
    const statuses: number[] = [];
    let res;
    for (let i = 0; i < 11; i++) {
      res = await (i % 2 ? other : h.http).post('/api/contact').send({});
      statuses.push(res.status);
    }
    // Ten per 15 minutes from one address, wherever they land (earlier tests sent some already).
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(10);
    expect(res?.body.message).toBe('Too many messages. Please wait a few minutes and try again.');
  });
});
