import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDateTime } from '../../shared/dates';
import type { AdminSubmission } from './api';
import { ProofImage } from './ProofImage';
import { SubmissionStatus } from './SubmissionCard';
import { displayName, type ProofFlag } from './review';

/** The proof at full size, with Approve and Reject for a pending submission. */
export function ProofDialog({
  submission,
  flags,
  busy,
  onClose,
  onClosed,
  onApprove,
  onReject,
}: {
  submission: AdminSubmission | null;
  /** The verification flags, shown beside the proof they are about. */
  flags: ProofFlag[];
  busy: boolean;
  onClose: () => void;
  onClosed: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const name = submission ? displayName(submission) : '';
  return (
    <Dialog
      isOpen={submission !== null}
      onClose={onClose}
      onClosed={onClosed}
      shouldReturnFocusOnClose={false}
      title={submission ? `Screenshot from ${name}` : 'Screenshot'}
      icon="media"
      className="kobo-review-dialog"
    >
      {submission ? (
        <>
          <DialogBody>
            <p className="kobo-review-dialog-meta">
              <SubmissionStatus status={submission.status} />
              <span className="kobo-muted">Submitted {formatDateTime(submission.submittedAt)}</span>
            </p>
            {flags.map((flag) => (
              <Tag
                key={flag.text}
                intent="warning"
                minimal
                icon="duplicate"
                className="kobo-review-dialog-flag"
              >
                {flag.text}
              </Tag>
            ))}
            <div className="kobo-review-proof-box">
              <ProofImage proofKey={submission.proofImage} alt={`Proof screenshot sent by ${name}`} />
            </div>
            {submission.status === 'pending' ? (
              <p className="kobo-muted kobo-review-help">a approve · r reject · Esc close</p>
            ) : null}
          </DialogBody>
          <DialogFooter
            actions={
              submission.status === 'pending' ? (
                <>
                  <Button
                    intent="danger"
                    variant="outlined"
                    icon="cross"
                    text="Reject"
                    disabled={busy}
                    onClick={onReject}
                  />
                  <Button intent="success" icon="tick" text="Approve" loading={busy} onClick={onApprove} />
                </>
              ) : (
                <Button text="Close" onClick={onClose} />
              )
            }
          />
        </>
      ) : null}
    </Dialog>
  );
}

/** Asks for the reason the user will read; Enter confirms (Shift+Enter for a new line). */
export function RejectDialog({
  submission,
  busy,
  onClose,
  onClosed,
  onConfirm,
}: {
  submission: AdminSubmission | null;
  busy: boolean;
  onClose: () => void;
  onClosed: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const name = submission ? displayName(submission) : '';
  function confirm() {
    if (!busy) onConfirm(reason.trim());
  }
  return (
    <Dialog
      isOpen={submission !== null}
      onClose={onClose}
      onClosed={onClosed}
      shouldReturnFocusOnClose={false}
      onOpening={() => setReason('')}
      title="Reject submission"
      icon="cross-circle"
      className="kobo-review-dialog-small"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <DialogBody>
          <p>
            Reject the proof sent by <strong>{name}</strong>? The unit goes back to the campaign.
          </p>
          <FormGroup
            label="Reason (the user sees this)"
            labelFor="kobo-review-reason"
            helperText="Leave it empty to send: Your submission did not meet the task requirements."
          >
            <TextArea
              id="kobo-review-reason"
              autoFocus
              fill
              rows={3}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  confirm();
                }
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="danger" icon="cross" text="Reject" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
