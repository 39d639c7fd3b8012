/**
 * The review queue (/admin/review): every pending proof of every campaign, oldest first, filtered
 * by campaign and by platform (in the URL). The same keys as Task Review (review-keys.ts); after a
 * decision the reviewed proof leaves the list at once and the focus moves on to the next. One
 * confirmation line, replaced by each decision, instead of a toast per decision. An empty queue
 * says so and leads back to the dashboard or Active Campaigns.
 */
import { errorMessage } from '../../shared/api/api';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Pager } from '../../shared/ui/Pager';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { useGetReviewQueueQuery } from './api';
import { ReviewQueueEmpty } from './ReviewQueueEmpty';
import { ReviewQueueFilters } from './ReviewQueueFilters';
import { ReviewQueueList } from './ReviewQueueList';
import { useReviewQueueAddress } from './useReviewQueueAddress';
import './admin-review.css';

export function ReviewQueuePage() {
  const { campaignId, platform, page, show } = useReviewQueueAddress();
  const queue = useGetReviewQueueQuery({
    ...(campaignId ? { campaignId } : {}),
    ...(platform ? { platform } : {}),
    ...page,
  });

  let body;
  if (queue.isLoading) body = <LoadingState label="Loading the proofs to review..." />;
  else if (!queue.data)
    body = (
      <ErrorState
        title="Could not load the proofs to review"
        message={errorMessage(queue.error, 'Please check your connection and try again.')}
        onRetry={() => void queue.refetch()}
      />
    );
  else
    body = (
      <ReviewQueueList
        proofs={queue.data.items}
        total={queue.data.total}
        busyLoading={queue.isFetching}
        empty={<ReviewQueueEmpty filtered={Boolean(campaignId || platform)} />}
        pager={
          queue.data.total > 0 ? (
            <Pager label="Queue pages" {...page} total={queue.data.total} onChange={(next) => show(next)} />
          ) : null
        }
      />
    );

  return (
    <main className="kobo-page">
      <PageHeader
        title="Review queue"
        note={<AsOf fulfilledTimeStamp={queue.data ? queue.fulfilledTimeStamp : undefined} />}
        subtitle="Every proof waiting for review, across campaigns, oldest first."
      />
      <StaleNotice read={queue} />
      <ReviewQueueFilters campaignId={campaignId} platform={platform} show={show} />
      {body}
    </main>
  );
}
