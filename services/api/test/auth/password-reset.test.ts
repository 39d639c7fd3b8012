import { createHash } from 'node:crypto';
import { streams } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { eventually } from '@kobo/platform/testing';
import { signUpAndIn, type TestUser } from './support';

describe('password reset: POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const forgot = (email: unknown) => h.http.post('/api/auth/forgot-password').send({ email });
  const reset = (body: unknown) => h.http.post('/api/auth/reset-password').send(body as object);
  const login = (email: string, password: string) => h.http.post('/api/auth/login').send({ email, password });

  async function resetEmails(to: string) {
    const { rows } = await h.db.pool.query(
      `SELECT kind, to_address, subject, text_body, transport, status FROM email_outbox
        WHERE to_address = $1 AND kind = 'password_reset' ORDER BY created_at`,
      [to],
    );
    return rows;
  }

  /** Asks for a link and reads the token out of the email in the outbox. */
  async function requestToken(user: TestUser): Promise<string> {
    const before = (await resetEmails(user.email)).length;
    await forgot(user.email).expect(200);
    const emails = await eventually('a new reset email', async () => {
      const rows = await resetEmails(user.email);
      return rows.length > before ? rows : undefined;
    });
    const match = /http:\/\/localhost:8080\/reset-password\/([A-Za-z0-9_-]+)/.exec(emails.at(-1)!.text_body);
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it('answers every email the same and emails a link only to an account', async () => {
    const user = await signUpAndIn(h);
    const unknown = await forgot('nobody-here@example.ng').expect(200);
    const known = await forgot(user.email.toUpperCase()).expect(200);
    expect(known.body).toEqual({ message: 'Password reset instructions sent to your email!' });
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    const [email] = await eventually('a reset email', async () => {
      const rows = await resetEmails(user.email);
      return rows.length ? rows : undefined;
    });
    expect(email).toMatchObject({
      kind: 'password_reset',
      subject: 'Reset your Kobo password',
      transport: 'outbox',
      status: 'pending',
    });
    expect(email.text_body).toContain('Hello Ada,');
    expect(email.text_body).toContain('expires in 15 minutes');
    expect(await resetEmails('nobody-here@example.ng')).toEqual([]);
  });

  it('stores only the SHA-256 of the token, valid for 15 minutes', async () => {
    const user = await signUpAndIn(h);
    const token = await requestToken(user);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const { rows } = await h.db.pool.query(
      `SELECT token_hash, used_at, round(extract(epoch FROM expires_at - created_at)) AS lifetime
         FROM password_reset_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([
      { token_hash: createHash('sha256').update(token).digest('hex'), used_at: null, lifetime: '900' },
    ]);
    const raw = await h.db.pool.query('SELECT 1 FROM password_reset_tokens WHERE token_hash = $1', [token]);
    expect(raw.rowCount).toBe(0);
  });

  it('sets the new password once: PasswordChanged, old password refused, the link spent', async () => {
    const user = await signUpAndIn(h);
    const token = await requestToken(user);
    const done = await reset({ token, newPassword: 'brand-new-1' }).expect(200);
    expect(done.body).toEqual({ message: 'Password reset successful' });
    await login(user.email, 'brand-new-1').expect(200);
    await login(user.email, user.password).expect(401);
    const events = await h.store.readStream(streams.user(user.id));
    expect(events.filter((e) => e.type === 'PasswordChanged')).toHaveLength(1);

    const again = await reset({ token, newPassword: 'another-one-2' }).expect(400);
    expect(again.body.message).toBe('This password reset link is invalid or has expired.');
    await login(user.email, 'brand-new-1').expect(200);
  });

  it('lets only one of two concurrent uses of a link succeed', async () => {
    const user = await signUpAndIn(h);
    const token = await requestToken(user);
    const results = await Promise.all([
      reset({ token, newPassword: 'racer-one-1' }),
      reset({ token, newPassword: 'racer-two-2' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'racer-one-1' : 'racer-two-2';
    await login(user.email, winner).expect(200);
    const events = await h.store.readStream(streams.user(user.id));
    expect(events.filter((e) => e.type === 'PasswordChanged')).toHaveLength(1);
  });

  it('still works just before 15 minutes and not after', async () => {
    const user = await signUpAndIn(h);
    const token = await requestToken(user);
    const hash = createHash('sha256').update(token).digest('hex');
    const age = (minutes: number) =>
      h.db.pool.query(
        `UPDATE password_reset_tokens
            SET created_at = now() - make_interval(mins => $2),
                expires_at = now() - make_interval(mins => $2) + interval '15 minutes'
          WHERE token_hash = $1`,
        [hash, minutes],
      );
    await age(16);
    const expired = await reset({ token, newPassword: 'too-late-1' }).expect(400);
    expect(expired.body.message).toBe('This password reset link is invalid or has expired.');
    await login(user.email, user.password).expect(200);

    const fresh = await requestToken(user);
    await h.db.pool.query(
      `UPDATE password_reset_tokens SET expires_at = now() + interval '30 seconds' WHERE token_hash = $1`,
      [createHash('sha256').update(fresh).digest('hex')],
    );
    await reset({ token: fresh, newPassword: 'just-in-time-1' }).expect(200);
  });

  it('spends every outstanding link once one is used or the password changes', async () => {
    const user = await signUpAndIn(h);
    const first = await requestToken(user);
    const second = await requestToken(user);
    await reset({ token: second, newPassword: 'second-wins-1' }).expect(200);
    await reset({ token: first, newPassword: 'first-too-1' }).expect(400);

    const third = await requestToken(user);
    const login1 = await login(user.email, 'second-wins-1').expect(200);
    await h.http
      .put('/api/users/change-password')
      .set('Authorization', `Bearer ${login1.body.token}`)
      .send({ oldPassword: 'second-wins-1', newPassword: 'changed-in-app-1' })
      .expect(200);
    await reset({ token: third, newPassword: 'third-try-1' }).expect(400);
  });

  it('sends no link for a deleted account', async () => {
    const user = await signUpAndIn(h);
    await h.context.commands.deleteUser({ userId: user.id, by: { role: 'admin', id: h.adminId } as const });
    await forgot(user.email).expect(200);
    // A request for a live account, sent after, is answered; by then the first has been handled.
    const other = await signUpAndIn(h);
    await requestToken(other);
    expect(await resetEmails(user.email)).toEqual([]);
  });

  it('rejects bad input with the spec messages and never a 5xx', async () => {
    const missing = await reset({ newPassword: 'long-enough' }).expect(400);
    expect(missing.body.message).toBe('Invalid or missing reset token.');
    const short = await reset({ token: 'abc', newPassword: '12345' }).expect(400);
    expect(short.body.errors).toEqual({ newPassword: 'Password must be at least 6 characters' });
    const unknown = await reset({ token: 'no-such-token', newPassword: 'long-enough' }).expect(400);
    expect(unknown.body.message).toBe('This password reset link is invalid or has expired.');
    for (const body of [
      { token: 12, newPassword: 'long-enough' },
      { token: 'a'.repeat(30_000), newPassword: 'long-enough' },
      { token: 'abc', newPassword: ['long-enough'] },
    ]) {
      const res = await reset(body);
      expect(res.status).toBe(400);
    }
    const badEmail = await forgot('not an email').expect(400);
    expect(badEmail.body.message).toBe('Please enter a valid email address.');
    expect((await forgot(undefined).expect(400)).body.message).toBe('Email is required');
  });

  it('limits reset requests for one email with a 429 problem', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot('flooded@example.ng')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await forgot('flooded@example.ng').expect(429);
    expect(refused.body).toMatchObject({
      code: 'rate_limited',
      message: 'Too many password reset requests. Please wait a few minutes and try again.',
    });
  });

  it('limits reset attempts with a 429 problem', async () => {
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++)
      status = (await reset({ token: `guess-${i}`, newPassword: 'long-enough' })).status;
    expect(status).toBe(429);
  });
});
