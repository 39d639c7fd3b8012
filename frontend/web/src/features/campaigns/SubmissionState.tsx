import { Tag, type Intent } from '@blueprintjs/core';
import type { Submission } from './api';

const look: Record<Submission['status'], { text: string; intent: Intent; icon: 'time' | 'tick' | 'cross' }> =
  {
    pending: { text: 'Pending review', intent: 'warning', icon: 'time' },
    approved: { text: 'Approved', intent: 'success', icon: 'tick' },
    rejected: { text: 'Rejected', intent: 'danger', icon: 'cross' },
  };

/** A submission's review state as a tag: Pending review, Approved or Rejected. */
export function SubmissionStateTag({ status }: { status: Submission['status'] }) {
  const { text, intent, icon } = look[status];
  return (
    <Tag minimal round intent={intent} icon={icon}>
      {text}
    </Tag>
  );
}
