/**
 * An empty review queue says why and where to go: with filters, to the whole queue or Active
 * Campaigns; without, back to the dashboard or Active Campaigns.
 */
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { EmptyState } from '../../shared/ui/states';
import { REVIEW_QUEUE_PATH } from './review-queue';

export function ReviewQueueEmpty({ filtered }: { filtered: boolean }) {
  if (filtered)
    return (
      <EmptyState
        icon="filter-remove"
        title="No proofs match these filters"
        description="Every proof of this campaign or platform has been reviewed."
        action={
          <div className="kobo-review-way-back">
            <ButtonLink
              to={REVIEW_QUEUE_PATH}
              icon="inbox"
              variant="solid"
              intent="primary"
              text="Show the whole queue"
            />
            <ButtonLink
              to="/admin/active-campaigns"
              icon="endorsed"
              variant="outlined"
              text="Active Campaigns"
            />
          </div>
        }
      />
    );
  return (
    <EmptyState
      icon="tick-circle"
      title="All proofs reviewed"
      description="No proof is waiting for review. New ones appear here as users send them."
      action={
        <div className="kobo-review-way-back">
          <ButtonLink to="/admin" icon="home" variant="outlined" text="Back to the dashboard" />
          <ButtonLink
            to="/admin/active-campaigns"
            icon="endorsed"
            variant="outlined"
            text="Active Campaigns"
          />
        </div>
      }
    />
  );
}
