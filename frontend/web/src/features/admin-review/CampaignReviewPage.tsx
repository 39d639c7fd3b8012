/**
 * Task Review (docs/product/staff-area.md#admin-screens), the review of one campaign's submissions:
 * their counts, a status filter (in the URL, Pending by default), the proof screenshot, and Approve /
 * Reject, from the mouse or from the keyboard alone (review-keys.ts).
 */
import { Tab, Tabs, Tag } from '@blueprintjs/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { useToast } from '../../shared/toast/toast';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { StatCard } from '../../shared/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { endsAttempt, newAttemptKey } from '../withdraw/attempt-key';
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import { Pager } from '../../shared/ui/Pager';
import {
  useApproveSubmissionMutation,
  useGetAdminCampaignQuery,
  useGetCampaignSubmissionsQuery,
  useLazyGetReviewQueueQuery,
  useRejectSubmissionMutation,
  type AdminCampaign,
  type AdminSubmission,
} from './api';
import { ProofDialog, RejectDialog } from './ReviewDialogs';
import {
  STATUS_FILTERS,
  countSubmissions,
  emptyDescription,
  parseStatusFilter,
  readFlags,
  showingLine,
  type StatusFilter,
} from './review';
import { REVIEW_SHORTCUTS, type ReviewCommand, type ReviewItem } from './review-keys';
import { REVIEW_QUEUE_PATH } from './review-queue';
import { SubmissionCard } from './SubmissionCard';
import { useReviewFocus } from './useReviewFocus';
import { useReviewShortcuts } from './useReviewShortcuts';
import './admin-review.css';

const DECISION_TOAST = 'review-decision';

export function CampaignReviewPage() {
  const { campaignId } = useParams();
  if (!campaignId) return <Navigate to="/admin/active-campaigns" replace />;
  return <CampaignReview campaignId={campaignId} />;
}

const BACK = (
  <ButtonLink
    to="/admin/active-campaigns"
    icon="arrow-left"
    variant="minimal"
    text="Back to Active Campaigns"
  />
);

function CampaignReview({ campaignId }: { campaignId: string }) {
  const campaign = useGetAdminCampaignQuery(campaignId);
  const [params, setParams] = useSearchParams();
  const filter = parseStatusFilter(params.get('status'));
  const page = readPage(params);
  // The server filters and pages, pending first then the newest.
  const submissions = useGetCampaignSubmissionsQuery({
    taskId: campaignId,
    ...(filter === 'all' ? {} : { status: filter }),
    ...page,
  });
  const notFound = campaign.error && 'status' in campaign.error && campaign.error.status === 404;

  /** The filter and page in the address; Pending and the first page are the plain address. */
  function show(next: { filter?: StatusFilter } & Partial<PageRequest>) {
    const status = next.filter ?? filter;
    const updated = writePage({ page: next.page ?? 1, pageSize: next.pageSize ?? page.pageSize });
    setParams(status === 'pending' ? updated : { status, ...updated }, { replace: true });
  }

  const header = (
    <>
      <div className="kobo-review-back">{BACK}</div>
      <PageHeader
        title="Task Review"
        subtitle={
          <span className="kobo-review-subtitle-id">
            Review and approve user task submissions for Campaign #{campaignId}
          </span>
        }
      />
    </>
  );

  let body;
  if (campaign.isLoading || submissions.isLoading) body = <LoadingState label="Loading submissions..." />;
  else if (notFound)
    body = (
      <div className="kobo-card">
        <EmptyState
          icon="search"
          title="Campaign not found"
          description="This campaign does not exist or was deleted."
          action={BACK}
        />
      </div>
    );
  else if (!campaign.data || !submissions.data)
    body = (
      <ErrorState
        title="Could not load submissions"
        message={errorMessage(
          campaign.error ?? submissions.error,
          'Please check your connection and try again.',
        )}
        onRetry={() => {
          void campaign.refetch();
          void submissions.refetch();
        }}
      />
    );
  else
    body = (
      <ReviewQueue
        campaign={campaign.data}
        submissions={submissions.data.items}
        total={submissions.data.total}
        busyLoading={submissions.isFetching}
        filter={filter}
        onFilter={(next) => show({ filter: next })}
        pager={
          submissions.data.total > 0 ? (
            <Pager
              label="Submission pages"
              {...page}
              total={submissions.data.total}
              onChange={(next) => show(next)}
            />
          ) : null
        }
      />
    );

  return (
    <main className="kobo-page">
      {header}
      {body}
    </main>
  );
}

