/**
 * /finance/adjustments: every balance adjustment, pending ones first (separation of duties,
 * docs/decisions/0013), and in the same queue the campaigns whose total reward waits for approval
 * (decision 0035). A finance user approves a pending change (it is then posted) or campaign (it
 * goes live), or rejects it with a reason. The state filter and the page live in the address.
 */
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  Tab,
  Tabs,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import { formatDateTime } from '../../shared/dates';
import { useToast } from '../../shared/toast/toast';
import { ErasedNote } from '../../shared/ui/ErasedPerson';
import { Money } from '../../shared/ui/Money';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Pager } from '../../shared/ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import {
  useApproveAdjustmentMutation,
  useGetAdjustmentsQuery,
  useRejectAdjustmentMutation,
  type Adjustment,
  type AdjustmentState,
} from './api';
import './finance-adjustments.css';

type Filter = 'all' | AdjustmentState;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Waiting' },
  { value: 'posted', label: 'Posted' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];
const STATE_TAG: Record<AdjustmentState, { text: string; intent: Intent }> = {
  pending: { text: 'Waiting for approval', intent: Intent.WARNING },
  posted: { text: 'Posted', intent: Intent.NONE },
  approved: { text: 'Approved', intent: Intent.SUCCESS },
  rejected: { text: 'Rejected', intent: Intent.DANGER },
};
export const REJECTION_REASON = 'Please give a reason for the rejection.';

export function readFilter(params: URLSearchParams): Filter {
  const asked = params.get('state');
  return FILTERS.some((f) => f.value === asked) ? (asked as Filter) : 'all';
}

export function AdjustmentsPage() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const paging = readPage(params);
  const list = useGetAdjustmentsQuery({
    ...(filter === 'all' ? {} : { state: filter }),
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);

  const go = (next: Filter, page: PageRequest) =>
    setParams({ ...(next === 'all' ? {} : { state: next }), ...writePage(page) }, { replace: true });

  const panel = list.isLoading ? (
    <LoadingState label="Loading adjustments..." />
  ) : list.isError ? (
    <ErrorState
      message={errorMessage(list.error, 'Could not load the adjustments.')}
      onRetry={() => void list.refetch()}
    />
  ) : !list.data || list.data.items.length === 0 ? (
    <EmptyState
      icon="exchange"
      title={filter === 'pending' ? 'Nothing waits for approval' : 'No adjustments yet'}
      description="Balance changes made by admins, and large campaigns, appear here."
    />
  ) : (
    <>
      <ul className="kobo-finance-adjustments-list" aria-label="Adjustments" aria-busy={list.isFetching}>
        {list.data.items.map((adjustment) => (
          <AdjustmentRow key={adjustment.adjustmentId} adjustment={adjustment} onReject={setRejecting} />
        ))}
      </ul>
      <Pager
        {...paging}
        total={list.data.total}
        onChange={(page) => go(filter, page)}
        label="Adjustment pages"
      />
    </>
  );

  return (
    <main className="kobo-page kobo-finance-adjustments">
      <PageHeader
        title="Balance adjustments"
        subtitle="Every change an admin made to a balance. Large ones, and campaigns with a large total reward, wait here for a finance user's approval."
      />
      <Tabs
        id="kobo-finance-adjustments-state"
        selectedTabId={filter}
        onChange={(id) => go(id as Filter, { page: 1, pageSize: paging.pageSize })}
        className="kobo-finance-adjustments-tabs"
        renderActiveTabPanelOnly
      >
        {/* The list is the selected tab's panel, so each tab names the panel it controls. */}
        {FILTERS.map((f) => (
          <Tab key={f.value} id={f.value} title={f.label} panel={panel} />
        ))}
      </Tabs>
      <RejectDialog adjustment={rejecting} onClose={() => setRejecting(null)} />
    </main>
  );
}

