/** The flags a reviewing admin reads next to a submission: whole sentences, in the product's words. */
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
    return `Looks like the screenshot another user (${other.username}) sent for this task`;
  return `Looks like the screenshot another user (${other.username}) sent for another task (${other.taskTitle})`;
}
