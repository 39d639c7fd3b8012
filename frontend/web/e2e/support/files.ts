/** A real screenshot-like PNG for proof uploads, made with sharp (the API decodes it whole). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export async function proofPng(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'kobo-proof-')), 'proof.png');
  await sharp({ create: { width: 360, height: 640, channels: 3, background: { r: 30, g: 215, b: 96 } } })
    .png()
    .toFile(path);
  return path;
}
