/** The review queue's address and its count line, shared by the queue and the pages that lead to it. */
export const REVIEW_QUEUE_PATH = '/admin/review';

export function proofsLine(count: number): string {
  return count === 1 ? '1 proof to review' : `${count} proofs to review`;
}
