/**
 * The review queue (/admin/review): every pending proof of every campaign, oldest first, filtered
 * by campaign and by platform (in the URL). The same keys as Task Review (review-keys.ts); after a
 * decision the reviewed proof leaves the list at once and the focus moves on to the next. One
 * confirmation line, replaced by each decision, instead of a toast per decision. An empty queue
 * says so and leads back to the dashboard or Active Campaigns.
 */
import { Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Pager } from '../../shared/ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { platformOf } from '../tasks/platforms';
import { endsAttempt, newAttemptKey } from '../withdraw/attempt-key';
import {
  useApproveSubmissionMutation,
  useGetAdminCampaignsQuery,
  useGetReviewQueueQuery,
  useRejectSubmissionMutation,
  type PendingProof,
} from './api';
import { PLATFORM_FILTERS } from './campaigns';
import { ProofDialog, RejectDialog } from './ReviewDialogs';
import { displayName, readFlags } from './review';
import { REVIEW_SHORTCUTS, commandForKey, type ReviewCommand, type ReviewItem } from './review-keys';
import { REVIEW_QUEUE_PATH, proofsLine } from './review-queue';
import { SubmissionCard } from './SubmissionCard';
import { useReviewFocus } from './useReviewFocus';
import './admin-review.css';

const WAY_BACK = (
  <div className="kobo-review-way-back">
    <ButtonLink to="/admin" icon="home" variant="outlined" text="Back to the dashboard" />
    <ButtonLink to="/admin/active-campaigns" icon="endorsed" variant="outlined" text="Active Campaigns" />
  </div>
);

export function ReviewQueuePage() {
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign') ?? '';
  const platform = params.get('platform') ?? '';
  const page = readPage(params);
  const queue = useGetReviewQueueQuery({
    ...(campaignId ? { campaignId } : {}),
    ...(platform ? { platform } : {}),
    ...page,
  });
  const campaigns = useGetAdminCampaignsQuery();

  /** The filters and page in the address; a new filter starts at the first page. */
  function show(next: { campaign?: string; platform?: string } & Partial<PageRequest>) {
    const wanted = {
      campaign: next.campaign ?? campaignId,
      platform: next.platform ?? platform,
    };
    const filtersChanged = next.campaign !== undefined || next.platform !== undefined;
    setParams(
      {
        ...(wanted.campaign ? { campaign: wanted.campaign } : {}),
        ...(wanted.platform ? { platform: wanted.platform } : {}),
        ...writePage({
          page: filtersChanged ? 1 : (next.page ?? page.page),
          pageSize: next.pageSize ?? page.pageSize,
        }),
      },
      { replace: true },
    );
  }

  // The campaign filter offers the campaigns with proofs waiting (and the one chosen, if it has none now).
  const campaignOptions = useMemo(() => {
    const waiting = (campaigns.data ?? []).filter((c) => c.pendingUnits > 0 || c._id === campaignId);
    return [
      { value: '', label: 'All campaigns' },
      ...waiting.map((c) => ({ value: c._id, label: `${c.taskName} (${c.pendingUnits})` })),
      ...(campaignId && !waiting.some((c) => c._id === campaignId)
        ? [{ value: campaignId, label: `Campaign #${campaignId}` }]
        : []),
    ];
  }, [campaigns.data, campaignId]);

  const filtered = Boolean(campaignId || platform);
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
      <QueueList
        proofs={queue.data.items}
        total={queue.data.total}
        busyLoading={queue.isFetching}
        empty={
          filtered ? (
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
          ) : (
            <EmptyState
              icon="tick-circle"
              title="All proofs reviewed"
              description="No proof is waiting for review. New ones appear here as users send them."
              action={WAY_BACK}
            />
          )
        }
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
      <div className="kobo-card kobo-review-filters kobo-review-queue-filters" role="search">
        <FormGroup label="Campaign" labelFor="kobo-queue-campaign">
          <HTMLSelect
            id="kobo-queue-campaign"
            value={campaignId}
            onChange={(event) => show({ campaign: event.currentTarget.value })}
            options={campaignOptions}
            fill
          />
        </FormGroup>
        <FormGroup label="Platform" labelFor="kobo-queue-platform">
          <HTMLSelect
            id="kobo-queue-platform"
            value={platform}
            onChange={(event) => show({ platform: event.currentTarget.value })}
            options={PLATFORM_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            fill
          />
        </FormGroup>
      </div>
      {body}
    </main>
  );
}

