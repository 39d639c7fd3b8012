/**
 * The proofs of one page of the review queue, reviewed with the mouse or the review keys: after a
 * decision the proof leaves the list at once and the focus moves on to the next; the count and
 * the confirmation line say what happened.
 */
import { Callout } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import { LoadingState } from '../../shared/ui/states';
import { platformOf } from '../campaigns/platforms';
import type { PendingProof } from './api';
import { ProofDialog, RejectDialog } from './ReviewDialogs';
import { readFlags } from './review';
import { REVIEW_SHORTCUTS, type ReviewCommand, type ReviewItem } from './review-keys';
import { proofsLine } from './review-queue';
import { SubmissionCard } from './SubmissionCard';
import { useQueueDecisions, type Confirmation, type Decision } from './useQueueDecisions';
import { useReviewFocus } from './useReviewFocus';
import { useReviewShortcuts } from './useReviewShortcuts';

export function ReviewQueueList({
  proofs,
  total,
  busyLoading,
  empty,
  pager,
}: {
  proofs: PendingProof[];
  total: number;
  busyLoading: boolean;
  empty: ReactNode;
  pager: ReactNode;
}) {
  const decisions = useQueueDecisions();
  const { busy, confirmation, decided } = decisions;
  const shown = useMemo(() => proofs.filter((p) => !decided.has(p._id)), [proofs, decided]);
  const left = Math.max(0, total - proofs.filter((p) => decided.has(p._id)).length);
  const items: ReviewItem[] = useMemo(() => shown.map((p) => ({ id: p._id, pending: true })), [shown]);

  const { keys, dispatch, send, cards, list, focusCard, afterDialog } = useReviewFocus(items);

  /** Once decided, any dialog closes and the focus moves on to the next proof. */
  const decide = (proof: PendingProof, decision: Decision, reason?: string) =>
    void decisions.decide(proof, decision, reason, () => dispatch({ command: { type: 'close' }, items }));

  const byId = (id: string | undefined) => shown.find((p) => p._id === id) ?? null;
  const focused = byId(keys.focused ?? undefined);
  const dialogProof = byId(keys.dialog?.id);

  useReviewShortcuts(keys.dialog, (command: ReviewCommand) => {
    if (command.type === 'approve') {
      const target = keys.dialog ? dialogProof : focused;
      if (target && busy === null) decide(target, 'approve');
      return;
    }
    send(command);
  });

  /** A look-alike proof is linked only within the same campaign (its usernames are what the flag names). */
  const sameCampaign = (proof: PendingProof) => shown.filter((p) => p.campaignId === proof.campaignId);
  const focusOn = (id: string) => dispatch({ command: { type: 'focus', id }, items });

  return (
    <section className="kobo-card kobo-review-queue" aria-labelledby="kobo-queue-title">
      <div className="kobo-review-queue-meta">
        <h2 id="kobo-queue-title" className="kobo-review-queue-count" aria-live="polite">
          {proofsLine(left)}
        </h2>
        <p className="kobo-muted kobo-review-help" id="kobo-review-shortcuts">
          {REVIEW_SHORTCUTS}
        </p>
      </div>
      <DecisionConfirmation confirmation={confirmation} />

      {shown.length === 0 && !busyLoading ? (
        empty
      ) : shown.length === 0 ? (
        <LoadingState label="Loading the next proofs..." />
      ) : (
        <ul
          ref={list}
          aria-busy={busyLoading}
          className="kobo-review-submissions"
          aria-label="Proofs to review"
          aria-describedby="kobo-review-shortcuts"
        >
          {shown.map((proof, index) => (
            <li key={proof._id}>
              <SubmissionCard
                ref={(element) => {
                  if (element) cards.current.set(proof._id, element);
                  else cards.current.delete(proof._id);
                }}
                submission={proof}
                campaign={{ title: proof.taskName, platform: platformOf(proof.taskPlatform).label }}
                flags={readFlags(proof, sameCampaign(proof))}
                focused={keys.focused === proof._id}
                tabbable={keys.focused === proof._id || (keys.focused === null && index === 0)}
                busy={busy === proof._id}
                onFocus={() => focusOn(proof._id)}
                onView={() => {
                  focusOn(proof._id);
                  dispatch({ command: { type: 'open-proof' }, items });
                }}
                onApprove={() => decide(proof, 'approve')}
                onReject={() => {
                  focusOn(proof._id);
                  dispatch({ command: { type: 'open-reject' }, items });
                }}
                onShowTarget={(target) => {
                  dispatch({ keep: target._id });
                  focusCard(target._id);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {pager}

      <ProofDialog
        submission={keys.dialog?.kind === 'proof' ? dialogProof : null}
        flags={dialogProof ? readFlags(dialogProof, sameCampaign(dialogProof)) : []}
        busy={busy !== null}
        onClose={() => send({ type: 'close' })}
        onClosed={afterDialog}
        onApprove={() => dialogProof && decide(dialogProof, 'approve')}
        onReject={() => send({ type: 'open-reject' })}
      />
      <RejectDialog
        submission={keys.dialog?.kind === 'reject' ? dialogProof : null}
        busy={busy !== null}
        onClose={() => send({ type: 'close' })}
        onClosed={afterDialog}
        onConfirm={(reason) => dialogProof && decide(dialogProof, 'reject', reason)}
      />
    </section>
  );
}

/** The last decision's line, in a live region that is always there so each new line is read out. */
function DecisionConfirmation({ confirmation }: { confirmation: Confirmation | null }) {
  return (
    <div role="status" aria-live="polite" className="kobo-review-confirmation">
      {confirmation ? (
        <Callout
          compact
          intent={confirmation.intent}
          icon={confirmation.intent === 'success' ? 'tick-circle' : 'error'}
        >
          {confirmation.text}
        </Callout>
      ) : null}
    </div>
  );
}
