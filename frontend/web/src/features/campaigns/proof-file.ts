/**
 * The browser's check of a proof screenshot before it is sent, so a person learns at once that a
 * file will be refused. The server checks again from the file's bytes (docs/api/campaigns.md).
 */
import { PROOF_MAX_BYTES, PROOF_TYPES } from '../../shared/constants';

export const PROOF_ACCEPT = PROOF_TYPES.join(',');
export const PROOF_WRONG_TYPE = 'Proof must be a PNG, JPEG or WebP image';
export const PROOF_TOO_LARGE = 'Proof image must be at most 10 MB';
export const PROOF_EMPTY = 'This file is empty. Please choose another screenshot.';

/** Why the file cannot be sent as proof, or null when it can. */
export function proofFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PROOF_TYPES as readonly string[]).includes(file.type.toLowerCase())) return PROOF_WRONG_TYPE;
  if (file.size === 0) return PROOF_EMPTY;
  if (file.size > PROOF_MAX_BYTES) return PROOF_TOO_LARGE;
  return null;
}

/** 2411724 -> '2.3 MB', for the chosen file's line. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