const TEXT_FIELD = 'input, textarea, select, [contenteditable="true"]';
const CONTROL = 'button, a, [role="tab"], summary';

/** What the last decision did, said in one line that the next decision replaces. */
interface Confirmation {
  intent: 'success' | 'danger';
  text: string;
}

function QueueList({
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
  const [approve] = useApproveSubmissionMutation();
  const [reject] = useRejectSubmissionMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // Decided here: left out at once, before the queue is read again.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const attemptKeys = useRef(new Map<string, string>());

  const shown = useMemo(() => proofs.filter((p) => !decided.has(p._id)), [proofs, decided]);
  const left = Math.max(0, total - proofs.filter((p) => decided.has(p._id)).length);
  const items: ReviewItem[] = useMemo(() => shown.map((p) => ({ id: p._id, pending: true })), [shown]);

  const { keys, dispatch, send, cards, list, focusCard, afterDialog } = useReviewFocus(items);

  async function decide(proof: PendingProof, decision: 'approve' | 'reject', reason?: string) {
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
      dispatch({ command: { type: 'close' }, items });
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

  const byId = (id: string | undefined) => shown.find((p) => p._id === id) ?? null;
  const focused = byId(keys.focused ?? undefined);
  const dialogProof = byId(keys.dialog?.id);

  function run(command: ReviewCommand) {
    if (command.type === 'approve') {
      const target = keys.dialog ? dialogProof : focused;
      if (target && busy === null) void decide(target, 'approve');
      return;
    }
    send(command);
  }

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof Element ? event.target : null;
      const isCard = target?.classList.contains('kobo-review-submission') ?? false;
      const inField =
        !!target?.closest(TEXT_FIELD) ||
        (!isCard && !!target?.closest(CONTROL) && ['Enter', ' ', 'ArrowUp', 'ArrowDown'].includes(event.key));
      const command = commandForKey(event.key, {
        inField,
        modified: event.ctrlKey || event.metaKey || event.altKey,
        dialog: keys.dialog?.kind ?? null,
      });
      if (!command) return;
      event.preventDefault();
      run(command);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  /** A look-alike proof is linked only within the same campaign (its usernames are what the flag names). */
  const sameCampaign = (proof: PendingProof) => shown.filter((p) => p.campaignId === proof.campaignId);
  const showTarget = (target: { _id: string }) => {
    dispatch({ keep: target._id });
    focusCard(target._id);
  };

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
                onFocus={() => dispatch({ command: { type: 'focus', id: proof._id }, items })}
                onView={() => {
                  dispatch({ command: { type: 'focus', id: proof._id }, items });
                  dispatch({ command: { type: 'open-proof' }, items });
                }}
                onApprove={() => void decide(proof, 'approve')}
                onReject={() => {
                  dispatch({ command: { type: 'focus', id: proof._id }, items });
                  dispatch({ command: { type: 'open-reject' }, items });
                }}
                onShowTarget={showTarget}
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
        onApprove={() => dialogProof && void decide(dialogProof, 'approve')}
        onReject={() => send({ type: 'open-reject' })}
      />
      <RejectDialog
        submission={keys.dialog?.kind === 'reject' ? dialogProof : null}
        busy={busy !== null}
        onClose={() => send({ type: 'close' })}
        onClosed={afterDialog}
        onConfirm={(reason) => dialogProof && void decide(dialogProof, 'reject', reason)}
      />
    </section>
  );
}
