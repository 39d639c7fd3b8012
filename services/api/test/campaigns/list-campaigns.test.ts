import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHarness, type Harness } from '../support/harness';
import { createCampaign, pngBytes, registerUser, settled, type TestUser } from './support';

describe('GET /api/tasks', () => {
  let h: Harness;
  let dataDir: string;
  let ada: TestUser;
  let tunde: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kobo-campaign-list-'));
    h = await startHarness({ DATA_DIR: dataDir });
    ada = await registerUser(h, 'ada');
    tunde = await registerUser(h, 'tunde');
    // Created one after another, so "newest first" is the reverse of this order.
    ids.fb = await createCampaign(h, {
      title: 'Like the page',
      platform: 'facebook',
      priceNaira: 25,
      units: 10,
    });
    ids.yt = await createCampaign(h, { title: 'Subscribe', platform: 'youtube', priceNaira: 40.5, units: 3 });
    ids.sp = await createCampaign(h, {
      title: 'Stream the song',
      platform: 'spotify',
      priceNaira: 60,
      units: 7,
    });
    ids.ps = await createCampaign(h, {
      title: 'Install the app',
      platform: 'playstore',
      priceNaira: 500,
      units: 5,
      image: 'https://cdn.example.com/guide.png',
    });
    ids.last = await createCampaign(h, {
      title: 'Last unit',
      platform: 'instagram',
      priceNaira: 30,
      units: 1,
    });
    ids.paused = await createCampaign(h, { title: 'Paused', platform: 'facebook' });
    await settled(
      h,
      (
        await h.context.commands.pauseCampaign({
          campaignId: ids.paused,
          by: { role: 'admin', id: h.adminId } as const,
        })
      ).lastPosition,
    );
    // Tunde takes the only unit of the last campaign: it leaves the list.
    await settled(
      h,
      (
        await h.context.commands.submitTask({
          campaignId: ids.last,
          userId: tunde.userId,
          proofImage: 'proofs/x/y.png',
        })
      ).lastPosition,
    );
    // Ada has already submitted the YouTube campaign.
    await settled(
      h,
      (
        await h.context.commands.submitTask({
          campaignId: ids.yt,
          userId: ada.userId,
          proofImage: 'proofs/x/z.png',
        })
      ).lastPosition,
    );
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const list = (user: TestUser, query = '') =>
    h.http.get(`/api/tasks${query}`).set('Authorization', `Bearer ${user.token}`);

  it('lists active campaigns with units left, newest first, in the server shape', async () => {
    const res = await list(ada).expect(200);
    expect(res.body.map((t: { _id: string }) => t._id)).toEqual([ids.ps, ids.sp, ids.yt, ids.fb]);
    expect(res.body[2]).toEqual({
      _id: ids.yt,
      taskName: 'Subscribe',
      taskInstructions: 'Like the page, then upload a screenshot.',
      taskPrice: 40.5,
      taskUrl: 'https://example.com/jollof',
      taskPlatform: 'youtube',
      taskVariation: 'Like Page',
      remainingUnits: 2,
      taskTime: 5,
      taskImage: null,
      submitted: true,
    });
    expect(res.body[3]).toMatchObject({ _id: ids.fb, remainingUnits: 10, submitted: false });
    // An image given as an outside URL is passed on as it is.
    expect(res.body[0].taskImage).toBe('https://cdn.example.com/guide.png');
  });

  it('tells each user which campaigns they already submitted', async () => {
    const res = await list(tunde).expect(200);
    expect(res.body.find((t: { _id: string }) => t._id === ids.yt).submitted).toBe(false);
  });

  it.each([
    ['price-desc', ['ps', 'sp', 'yt', 'fb']],
    ['price-asc', ['fb', 'yt', 'sp', 'ps']],
    ['most-available', ['fb', 'sp', 'ps', 'yt']],
    ['least-available', ['yt', 'ps', 'sp', 'fb']],
  ])('sorts by %s', async (sort, order) => {
    const res = await list(ada, `?sort=${sort}`).expect(200);
    expect(res.body.map((t: { _id: string }) => t._id)).toEqual(order.map((name) => ids[name]));
  });

  it('filters by platform, platform spelling and platform group', async () => {
    const ofPlatform = async (platform: string) =>
      (await list(ada, `?platform=${encodeURIComponent(platform)}`).expect(200)).body.map(
        (t: { _id: string }) => t._id,
      );
    expect(await ofPlatform('youtube')).toEqual([ids.yt]);
    expect(await ofPlatform('YouTube')).toEqual([ids.yt]);
    expect(await ofPlatform('Google Play Store')).toEqual([ids.ps]);
    expect(await ofPlatform('social-media')).toEqual([ids.fb]);
    expect(await ofPlatform('music-streaming')).toEqual([ids.sp]);
    expect(await ofPlatform('app-stores')).toEqual([ids.ps]);
    expect(await ofPlatform('tiktok')).toEqual([]);
  });

  it('refuses an unknown sort with a message', async () => {
    const res = await list(ada, '?sort=random').expect(400);
    expect(res.body.message).toBe(
      'Sort must be one of: newest, price-desc, price-asc, most-available, least-available',
    );
  });

  it('is for signed-in users', async () => {
    await h.http.get('/api/tasks').expect(401);
    await h.http.get('/api/tasks').set('Authorization', `Bearer ${h.financeToken}`).expect(403);
  });

  it('links a stored guide image for the campaign dialog', async () => {
    const upload = await h.http
      .post('/api/admin/uploads/campaign-image')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .attach('taskImage', await pngBytes(), 'guide.png')
      .expect(201);
    const withImage = await createCampaign(h, { title: 'With a guide', image: upload.body.key });
    const res = await list(ada).expect(200);
    const task = res.body.find((t: { _id: string }) => t._id === withImage);
    expect(task.taskImage).toMatch(/^\/api\/uploads\/campaigns\/[^?]+\.png\?expires=\d+&sig=[\w-]+$/);
    const image = await h.http.get(task.taskImage).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('follows the campaigns as they change after a list was served (nothing stale)', async () => {
    const ids_ = (res: { body: { _id: string }[] }) => res.body.map((t) => t._id);
    expect(ids_(await list(ada).expect(200))).toContain(ids.fb);
    await settled(
      h,
      (
        await h.context.commands.pauseCampaign({
          campaignId: ids.fb!,
          by: { role: 'admin', id: h.adminId } as const,
        })
      ).lastPosition,
    );
    expect(ids_(await list(ada).expect(200))).not.toContain(ids.fb);
    await settled(
      h,
      (
        await h.context.commands.resumeCampaign({
          campaignId: ids.fb!,
          by: { role: 'admin', id: h.adminId } as const,
        })
      ).lastPosition,
    );
    expect(ids_(await list(ada).expect(200))).toContain(ids.fb);
  });
});
