#!/usr/bin/env node
// The install icons of the web manifest (vite.config.ts), made from the brand mark:
//   node frontend/web/scripts/app-icons.mjs   (writes public/icons/*.png; they are committed)
// "any" icons are the favicon's rounded square; "maskable" ones fill the square edge to edge with the
// mark inside the central safe zone (80 %), so a launcher can cut any shape out of them.
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// sharp is a dependency of the API (it checks proof images); the build of the web app needs no copy.
const sharp = createRequire(join(here, '..', '..', '..', 'services', 'api', 'package.json'))('sharp');

const BRAND = '#1c7c4d';
const mark = (size, { maskable }) => {
  const radius = maskable ? 0 : size * 0.22;
  const glyph = maskable ? size * 0.42 : size * 0.53;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
      `<rect width="${size}" height="${size}" rx="${radius}" fill="${BRAND}"/>` +
      `<text x="50%" y="50%" dy="0.35em" font-family="DejaVu Sans, Arial, sans-serif" font-size="${glyph}" ` +
      `font-weight="700" text-anchor="middle" fill="#fff">₦</text></svg>`,
  );
};

for (const size of [192, 512])
  for (const maskable of [false, true]) {
    const file = join(here, '..', 'public', 'icons', `icon-${size}${maskable ? '-maskable' : ''}.png`);
    await sharp(mark(size, { maskable })).png({ compressionLevel: 9 }).toFile(file);
    console.log(file);
  }
