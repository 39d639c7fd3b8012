/**
 * The original as stored: upright (EXIF orientation applied), with no metadata: a phone photo's
 * EXIF carries GPS, the device and the time. The caller has already proved the bytes an image by
 * decoding them (makeThumbnail).
 *
 * The image keeps its compressed pixels byte for byte and loses everything else (pngWithoutMetadata,
 * jpegWithoutMetadata, webpWithoutMetadata): encoding again would cost CPU on every submission
 * (a 1080 x 2340 JPEG: 143 ms with mozjpeg; WebP: 181 ms; PNG: 18 ms) and, for JPEG and WebP,
 * quality, for pixels the person already sent. Only an image whose EXIF orientation would turn it,
 * an animated WebP, or a file these readers do not follow is decoded and encoded again.
 */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, UndecodableImageError } from './thumbnail';

type ImageType = 'png' | 'jpeg' | 'webp';

const stripped: Record<ImageType, (bytes: Buffer) => Buffer | undefined> = {
  png: pngWithoutMetadata,
  jpeg: jpegWithoutMetadata,
  webp: webpWithoutMetadata,
};

export async function withoutMetadata(bytes: Buffer, type: ImageType): Promise<Buffer> {
  try {
    const { orientation } = await sharp(bytes).metadata();
    const kept = (orientation ?? 1) === 1 ? stripped[type](bytes) : undefined;
    if (kept) return kept;
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (type === 'png') return await image.png().toBuffer();
    if (type === 'webp') return await image.webp({ quality: 90 }).toBuffer();
    return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch (error) {
    throw new UndecodableImageError((error as Error).message);
  }
}

/**
 * The chunks that say what the pixels are and how they look. Every other chunk goes: text (tEXt,
 * zTXt, iTXt: author, software, XMP), time (tIME), EXIF (eXIf) and private chunks, which can carry
 * anything, as can bytes after IEND.
 */
const PNG_PIXEL_CHUNKS = new Set(
  // Pixels, palette, transparency, colour and size; then APNG's animation frames.
  'IHDR PLTE IDAT IEND tRNS cHRM gAMA iCCP sBIT sRGB cICP mDCv cLLi bKGD pHYs acTL fcTL fdAT'.split(' '),
);
const PNG_SIGNATURE_LENGTH = 8;

/** The PNG with only its pixel chunks, each copied as it was (CRC included); undefined if malformed. */
export function pngWithoutMetadata(png: Buffer): Buffer | undefined {
  const kept: Buffer[] = [png.subarray(0, PNG_SIGNATURE_LENGTH)];
  // Each chunk: length (4), type (4), data (length), CRC (4).
  for (let at = PNG_SIGNATURE_LENGTH; at + 12 <= png.length;) {
    const end = at + 12 + png.readUInt32BE(at);
    if (end > png.length) return undefined;
    const type = png.toString('latin1', at + 4, at + 8);
    if (PNG_PIXEL_CHUNKS.has(type)) kept.push(png.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(kept);
    at = end;
  }
  return undefined;
}

// JPEG markers (the byte after 0xFF) whose segments describe the pixels: frames (SOF0-SOF15 but
// for DHT, JPG and DAC), Huffman and arithmetic tables, quantisation tables, restart interval,
// number of lines.
const JPEG_PIXEL_SEGMENTS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, 0xc4, 0xcc, 0xdb, 0xdd, 0xdc,
]);
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;

/** Application segments a decoder needs: the colour profile, and Adobe's colour transform. */
function isNeededApplicationSegment(marker: number, data: Buffer): boolean {
  if (marker === APP2) return data.toString('latin1', 0, 12) === 'ICC_PROFILE\0';
  if (marker === APP14) return data.toString('latin1', 0, 5) === 'Adobe';
  return false;
}

