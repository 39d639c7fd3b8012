/**
 * How stored images are named. Proofs: `proofs/<campaignId>/<userId>-<random>.<ext>` (the random
 * part keeps a resubmitted or retried upload from overwriting evidence); campaign guide images:
 * `campaigns/<random>.<ext>`. Thumbnails sit beside them (thumbnail.ts).
 */
import { randomBytes } from 'node:crypto';
import { isSafeObjectKey } from './object-store';

const random = () => randomBytes(12).toString('base64url').replace(/^[-]/, '_');

export function proofKeyFor(campaignId: string, userId: string, extension: string): string | null {
  const key = `proofs/${campaignId}/${userId}-${random()}.${extension}`;
  return isSafeObjectKey(key) ? key : null;
}

export function campaignImageKeyFor(extension: string): string {
  return `campaigns/${random()}.${extension}`;
}

export type UploadKind = { kind: 'proof'; campaignId: string } | { kind: 'campaign' };

/** What a key names, or null when it is none of ours (or not a safe key at all). */
export function uploadKindOf(key: string): UploadKind | null {
  if (!isSafeObjectKey(key)) return null;
  const segments = key.split('/');
  if (segments.length === 3 && segments[0] === 'proofs') return { kind: 'proof', campaignId: segments[1]! };
  if (segments.length === 2 && segments[0] === 'campaigns') return { kind: 'campaign' };
  return null;
}
