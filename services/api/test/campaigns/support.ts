/** Users, campaigns and real image bytes for the campaign tests. */
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { nairaToKobo } from '@kobo/ledger';
import { registerUser as registerLedgerUser } from '@kobo/ledger/testing';
import { settled, type Harness } from '../support/harness';

export interface TestUser {
  userId: string;
  token: string;
}

/** A user (no bank details) with a session. */
export async function registerUser(h: Harness, name: string): Promise<TestUser> {
  const userId = randomUUID();
  const user = await registerLedgerUser(h.context.commands, {
    userId,
    firstName: name,
    lastName: 'Tester',
    username: `${name}${userId.slice(0, 6)}`,
    email: `${name}.${userId.slice(0, 6)}@kobo.test`,
    referralCode: `R${userId.replace(/-/g, '').slice(0, 9).toUpperCase()}`,
    bank: false,
  });
  await settled(h, user.lastPosition);
  return { userId, token: await h.context.auth.sessions.open({ userId, role: 'user' }) };
}

export interface CampaignSpec {
  title?: string;
  platform?: string;
  priceNaira?: number;
  units?: number;
  image?: string | null;
}

export async function createCampaign(h: Harness, spec: CampaignSpec = {}): Promise<string> {
  const campaignId = randomUUID();
  await settled(
    h,
    (
      await h.context.commands.createCampaign({
        campaignId,
        title: spec.title ?? 'Like the Jollof Kitchen page',
        platform: spec.platform ?? 'facebook',
        variation: 'Like Page',
        instructions: 'Like the page, then upload a screenshot.',
        url: 'https://example.com/jollof',
        price: nairaToKobo(spec.priceNaira ?? 25),
        units: spec.units ?? 10,
        estimatedMinutes: 5,
        image: spec.image ?? null,
        by: { role: 'admin', id: h.adminId } as const,
      })
    ).lastPosition,
  );
  return campaignId;
}

export { settled };

export function pngBytes(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

export function jpegBytes(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
}

export function webpBytes(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 900, channels: 3, background: { r: 20, g: 200, b: 90 } } })
    .webp()
    .toBuffer();
}

export function gifBytes(): Promise<Buffer> {
  return sharp({ create: { width: 50, height: 50, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .gif()
    .toBuffer();
}

/** A real PNG a little over `megabytes`: noise does not compress, so the file stays large. */
export function bigPngBytes(megabytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3)) + 16;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Text bytes, for "an image" that is not one. */
export function textBytes(): Buffer {
  return Buffer.from('just some text pretending to be a picture');
}