/**
 * The JPEG with only the segments that describe its pixels and its compressed scans, copied as
 * they were. Gone: EXIF and XMP (APP1), JFIF and its thumbnail (APP0), other application
 * segments (camera makers' notes, IPTC, multi-picture indexes), comments, and every byte after
 * the end of the image (a phone's second pictures, archives). Undefined for anything this reader
 * does not follow.
 */
export function jpegWithoutMetadata(jpeg: Buffer): Buffer | undefined {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== SOI) return undefined;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (at + 2 <= jpeg.length) {
    if (jpeg[at] !== 0xff) return undefined;
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at += 1; // a fill byte before a marker
      continue;
    }
    if (marker === EOI) {
      kept.push(jpeg.subarray(at, at + 2));
      return Buffer.concat(kept);
    }
    if (at + 4 > jpeg.length) return undefined;
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end > jpeg.length || end < at + 4) return undefined;
    const data = jpeg.subarray(at + 4, end);
    if (marker === SOS) {
      // The scan's compressed data runs to the next marker that is not a restart (0xD0-0xD7) or
      // a stuffed zero.
      let next = jpeg.indexOf(0xff, end);
      for (; next !== -1 && next + 1 < jpeg.length; next = jpeg.indexOf(0xff, next + 1)) {
        const byte = jpeg[next + 1]!;
        if (byte !== 0 && (byte < 0xd0 || byte > 0xd7) && byte !== 0xff) break;
      }
      if (next === -1 || next + 1 >= jpeg.length) return undefined;
      kept.push(jpeg.subarray(at, next));
      at = next;
      continue;
    }
    if (JPEG_PIXEL_SEGMENTS.has(marker) || isNeededApplicationSegment(marker, data))
      kept.push(jpeg.subarray(at, end));
    else if (!((marker >= APP0 && marker <= APP15) || marker === COM)) return undefined;
    at = end;
  }
  return undefined;
}

// VP8X flags: which optional chunks the file says it has.
const WEBP_EXIF_FLAG = 0x08;
const WEBP_XMP_FLAG = 0x04;
const WEBP_ANIMATION_FLAG = 0x02;
/** The colour profile, the alpha channel and the picture itself (lossy or lossless). */
const WEBP_PIXEL_CHUNKS = new Set(['VP8X', 'ICCP', 'ALPH', 'VP8 ', 'VP8L']);

/**
 * The WebP with only its header, colour profile, alpha and picture chunks, copied as they were:
 * EXIF, XMP, unknown chunks and bytes after the RIFF container go, and the header no longer
 * announces EXIF or XMP. Undefined for an animation (its frames can carry unknown chunks) or a
 * file this reader does not follow.
 */
export function webpWithoutMetadata(webp: Buffer): Buffer | undefined {
  if (
    webp.length < 20 ||
    webp.toString('latin1', 0, 4) !== 'RIFF' ||
    webp.toString('latin1', 8, 12) !== 'WEBP'
  )
    return undefined;
  const riffEnd = 8 + webp.readUInt32LE(4);
  if (riffEnd > webp.length) return undefined;
  const kept: Buffer[] = [];
  // Each chunk: type (4), size (4, little-endian), data (size), one padding byte if size is odd.
  for (let at = 12; at + 8 <= riffEnd;) {
    const type = webp.toString('latin1', at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) return undefined;
    if (type === 'VP8X') {
      if (size < 1 || webp[at + 8]! & WEBP_ANIMATION_FLAG) return undefined;
      const header = Buffer.from(webp.subarray(at, end));
      header[8] = header[8]! & ~(WEBP_EXIF_FLAG | WEBP_XMP_FLAG);
      kept.push(header);
    } else if (type === 'ANIM' || type === 'ANMF') return undefined;
    else if (WEBP_PIXEL_CHUNKS.has(type)) kept.push(webp.subarray(at, end));
    at = end;
  }
  if (!kept.some((chunk) => ['VP8 ', 'VP8L'].includes(chunk.toString('latin1', 0, 4)))) return undefined;
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
