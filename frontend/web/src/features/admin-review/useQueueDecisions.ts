/**
 * Approving or rejecting proofs from the review queue: one Idempotency-Key per intended decision
 * (a retry after a lost answer reuses it), one proof at a time, and one confirmation line that
 * each decision replaces. A decided proof is left out at once, before the queue is read again.
 */
import { useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/api';
import { endsAttempt, newAttemptKey } from '../withdraw/attempt-key';
import { useApproveSubmissionMutation, useRejectSubmissionMutation, type PendingProof } from './api';
import { displayName } from './review';

/** What the last decision did, said in one line that the next decision replaces. */
export interface Confirmation {
  intent: 'success' | 'danger';
  text: string;
}

export type Decision = 'approve' | 'reject';

export function useQueueDecisions() {
  const [approve] = useApproveSubmissionMutation();
  const [reject] = useRejectSubmissionMutation();
  /** The proof being decided, if any. */
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const attemptKeys = useRef(new Map<string, string>());

  /** `onDecided` runs with the decision's other updates, once the server took it. */
  async function decide(
    proof: PendingProof,
    decision: Decision,
    reason: string | undefined,
    onDecided: () => void,
  ) {
    const attempt = `${decision}:${proof._id}`;
    let key = attemptKeys.current.get(attempt);
    if (!key) attemptKeys.current.set(attempt, (key = newAttemptKey()));
    setBusy(proof._id);
    const request = {
      campaignId: proof.campaignId,
      submissionId: proof._id,
      userId: proof.userId,
      idempotencyKey: key,
      ...(decision === 'reject' && reason ? { reason } : {}),
    };
    const who = `${displayName(proof)}'s proof for ${proof.taskName}`;
    try {
      await (decision === 'approve' ? approve(request) : reject(request)).unwrap();
      attemptKeys.current.delete(attempt);
      setDecided((before) => new Set(before).add(proof._id));
      setConfirmation({
        intent: 'success',
        text: decision === 'approve' ? `Approved ${who}.` : `Rejected ${who}.`,
      });
      onDecided();
    } catch (error) {
      if (endsAttempt(error)) attemptKeys.current.delete(attempt);
      const failed = decision === 'approve' ? 'Approval Failed' : 'Task Rejection Failed';
      setConfirmation({
        intent: 'danger',
        text: `${failed}: ${errorMessage(
          error,
          decision === 'approve' ? 'Error approving submission' : 'Error rejecting submission',
        )}`,
      });
    } finally {
      setBusy(null);
    }
  }

  return { busy, confirmation, decided, decide };
}
