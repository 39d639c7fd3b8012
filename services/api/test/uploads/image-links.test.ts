import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createLinkSigner } from '../../src/uploads/signed-links';
import { startHarness, type Harness } from '../support/harness';
import { createCampaign, pngBytes, registerUser, textBytes, type TestUser } from '../campaigns/support';

const secret = 'a-link-test-secret-that-is-at-least-32-characters';

describe('image links and uploads', () => {
  let h: Harness;
  let dataDir: string;
  let owner: TestUser;
  let stranger: TestUser;
  let proofKey: string;
  let proofPng: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kobo-image-links-'));
    h = await startHarness({ DATA_DIR: dataDir, JWT_SECRET: secret });
    owner = await registerUser(h, 'ada');
    stranger = await registerUser(h, 'uche');
    const campaignId = await createCampaign(h);
    proofPng = await pngBytes(900, 1600);
    const res = await h.http
      .post('/api/tasks/submit')
      .set('Authorization', `Bearer ${owner.token}`)
      .field('taskId', campaignId)
      .attach('proofImage', proofPng, 'proof.png')
      .expect(201);
    proofKey = res.body.submission.proofImage;
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const linkFor = (token: string, key: string, thumb = false) =>
    h.http
      .get('/api/uploads/link')
      .query({ key, ...(thumb ? { thumb: '1' } : {}) })
      .set('Authorization', `Bearer ${token}`);

  it('gives the owner a short-lived link that serves the proof as it was uploaded', async () => {
    const link = await linkFor(owner.token, proofKey).expect(200);
    expect(link.body.url).toMatch(/^\/api\/uploads\/proofs\/[^?]+\.png\?expires=\d+&sig=[\w-]+$/);
    const expiresIn = Date.parse(link.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60 * 1000);

    const image = await h.http.get(link.body.url).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.compare(image.body as Buffer, proofPng)).toBe(0);
  });

  it('serves the 320 px WebP thumbnail with thumb=1', async () => {
    const link = await linkFor(owner.token, proofKey, true).expect(200);
    expect(link.body.url).toContain('thumb=1');
    const image = await h.http.get(link.body.url).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.body as Buffer).metadata();
    expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width: 320 });
  });

  it('gives an admin a link to any proof', async () => {
    const link = await linkFor(h.adminToken, proofKey).expect(200);
    await h.http.get(link.body.url).expect(200);
  });

  it('refuses another user', async () => {
    const res = await linkFor(stranger.token, proofKey).expect(403);
    expect(res.body.message).toBe('You do not have access to this image');
  });

  it('answers 404 for a key that names no stored proof, and 401 without a session', async () => {
    const missing = await linkFor(h.adminToken, proofKey.replace(/\.png$/, '-other.png')).expect(404);
    expect(missing.body.message).toBe('Image not found');
    await linkFor(h.adminToken, '../../etc/passwd').expect(404);
    await h.http.get('/api/uploads/link').query({ key: proofKey }).expect(401);
  });

  it('refuses a link once it has expired', async () => {
    // Signed with the server's secret, six minutes ago: a five-minute link that ran out.
    const signer = createLinkSigner({ secret });
    const old = signer.sign({ key: proofKey }, new Date(Date.now() - 6 * 60 * 1000));
    const res = await h.http.get(old.url).expect(403);
    expect(res.body.message).toBe('This image link has expired');
    const fresh = signer.sign({ key: proofKey });
    await h.http.get(fresh.url).expect(200);
  });

  it('refuses a link that was changed or never signed', async () => {
    const { url } = (await linkFor(owner.token, proofKey).expect(200)).body as { url: string };
    const invalid = 'This image link is not valid';
    const tampered = url.replace(/sig=([\w-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await h.http.get(tampered).expect(403)).body.message).toBe(invalid);
    // The original's signature does not open the thumbnail, nor a later expiry.
    expect((await h.http.get(`${url}&thumb=1`).expect(403)).body.message).toBe(invalid);
    const later = url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`);
    expect((await h.http.get(later).expect(403)).body.message).toBe(invalid);
    expect((await h.http.get(`/api/uploads/${proofKey}`).expect(403)).body.message).toBe(invalid);
  });

  describe('POST /api/admin/uploads/campaign-image', () => {
    const upload = (token: string) =>
      h.http.post('/api/admin/uploads/campaign-image').set('Authorization', `Bearer ${token}`);

    it('stores the guide image and answers its key and a preview link', async () => {
      const png = await pngBytes(1200, 800);
      const res = await upload(h.adminToken).attach('taskImage', png, 'guide.png').expect(201);
      expect(res.body).toEqual({
        key: expect.stringMatching(/^campaigns\/[\w-]+\.png$/),
        url: expect.stringMatching(/^\/api\/uploads\/campaigns\//),
      });
      const image = await h.http.get(res.body.url).buffer(true).expect(200);
      expect(Buffer.compare(image.body as Buffer, png)).toBe(0);

      // Users may see it once a campaign uses it, not before.
      await linkFor(owner.token, res.body.key).expect(404);
      await createCampaign(h, { image: res.body.key });
      await linkFor(owner.token, res.body.key).expect(200);
    });

    it('refuses a file over 5 MB, a fake image, no file, and a non-admin', async () => {
      const big = Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(h.adminToken).attach('taskImage', big, 'big.png').expect(413);
      expect(tooBig.body.message).toBe('Campaign image must be at most 5 MB');
      expect(tooBig.body.errors).toEqual({ taskImage: 'Campaign image must be at most 5 MB' });

      const fake = await upload(h.adminToken).attach('taskImage', textBytes(), 'guide.png').expect(400);
      expect(fake.body.message).toBe('Campaign image must be a PNG, JPEG or WebP image');

      const none = await upload(h.adminToken).field('note', 'no file').expect(400);
      expect(none.body.message).toBe('Please choose an image to upload');

      await upload(owner.token)
        .attach('taskImage', await pngBytes(), 'guide.png')
        .expect(403);
    });
  });

  it('lists the image routes in the OpenAPI document', async () => {
    const doc = await h.http.get('/api/openapi.json').expect(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/tasks',
        '/tasks/submit',
        '/uploads/link',
        '/uploads/{key}',
        '/admin/uploads/campaign-image',
      ]),
    );
  });
});
