import { Callout } from '@blueprintjs/core';
import { errorMessage } from '../../shared/api/api';
import { SUBMISSION_REVIEW_TIME } from '../../shared/constants';
import { formatDate, formatDateTime } from '../../shared/dates';
import { Money } from '../../shared/ui/Money';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import type { Submission } from './api';
import { PlatformBadge } from './PlatformBadge';
import { SubmissionStateTag } from './SubmissionState';

function stateLine(submission: Submission): string {
  switch (submission.status) {
    case 'pending':
      return `Waiting for review, usually within ${SUBMISSION_REVIEW_TIME}.`;
    case 'approved':
      return submission.reviewedAt
        ? `Approved ${formatDate(submission.reviewedAt)}. The reward is on your balance.`
        : 'Approved. The reward is on your balance.';
    case 'rejected':
      return submission.reviewedAt ? `Rejected ${formatDate(submission.reviewedAt)}.` : 'Rejected.';
  }
}

/** The person's proofs and where each stands: pending, approved, or rejected with the reason. */
export function SubmissionsList({
  submissions,
  isLoading,
  error,
  onRetry,
}: {
  submissions: Submission[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (isLoading) return <LoadingState label="Loading your submissions..." />;
  if (error && !submissions)
    return (
      <ErrorState
        title="Could not load your submissions"
        message={errorMessage(error, 'Failed to fetch your submissions')}
        onRetry={onRetry}
      />
    );
  if (!submissions?.length)
    return (
      <EmptyState
        icon="send-to"
        title="No submissions yet"
        description="Tasks you submit appear here with their review status."
      />
    );
  return (
    <ul className="kobo-campaigns-submissions" aria-label="My submissions">
      {submissions.map((submission) => (
        <li key={submission.id} className="kobo-card kobo-campaigns-submission">
          <div className="kobo-campaigns-submission-main">
            <PlatformBadge platform={submission.taskPlatform} compact />
            <p className="kobo-campaigns-submission-title">{submission.taskName}</p>
            <p className="kobo-muted kobo-campaigns-submission-date">
              Submitted{' '}
              <time dateTime={submission.submittedAt}>{formatDateTime(submission.submittedAt)}</time>
            </p>
          </div>
          <div className="kobo-campaigns-submission-side">
            <Money amount={submission.reward} />
            <SubmissionStateTag status={submission.status} />
          </div>
          <p className="kobo-campaigns-submission-state kobo-muted">{stateLine(submission)}</p>
          {submission.status === 'rejected' ? (
            <Callout intent="danger" compact icon="comment" className="kobo-campaigns-submission-reason">
              <strong>Reviewer&apos;s reason:</strong> {submission.rejectionReason || 'No reason was given.'}
            </Callout>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