function AdjustmentRow({
  adjustment: a,
  onReject,
}: {
  adjustment: Adjustment;
  onReject: (adjustment: Adjustment) => void;
}) {
  const toast = useToast();
  const [approve, approving] = useApproveAdjustmentMutation();
  const tag = STATE_TAG[a.state];
  const campaign = a.kind === 'campaign';
  async function onApprove() {
    try {
      toast.success((await approve(a.adjustmentId).unwrap()).message);
    } catch (error) {
      const fallback = campaign ? 'Could not approve the campaign.' : 'Could not approve the balance change.';
      toast.error(errorMessage(error, fallback), { title: 'Not approved' });
    }
  }
  return (
    <li className="kobo-card kobo-finance-adjustments-row" data-kind={a.kind}>
      <div className="kobo-finance-adjustments-main">
        <div>
          <Tag
            minimal
            round
            icon={campaign ? 'flag' : 'bank-account'}
            className="kobo-finance-adjustments-kind"
          >
            {campaign ? 'Campaign' : 'Balance change'}
          </Tag>{' '}
          <strong>{campaign ? a.campaignTitle : a.fullName || a.userId}</strong>
          {campaign ? null : a.erasedAt ? (
            <div className="kobo-finance-adjustments-small">
              <ErasedNote erasedAt={a.erasedAt} />
            </div>
          ) : (
            <div className="kobo-muted kobo-finance-adjustments-small">{a.email}</div>
          )}
        </div>
        <div className="kobo-finance-adjustments-amount">
          {campaign ? (
            <Money amount={a.amount} />
          ) : (
            <Money amount={Math.abs(a.amount)} sign={a.amount < 0 ? '-' : '+'} />
          )}
          <span className="kobo-muted kobo-finance-adjustments-small">
            {campaign
              ? `Total reward, paid to ${a.balance === 'activity' ? 'activity' : 'account'} balances`
              : a.balance === 'activity'
                ? 'Activity balance'
                : 'Account balance'}
          </span>
        </div>
      </div>
      <p className="kobo-finance-adjustments-reason">{a.reason}</p>
      <div className="kobo-finance-adjustments-meta kobo-finance-adjustments-small">
        <Tag minimal intent={tag.intent} round>
          {tag.text}
        </Tag>
        <span>
          Asked by {a.requestedByName ?? a.requestedBy},{' '}
          <time dateTime={a.requestedAt}>{formatDateTime(a.requestedAt)}</time>
        </span>
        {a.decidedAt ? (
          <span>
            {a.state === 'rejected' ? 'Rejected' : 'Approved'} by {a.decidedByName ?? a.decidedBy},{' '}
            <time dateTime={a.decidedAt}>{formatDateTime(a.decidedAt)}</time>
            {a.decisionReason ? `: ${a.decisionReason}` : null}
          </span>
        ) : null}
      </div>
      {a.state === 'pending' ? (
        <div
          className="kobo-finance-adjustments-actions"
          role="group"
          aria-label={campaign ? `Decide the campaign ${a.campaignTitle}` : `Decide ${a.fullName}'s change`}
        >
          <Button
            intent="success"
            icon="tick"
            text="Approve"
            loading={approving.isLoading}
            onClick={() => void onApprove()}
          />
          <Button
            intent="danger"
            variant="outlined"
            icon="cross"
            text="Reject"
            disabled={approving.isLoading}
            onClick={() => onReject(a)}
          />
        </div>
      ) : null}
    </li>
  );
}

function RejectDialog({ adjustment, onClose }: { adjustment: Adjustment | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={adjustment !== null}
      onClose={onClose}
      title={adjustment?.kind === 'campaign' ? 'Reject the campaign' : 'Reject the balance change'}
      icon="cross"
    >
      {adjustment ? <RejectForm adjustment={adjustment} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RejectForm({ adjustment, onClose }: { adjustment: Adjustment; onClose: () => void }) {
  const toast = useToast();
  const [reject, rejecting] = useRejectAdjustmentMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rejecting.isLoading) return;
    if (reason.trim().length < 3) {
      setError(REJECTION_REASON);
      document.getElementById('kobo-finance-adjustments-reason')?.focus();
      return;
    }
    try {
      const answer = await reject({ adjustmentId: adjustment.adjustmentId, reason }).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (failure) {
      setError(fieldErrors(failure).reason ?? errorMessage(failure, 'Could not reject the balance change.'));
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {adjustment.kind === 'campaign' ? (
          <p>
            {adjustment.campaignTitle}: <Money amount={adjustment.amount} /> ({adjustment.reason}). The
            campaign ends and its escrow goes back.
          </p>
        ) : (
          <p>
            {adjustment.fullName}:{' '}
            <Money amount={Math.abs(adjustment.amount)} sign={adjustment.amount < 0 ? '-' : '+'} /> (
            {adjustment.reason}). Nothing is posted.
          </p>
        )}
        <FormGroup
          label="Reason for the rejection (required)"
          labelFor="kobo-finance-adjustments-reason"
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ? <span id="kobo-finance-adjustments-reason-help">{error}</span> : null}
        >
          <TextArea
            id="kobo-finance-adjustments-reason"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'kobo-finance-adjustments-reason-help' : undefined}
            fill
            rows={3}
            maxLength={200}
            value={reason}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" variant="minimal" onClick={onClose} disabled={rejecting.isLoading} />
            <Button type="submit" intent="danger" icon="cross" text="Reject" loading={rejecting.isLoading} />
          </>
        }
      />
    </form>
  );
}
