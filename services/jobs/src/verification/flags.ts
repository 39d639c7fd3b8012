/**
 * The flags a reviewing admin reads next to a submission: whole sentences, in the product's words.
 * A sentence about another user's proof says "another user" without a name: the name is read when
 * the flag is shown (the look-alike's ids go beside it, SubmissionVerified's `lookAlikes`).
 */
import type { LookAlike } from '@kobo/ledger';
import type { SimilarProof } from './proof-hashes';

export const NOT_AN_IMAGE = 'The proof is not a readable PNG, JPEG or WebP image';
export const IMAGE_MISSING = 'The proof image could not be found in storage';

export function lookAlikeFlag(
  submission: { userId: string; campaignId: string },
  other: SimilarProof,
): string {
  if (other.userId === submission.userId)
    return `Looks like the screenshot this user already sent for another task (${other.taskTitle})`;
  if (other.campaignId === submission.campaignId)
    return 'Looks like the screenshot another user sent for this task';
  return `Looks like the screenshot another user sent for another task (${other.taskTitle})`;
}

/**
 * The flags about look-alike proofs, closest first, each sentence once per other user (the first,
 * closest, of their proofs), with whose proofs they are.
 */
export function lookAlikeFlags(
  submission: { userId: string; campaignId: string },
  similar: readonly SimilarProof[],
): { flags: string[]; lookAlikes: LookAlike[] } {
  const flags: string[] = [];
  const lookAlikes: LookAlike[] = [];
  const seen = new Set<string>();
  for (const other of similar) {
    const text = lookAlikeFlag(submission, other);
    const own = other.userId === submission.userId;
    const key = own ? text : JSON.stringify([text, other.userId]);
    if (seen.has(key)) continue;
    seen.add(key);
    if (!own) lookAlikes.push({ flag: flags.length, submissionId: other.submissionId, userId: other.userId });
    flags.push(text);
  }
  return { flags, lookAlikes };
}