function ReviewQueue({
  campaign,
  submissions,
  total,
  busyLoading,
  filter,
  onFilter,
  pager,
}: {
  campaign: AdminCampaign;
  /** The page in hand, already filtered by the server. */
  submissions: AdminSubmission[];
  /** How many match the filter, on every page. */
  total: number;
  busyLoading: boolean;
  filter: StatusFilter;
  onFilter: (filter: StatusFilter) => void;
  pager: ReactNode;
}) {
  const campaignId = campaign._id;
  const title = campaign.taskName;
  const toast = useToast();
  const [approve] = useApproveSubmissionMutation();
  const [reject] = useRejectSubmissionMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [readQueue] = useLazyGetReviewQueueQuery();
  const navigate = useNavigate();
  // One Idempotency-Key per intended decision: a retry after a lost answer reuses it.
  const attemptKeys = useRef(new Map<string, string>());

  const counts = countSubmissions(campaign);
  const shown = submissions;
  const items: ReviewItem[] = useMemo(
    () => shown.map((s) => ({ id: s._id, pending: s.status === 'pending' })),
    [shown],
  );

  const { keys, dispatch, send, cards, list, afterDialog } = useReviewFocus(items);

  async function decide(submission: AdminSubmission, decision: 'approve' | 'reject', reason?: string) {
    const attempt = `${decision}:${submission._id}`;
    let key = attemptKeys.current.get(attempt);
    if (!key) attemptKeys.current.set(attempt, (key = newAttemptKey()));
    setBusy(submission._id);
    const request = {
      campaignId,
      submissionId: submission._id,
      userId: submission.userId,
      idempotencyKey: key,
      ...(decision === 'reject' && reason ? { reason } : {}),
    };
    try {
      const answer = await (decision === 'approve' ? approve(request) : reject(request)).unwrap();
      attemptKeys.current.delete(attempt);
      const done =
        answer.message ||
        (decision === 'approve' ? 'Task Approved Successfully' : 'Task Rejected Successfully');
      // One toast at a time: each decision replaces the one before.
      toast.success(done, { key: DECISION_TOAST });
      dispatch({ command: { type: 'close' }, items });
      // The campaign's last proof: on to the queue's next campaign, or the queue when none is left.
      if (filter === 'pending' && total === 1 && shown.length === 1) await moveOn(done);
    } catch (error) {
      if (endsAttempt(error)) attemptKeys.current.delete(attempt);
      toast.error(
        errorMessage(
          error,
          decision === 'approve' ? 'Error approving submission' : 'Error rejecting submission',
        ),
        {
          title: decision === 'approve' ? 'Approval Failed' : 'Task Rejection Failed',
          key: DECISION_TOAST,
        },
      );
    } finally {
      setBusy(null);
    }
  }

  async function moveOn(done: string) {
    const next = await readQueue({ pageSize: 1 }, false)
      .unwrap()
      .then((queue) => queue.items.find((proof) => proof.campaignId !== campaignId) ?? null)
      .catch(() => null);
    toast.success(
      next
        ? `${done}. Every proof of ${title} is reviewed: on to ${next.taskName}.`
        : `${done}. Every proof of ${title} is reviewed.`,
      { key: DECISION_TOAST },
    );
    navigate(
      next ? `/admin/active-campaigns/${encodeURIComponent(next.campaignId)}/review` : REVIEW_QUEUE_PATH,
    );
  }

  const byId = (id: string | undefined) => submissions.find((s) => s._id === id) ?? null;
  const focused = byId(keys.focused ?? undefined);
  const dialogSubmission = byId(keys.dialog?.id);

  function run(command: ReviewCommand) {
    if (command.type === 'approve') {
      const target = keys.dialog ? dialogSubmission : focused;
      if (target?.status === 'pending' && busy === null) void decide(target, 'approve');
      return;
    }
    send(command);
  }

  useReviewShortcuts(keys.dialog, run);

  function showTarget(target: AdminSubmission) {
    if (!shown.some((s) => s._id === target._id)) onFilter('all');
    dispatch({ keep: target._id });
    // After the filter change has drawn the card.
    requestAnimationFrame(() => {
      const card = cards.current.get(target._id);
      card?.focus();
      card?.scrollIntoView?.({ block: 'center' });
    });
  }

  return (
    <>
      <div className="kobo-grid kobo-review-stats">
        <StatCard label="Total Submissions" value={counts.all} icon="inbox" />
        <StatCard label="Pending Review" value={counts.pending} icon="time" tone="brand" />
        <StatCard label="Approved" value={counts.approved} icon="tick-circle" />
        <StatCard label="Rejected" value={counts.rejected} icon="cross-circle" />
      </div>

      <section className="kobo-card kobo-review-queue" aria-labelledby="kobo-review-queue-title">
        <div className="kobo-review-queue-head">
          <h2 id="kobo-review-queue-title">{title}</h2>
          <Tabs
            id="kobo-review-status"
            selectedTabId={filter}
            onChange={(next) => onFilter(next as StatusFilter)}
            className="kobo-review-tabs"
            animate={false}
            aria-label="Submission status"
          >
            {STATUS_FILTERS.map((f) => (
              <Tab
                key={f.value}
                id={f.value}
                title={
                  <>
                    {f.label}{' '}
                    <Tag round minimal>
                      {counts[f.value]}
                    </Tag>
                  </>
                }
              />
            ))}
          </Tabs>
        </div>
        <div className="kobo-review-queue-meta">
          <p aria-live="polite">{showingLine(total)}</p>
          <p className="kobo-muted kobo-review-help" id="kobo-review-shortcuts">
            {REVIEW_SHORTCUTS}
          </p>
        </div>

        {shown.length === 0 ? (
          <EmptyState
            icon="inbox"
            title="No submissions found"
            description={emptyDescription(filter)}
            action={
              filter === 'pending' ? (
                <ButtonLink
                  to={REVIEW_QUEUE_PATH}
                  icon="inbox"
                  intent="primary"
                  variant="solid"
                  text="Open the review queue"
                />
              ) : undefined
            }
          />
        ) : (
          <ul
            ref={list}
            aria-busy={busyLoading}
            className="kobo-review-submissions"
            aria-label="Submissions"
            aria-describedby="kobo-review-shortcuts"
          >
            {shown.map((submission, index) => (
              <li key={submission._id}>
                <SubmissionCard
                  ref={(element) => {
                    if (element) cards.current.set(submission._id, element);
                    else cards.current.delete(submission._id);
                  }}
                  submission={submission}
                  flags={readFlags(submission, submissions)}
                  focused={keys.focused === submission._id}
                  tabbable={keys.focused === submission._id || (keys.focused === null && index === 0)}
                  busy={busy === submission._id}
                  onFocus={() => dispatch({ command: { type: 'focus', id: submission._id }, items })}
                  onView={() => {
                    dispatch({ command: { type: 'focus', id: submission._id }, items });
                    dispatch({ command: { type: 'open-proof' }, items });
                  }}
                  onApprove={() => void decide(submission, 'approve')}
                  onReject={() => {
                    dispatch({ command: { type: 'focus', id: submission._id }, items });
                    dispatch({ command: { type: 'open-reject' }, items });
                  }}
                  onShowTarget={showTarget}
                />
              </li>
            ))}
          </ul>
        )}
        {pager}
      </section>

      <ProofDialog
        submission={keys.dialog?.kind === 'proof' ? dialogSubmission : null}
        flags={dialogSubmission ? readFlags(dialogSubmission, submissions) : []}
        busy={busy !== null}
        onClose={() => send({ type: 'close' })}
        onClosed={afterDialog}
        onApprove={() => dialogSubmission && void decide(dialogSubmission, 'approve')}
        onReject={() => send({ type: 'open-reject' })}
      />
      <RejectDialog
        submission={keys.dialog?.kind === 'reject' ? dialogSubmission : null}
        busy={busy !== null}
        onClose={() => send({ type: 'close' })}
        onClosed={afterDialog}
        onConfirm={(reason) => dialogSubmission && void decide(dialogSubmission, 'reject', reason)}
      />
    </>
  );
}
