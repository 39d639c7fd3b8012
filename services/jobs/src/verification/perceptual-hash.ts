/**
 * Decoding check and perceptual hash of a proof screenshot. dHash: shrink to 9x8 grey pixels and
 * record, for each of the 8x8 neighbouring pairs, whether the left one is brighter. Re-encoding,
 * rescaling or a slight crop change few of the 64 bits, so near-equal screenshots are a small
 * Hamming distance apart.
 */
import sharp from 'sharp';

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

export type ProofFingerprint = { readable: true; hash: string } | { readable: false };

export async function fingerprintProof(image: Buffer): Promise<ProofFingerprint> {
  try {
    const { format } = await sharp(image).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return { readable: false };
    return { readable: true, hash: await differenceHash(image) };
  } catch {
    // Not an image, or a truncated/corrupt one: sharp cannot decode it.
    return { readable: false };
  }
}

/** 64-bit dHash as 16 hex digits. Decodes the whole image, so a truncated file throws here. */
export async function differenceHash(image: Buffer): Promise<string> {
  const { data, info } = await sharp(image, { failOn: 'error' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => data[(y * 9 + x) * info.channels]!;
  let bits = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (pixel(x, y) > pixel(x + 1, y) ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  for (; diff > 0n; diff >>= 1n) count += Number(diff & 1n);
  return count;
}
