/** The metadata readers on their own: files they follow keep their pixels, others are left to sharp. */
import sharp from 'sharp';
import { jpegWithoutMetadata, webpWithoutMetadata } from '../../src/uploads/without-metadata';

const picture = () =>
  sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: '#3a7',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  });
const pixels = (image: Buffer) => sharp(image).raw().toBuffer();

describe('jpegWithoutMetadata', () => {
  it('follows a progressive JPEG with optimised scans through all its scans', async () => {
    const sent = await picture()
      .jpeg({ progressive: true, optimiseScans: true, quality: 70, mozjpeg: true })
      .withExifMerge({ IFD0: { Make: 'KoboPhone' } })
      .toBuffer();
    const stored = jpegWithoutMetadata(sent)!;
    expect(stored.toString('latin1')).not.toContain('KoboPhone');
    expect((await pixels(stored)).equals(await pixels(sent))).toBe(true);
    // Several scans, each with its tables: all of them kept.
    const scans = (x: Buffer) => x.toString('latin1').split('\xff\xda').length - 1;
    expect(scans(sent)).toBeGreaterThan(1);
    expect(scans(stored)).toBe(scans(sent));
  });

  it('leaves a file it cannot follow to be encoded again', async () => {
    const sent = await picture().jpeg().toBuffer();
    expect(jpegWithoutMetadata(sent.subarray(0, sent.length - 40))).toBeUndefined(); // no end
    expect(jpegWithoutMetadata(Buffer.from('not a jpeg at all'))).toBeUndefined();
  });
});

describe('webpWithoutMetadata', () => {
  it('keeps a simple lossless WebP as it was', async () => {
    const sent = await picture().webp({ lossless: true }).toBuffer();
    expect(webpWithoutMetadata(sent)!.equals(sent)).toBe(true);
  });

  it('leaves an animation to be encoded again (its frames can hold unknown chunks)', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#27a'), await frame('#a72')], { join: { animated: true } })
      .webp({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect(animated.toString('latin1')).toContain('ANMF');
    expect(webpWithoutMetadata(animated)).toBeUndefined();
  });
});
