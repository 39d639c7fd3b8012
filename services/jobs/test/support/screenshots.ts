/** Real screenshot-like images made with sharp: blocks of grey from a seeded generator. */
import sharp from 'sharp';

const WIDTH = 360;
const HEIGHT = 640;
const BLOCK = 40;

function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32: the same seed always draws the same picture.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

export async function screenshot(seed: number): Promise<Buffer> {
  const random = seeded(seed);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const cols = WIDTH / BLOCK;
  const shades = Array.from({ length: cols * (HEIGHT / BLOCK) }, () => Math.floor(random() * 256));
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const shade = shades[Math.floor(y / BLOCK) * cols + Math.floor(x / BLOCK)]!;
      pixels.fill(shade, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
    }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}

/** The same picture as another user would send it: rescaled and re-encoded as JPEG. */
export async function resentAsJpeg(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(720, 1280).jpeg({ quality: 70 }).toBuffer();
}
