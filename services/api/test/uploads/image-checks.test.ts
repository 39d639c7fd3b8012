import sharp from 'sharp';
import { detectImageType } from '../../src/uploads/image-type';
import { isSafeObjectKey } from '../../src/uploads/object-store';
import { createLinkSigner } from '../../src/uploads/signed-links';
import { makeThumbnail, thumbnailKeyOf, UndecodableImageError } from '../../src/uploads/thumbnail';
import { campaignImageKeyFor, proofKeyFor, uploadKindOf } from '../../src/uploads/upload-keys';

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe('image type from the bytes', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('recognises %s', async (format) => {
    expect(detectImageType(await image(format))).toBe(format);
  });

  it.each(['gif', 'tiff'] as const)('does not take %s for an accepted type', async (format) => {
    expect(detectImageType(await image(format))).toBeNull();
  });

  it('does not take text, an empty file or a RIFF that is not WebP for an image', () => {
    expect(detectImageType(Buffer.from('hello, I am a png'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });
});

describe('thumbnails', () => {
  it('are 320 px wide WebP, and not enlarged from a smaller image', async () => {
    const wide = await sharp({ create: { width: 1080, height: 2400, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const meta = await sharp(await makeThumbnail(wide)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 711]);
    const small = await sharp(await makeThumbnail(await image('png'))).metadata();
    expect(small.width).toBe(40);
  });

  it('refuse bytes that do not decode', async () => {
    await expect(makeThumbnail(Buffer.from('nope'))).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('sit beside the original', () => {
    expect(thumbnailKeyOf('proofs/c/u-r.png')).toBe('proofs/c/u-r.thumb.webp');
    expect(thumbnailKeyOf('campaigns/abc.jpg')).toBe('campaigns/abc.thumb.webp');
  });
});

describe('upload keys', () => {
  it('name proofs by campaign and user, with a random part', () => {
    const a = proofKeyFor('c-1', 'u-1', 'png');
    const b = proofKeyFor('c-1', 'u-1', 'png');
    expect(a).toMatch(/^proofs\/c-1\/u-1-[\w-]+\.png$/);
    expect(a).not.toBe(b);
    expect(uploadKindOf(a!)).toEqual({ kind: 'proof', campaignId: 'c-1' });
    expect(proofKeyFor('../x', 'u', 'png')).toBeNull();
  });

  it('always make safe campaign image keys', () => {
    for (let i = 0; i < 200; i++) expect(isSafeObjectKey(campaignImageKeyFor('webp'))).toBe(true);
    expect(uploadKindOf(campaignImageKeyFor('png'))).toEqual({ kind: 'campaign' });
    expect(uploadKindOf('other/thing.png')).toBeNull();
  });
});

describe('signed links', () => {
  const signer = createLinkSigner({ secret: 'x'.repeat(40) });

  it('check as valid until they expire, then as expired', () => {
    const now = new Date('2026-11-21T08:00:00Z');
    const { url } = signer.sign({ key: 'proofs/c/u-r.png' }, now);
    const query = new URL(url, 'http://x').searchParams;
    const at = (iso: string) =>
      signer.check(
        {
          key: 'proofs/c/u-r.png',
          expires: query.get('expires') ?? undefined,
          sig: query.get('sig') ?? undefined,
        },
        new Date(iso),
      );
    expect(at('2026-11-21T08:04:59Z')).toBe('valid');
    expect(at('2026-11-21T08:05:00Z')).toBe('expired');
  });

  it('are bound to the key, the variant and the secret', () => {
    const { url } = signer.sign({ key: 'proofs/c/u-r.png' });
    const q = new URL(url, 'http://x').searchParams;
    const parts = { expires: q.get('expires') ?? undefined, sig: q.get('sig') ?? undefined };
    expect(signer.check({ key: 'proofs/c/u-other.png', ...parts })).toBe('invalid');
    expect(signer.check({ key: 'proofs/c/u-r.png', thumb: true, ...parts })).toBe('invalid');
    expect(createLinkSigner({ secret: 'y'.repeat(40) }).check({ key: 'proofs/c/u-r.png', ...parts })).toBe(
      'invalid',
    );
    expect(signer.check({ key: 'proofs/c/u-r.png', expires: undefined, sig: parts.sig })).toBe('invalid');
  });
});
