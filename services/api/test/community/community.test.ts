import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from '../support/harness';

const empty = {
  email: '',
  whatsappChannel: '',
  telegramChannel: '',
  facebookPage: '',
  instagramAccount: '',
  twitterAccount: '',
  youtubeChannel: '',
};

describe('community links', () => {
  let h: Harness;
  let userAuth: { Authorization: string };
  let adminAuth: { Authorization: string };

  beforeAll(async () => {
    h = await startHarness();
    userAuth = {
      Authorization: `Bearer ${await h.context.auth.sessions.open({ userId: randomUUID(), role: 'user' })}`,
    };
    adminAuth = { Authorization: `Bearer ${h.adminToken}` };
  });
  afterAll(() => h.close());

  const read = async (auth: { Authorization: string }) =>
    (await h.http.get('/api/community').set(auth).expect(200)).body;

  it('answers empty links before an admin saves any', async () => {
    expect(await read(userAuth)).toEqual(empty);
  });

  it('lets an admin change some links and answers all of them', async () => {
    const res = await h.http
      .put('/api/community')
      .set(adminAuth)
      .send({ email: 'help@kobo.ng', telegramChannel: ' https://t.me/kobo_ng ' })
      .expect(200);
    const community = { ...empty, email: 'help@kobo.ng', telegramChannel: 'https://t.me/kobo_ng' };
    expect(res.body).toEqual({
      status: 'success',
      message: 'Community information has been updated.',
      community,
    });
    expect(await read(userAuth)).toEqual(community);
  });

  it('changes only the links named, and an empty string clears one', async () => {
    await h.http
      .put('/api/community')
      .set(adminAuth)
      .send({ youtubeChannel: 'https://youtube.com/@kobo_ng', telegramChannel: '' })
      .expect(200);
    expect(await read(userAuth)).toEqual({
      ...empty,
      email: 'help@kobo.ng',
      youtubeChannel: 'https://youtube.com/@kobo_ng',
    });
  });

  it('is readable by every signed-in role, and by nobody signed out', async () => {
    const links = await read(userAuth);
    expect(await read(adminAuth)).toEqual(links);
    expect(await read({ Authorization: `Bearer ${h.financeToken}` })).toEqual(links);
    const res = await h.http.get('/api/community').expect(401);
    expect(res.body.message).toBe('Authentication required');
  });

  it('refuses a user (403) and finance (403), changing nothing', async () => {
    const before = await read(userAuth);
    const byUser = await h.http
      .put('/api/community')
      .set(userAuth)
      .send({ email: 'attacker@evil.ng' })
      .expect(403);
    expect(byUser.body.message).toBe('You do not have access to this resource');
    await h.http
      .put('/api/community')
      .set('Authorization', `Bearer ${h.financeToken}`)
      .send({ email: 'attacker@evil.ng' })
      .expect(403);
    expect(await read(userAuth)).toEqual(before);
  });

  it.each([
    [{}, 'Please provide at least one community link to update.'],
    [{ unknownField: 'x' }, 'Please provide at least one community link to update.'],
    [{ email: 'not-an-email' }, 'Enter a valid email address for email support.'],
    [
      { facebookPage: 'javascript:alert(1)' },
      'Enter a full link starting with https:// (or leave it empty).',
    ],
    [{ twitterAccount: 'kobo_ng' }, 'Enter a full link starting with https:// (or leave it empty).'],
    [{ instagramAccount: 42 }, 'Instagram account must be text'],
  ])('refuses %j with 400 and the message', async (body, message) => {
    const before = await read(userAuth);
    const res = await h.http.put('/api/community').set(adminAuth).send(body).expect(400);
    expect(res.type).toBe('application/problem+json');
    expect(res.body.message).toBe(message);
    expect(await read(userAuth)).toEqual(before);
  });

  it('refuses a malformed JSON body with 400', async () => {
    await h.http
      .put('/api/community')
      .set(adminAuth)
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
  });
});
