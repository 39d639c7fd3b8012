/** A stored proof keeps no EXIF (GPS, camera, time): the original is re-encoded, upright. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startHarness, type Harness } from '../support/harness';
import { createCampaign, registerUser } from '../tasks/support';

/** A 40 x 20 JPEG with GPS EXIF, stored sideways (orientation 6: shown rotated 90° clockwise). */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'KoboPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 27/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 23/1 0/1',
      },
    })
    .toBuffer();
}

describe('stored proof originals', () => {
  let h: Harness;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kobo-originals-'));
    h = await startHarness({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('carry no EXIF or GPS, with the orientation applied', async () => {
    const photo = await photoWithGps();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.toString('latin1')).toContain('KoboPhone');
    expect(sent.orientation).toBe(6);

    const user = await registerUser(h, 'gps');
    const campaignId = await createCampaign(h);
    const res = await h.http
      .post('/api/tasks/submit')
      .set('Authorization', `Bearer ${user.token}`)
      .field('taskId', campaignId)
      .attach('proofImage', photo, 'photo.jpg')
      .expect(201);
    const stored = await readFile(join(dataDir, 'uploads', res.body.submission.proofImage));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toMatch(/KoboPhone|Exif/);
    // Upright: the sideways 40 x 20 is stored as 20 x 40, with nothing left to rotate it by.
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({
      width: 20,
      height: 40,
      orientation: undefined,
    });
  });
});
