/**
 * The image's type read from its first bytes (magic numbers). The file name and the client's
 * Content-Type are the sender's claims; the bytes are what a browser will actually decode.
 */
export type ImageType = 'png' | 'jpeg' | 'webp';

export const imageContentTypes: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export const imageExtensions: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'png';
  if (bytes.length >= 3 && bytes.subarray(0, 3).equals(JPEG)) return 'jpeg';
  // RIFF <size> WEBP
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}
