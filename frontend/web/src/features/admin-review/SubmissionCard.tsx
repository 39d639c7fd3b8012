import { Button, Icon, Tag } from '@blueprintjs/core';
import { forwardRef } from 'react';
import { formatDateTime } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import type { AdminSubmission } from './api';
import { ProofImage } from './ProofImage';
import { displayName, initials, type ProofFlag } from './review';

export function SubmissionStatus({ status }: { status: AdminSubmission['status'] }) {
  const intent = status === 'approved' ? 'success' : status === 'rejected' ? 'danger' : 'warning';
  return (
    <Tag round minimal intent={intent}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Tag>
  );
}

export interface SubmissionCardProps {
  submission: AdminSubmission;
  flags: ProofFlag[];
  focused: boolean;
  /** The one card the Tab key reaches (roving tabindex). */
  tabbable: boolean;
  busy: boolean;
  onFocus: () => void;
  onView: () => void;
  onApprove: () => void;
  onReject: () => void;
  onShowTarget: (target: AdminSubmission) => void;
  /** In the review queue across campaigns: the campaign the proof is for. */
  campaign?: { title: string; platform: string };
}

/** One submission in the review queue; the card itself takes the keyboard focus (roving tabindex). */
export const SubmissionCard = forwardRef<HTMLElement, SubmissionCardProps>(function SubmissionCard(
  {
    submission,
    flags,
    focused,
    tabbable,
    busy,
    onFocus,
    onView,
    onApprove,
    onReject,
    onShowTarget,
    campaign,
  },
  ref,
) {
  const name = displayName(submission);
  const pending = submission.status === 'pending';
  const nameId = `kobo-review-sub-${submission._id}`;
  return (
    <article
      ref={ref}
      id={`submission-${submission._id}`}
      className={`kobo-card kobo-review-submission${focused ? ' kobo-review-submission-focused' : ''}`}
      tabIndex={tabbable ? 0 : -1}
      aria-labelledby={nameId}
      aria-current={focused ? 'true' : undefined}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus();
      }}
      onClick={onFocus}
    >
      {campaign ? (
        <p className="kobo-review-submission-campaign">
          <span className="kobo-review-platform">{campaign.platform}</span>
          <span className="kobo-review-submission-campaign-title">{campaign.title}</span>
        </p>
      ) : null}
      <header className="kobo-review-submission-head">
        <span className="kobo-review-avatar" aria-hidden="true">
          {initials(submission)}
        </span>
        <div className="kobo-review-who">
          <h3 id={nameId}>{name}</h3>
          <p className="kobo-muted">{submission.userEmail}</p>
        </div>
        <SubmissionStatus status={submission.status} />
      </header>

      {flags.length > 0 ? (
        <ul className="kobo-review-flags" aria-label="Verification flags">
          {flags.map((flag) => (
            <li key={flag.text}>
              {flag.target ? (
                <a
                  href={`#submission-${flag.target._id}`}
                  className="kobo-review-flag-link"
                  onClick={(event) => {
                    event.preventDefault();
                    onShowTarget(flag.target!);
                  }}
                >
                  <Tag intent="warning" icon="duplicate" minimal interactive>
                    {flag.text}
                  </Tag>
                </a>
              ) : (
                <Tag intent="warning" icon={flag.duplicate ? 'duplicate' : 'warning-sign'} minimal>
                  {flag.text}
                </Tag>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      <button
        type="button"
        className="kobo-review-proof-panel"
        onClick={onView}
        disabled={!submission.proofImage}
        aria-label={`View Screenshot of ${name}'s proof`}
      >
        <span className="kobo-review-thumb-box">
          <ProofImage proofKey={submission.proofImage} thumb alt="" />
        </span>
        <span className="kobo-review-proof-text">
          <Icon icon="media" aria-hidden /> View Screenshot
        </span>
      </button>

      <dl className="kobo-review-facts kobo-review-facts-two">
        <div>
          <dt>Submitted</dt>
          <dd>{formatDateTime(submission.submittedAt)}</dd>
        </div>
        <div>
          <dt>Earnings</dt>
          <dd className="kobo-money">{formatNaira(submission.earnings)}</dd>
        </div>
      </dl>
      {submission.status === 'rejected' && submission.reason ? (
        <p className="kobo-review-reason">
          <strong>Reason:</strong> {submission.reason}
        </p>
      ) : null}

      {pending ? (
        <div className="kobo-review-submission-actions">
          <Button intent="success" icon="tick" text="Approve" loading={busy} onClick={onApprove} />
          <Button
            intent="danger"
            variant="outlined"
            icon="cross"
            text="Reject"
            disabled={busy}
            onClick={onReject}
          />
        </div>
      ) : null}
    </article>
  );
});
