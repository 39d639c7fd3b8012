/** A stored proof keeps no EXIF (GPS, camera, time), text or hidden bytes, and is stored upright. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { startHarness, type Harness } from '../support/harness';
import { createCampaign, registerUser } from '../campaigns/support';

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

/** A PNG chunk, CRC and all. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A screenshot with a text chunk, a time chunk and EXIF (no turn), plus a private chunk and bytes after IEND. */
async function screenshotWithMetadata(): Promise<Buffer> {
  // Stored uncompressed, unlike anything the server would encode: a re-encoding would show.
  const png = await sharp({ create: { width: 30, height: 60, channels: 3, background: '#27a' } })
    .png({ compressionLevel: 0 })
    .withExifMerge({ IFD0: { Make: 'KoboPhone' } })
    .toBuffer();
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, 33), // signature and IHDR
    chunk('tEXt', Buffer.from('Author\0Ada of Lagos', 'latin1')),
    chunk('tIME', Buffer.from([0x07, 0xea, 11, 23, 10, 0, 0])),
    chunk('prIv', Buffer.from('GPS 6.45N 3.39E', 'latin1')),
    png.subarray(33, iend),
    png.subarray(iend),
    Buffer.from('PK hidden archive after the end', 'latin1'),
  ]);
}

/** A JPEG segment: marker, length, data. */
function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** An upright photo with GPS EXIF and XMP, a comment, IPTC (APP13) and bytes after its end. */
async function uprightPhotoWithMetadata(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#a37' } })
    .jpeg({ quality: 61 }) // not the quality the server would encode at: a re-encoding would show
    .withExifMerge({
      IFD0: { Make: 'KoboPhone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description>Ikeja</rdf:Description></x:xmpmeta>')
    .toBuffer();
  return Buffer.concat([
    jpeg.subarray(0, 2),
    segment(0xfe, Buffer.from('taken at 6.45N 3.39E', 'latin1')),
    segment(0xed, Buffer.from('Photoshop 3.0\0by Ada of Lagos', 'latin1')),
    jpeg.subarray(2),
    Buffer.from('PK hidden archive after the end', 'latin1'),
  ]);
}

/** The bytes from the first scan (SOS) to the end of the image: the compressed pixels. */
const jpegScans = (jpeg: Buffer) =>
  jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])), jpeg.lastIndexOf(Buffer.from([0xff, 0xd9])));

/** A WebP chunk (type, size, data), found by its type. */
function webpChunk(webp: Buffer, type: string): Buffer {
  const at = webp.indexOf(type, 12, 'latin1');
  return webp.subarray(at, at + 8 + webp.readUInt32LE(at + 4));
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

  async function submit(image: Buffer, name: string, filename: string): Promise<Buffer> {
    const user = await registerUser(h, name);
    const campaignId = await createCampaign(h);
    const res = await h.http
      .post('/api/tasks/submit')
      .set('Authorization', `Bearer ${user.token}`)
      .field('taskId', campaignId)
      .attach('proofImage', image, filename)
      .expect(201);
    return readFile(join(dataDir, 'uploads', res.body.submission.proofImage));
  }

  it('a PNG keeps its pixels byte for byte and loses text, time, EXIF, private chunks and trailing bytes', async () => {
    const sent = await screenshotWithMetadata();
    expect(sent.toString('latin1')).toMatch(/Ada of Lagos[\s\S]*GPS[\s\S]*KoboPhone[\s\S]*hidden archive/);
    const stored = await submit(sent, 'png-text', 'shot.png');

    expect(stored.toString('latin1')).not.toMatch(/tEXt|tIME|prIv|eXIf|Ada|GPS|KoboPhone|hidden/);
    // Not encoded again: the pixel data is the very bytes sent.
    const idat = (png: Buffer) =>
      png.subarray(png.indexOf('IDAT', 0, 'latin1') - 4, png.lastIndexOf('IEND', undefined, 'latin1') - 4);
    expect(idat(stored).equals(idat(sent))).toBe(true);
    const [a, b] = await Promise.all([sent, stored].map((x) => sharp(x).raw().toBuffer()));
    expect(b!.equals(a!)).toBe(true);
  });

  it('a PNG whose EXIF turns it is stored upright, without the EXIF', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3a7' } })
      .png()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'KoboPhone' } })
      .toBuffer();
    const meta = await sharp(await submit(sideways, 'png-turned', 'turned.png')).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'png',
      width: 20,
      height: 40,
      exif: undefined,
    });
  });

  it('a JPEG keeps its compressed pixels byte for byte and loses EXIF, XMP, comments, IPTC and trailing bytes', async () => {
    const sent = await uprightPhotoWithMetadata();
    expect(sent.toString('latin1')).toMatch(
      /taken at[\s\S]*Ada of Lagos[\s\S]*KoboPhone[\s\S]*Ikeja[\s\S]*hidden/,
    );
    expect((await sharp(sent).metadata()).orientation ?? 1).toBe(1); // upright: nothing to turn
    const stored = await submit(sent, 'jpeg-upright', 'photo.jpg');

    expect(stored.toString('latin1')).not.toMatch(
      /Exif|KoboPhone|xmpmeta|Ikeja|taken at|Photoshop|Ada|hidden/,
    );
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, exif: meta.exif, xmp: meta.xmp, width: meta.width }).toEqual({
      format: 'jpeg',
      exif: undefined,
      xmp: undefined,
      width: 48,
    });
    // Not encoded again: the scans are the very bytes sent, and so are the pixels.
    expect(jpegScans(stored).equals(jpegScans(sent))).toBe(true);
    const [a, b] = await Promise.all([sent, stored].map((x) => sharp(x).raw().toBuffer()));
    expect(b!.equals(a!)).toBe(true);
  });

  it('a WebP keeps its picture chunk byte for byte and loses EXIF, XMP and trailing bytes', async () => {
    const webp = await sharp({ create: { width: 48, height: 32, channels: 4, background: '#a37c' } })
      .webp({ quality: 61 })
      .withExifMerge({ IFD0: { Make: 'KoboPhone' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description>Ikeja</rdf:Description></x:xmpmeta>')
      .toBuffer();
    const sent = Buffer.concat([webp, Buffer.from('PK hidden archive after the end', 'latin1')]);
    expect(sent.toString('latin1')).toMatch(/VP8X[\s\S]*KoboPhone[\s\S]*Ikeja[\s\S]*hidden/);
    const stored = await submit(sent, 'webp-upright', 'shot.webp');

    expect(stored.toString('latin1')).not.toMatch(/EXIF|KoboPhone|XMP|Ikeja|hidden/);
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, exif: meta.exif, xmp: meta.xmp, hasAlpha: meta.hasAlpha }).toEqual({
      format: 'webp',
      exif: undefined,
      xmp: undefined,
      hasAlpha: true,
    });
    // The header no longer announces EXIF (0x08) or XMP (0x04); alpha (0x10) stays.
    expect(webpChunk(stored, 'VP8X')[8]! & 0x1c).toBe(0x10);
    // Not encoded again: the alpha and picture chunks are the very bytes sent.
    for (const type of ['ALPH', 'VP8 '])
      expect(webpChunk(stored, type).equals(webpChunk(webp, type))).toBe(true);
    const [a, b] = await Promise.all([webp, stored].map((x) => sharp(x).raw().toBuffer()));
    expect(b!.equals(a!)).toBe(true);
  });
});
