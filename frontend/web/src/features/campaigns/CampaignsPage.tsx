/**
 * Available Tasks (docs/product/user-site.md#the-user-area): the grid of campaigns open to the person (tasks, in the
 * screen's words) with its sort/filter select, the campaign
 * dialog (proof upload, or an activity's one-click completion), the result dialog, and the
 * person's own submissions with their review state.
 */
import { FormGroup, HTMLSelect, Tab, Tabs } from '@blueprintjs/core';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { api, endSession, errorMessage, fieldErrors } from '../../shared/api/api';
import { moneyTags } from '../../shared/api/account';
import { clearProofDraft, loadProofDraft, saveProofDraft } from '../../shared/drafts/proof-draft';
import { useSession } from '../../shared/session/session';
import { useToast } from '../../shared/toast/toast';
import { PageHeader } from '../../shared/ui/PageHeader';
import { AsOf, StaleNotice, useOnline } from '../../shared/ui/LastKnown';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import {
  useGetSubmissionsQuery,
  useGetCampaignsQuery,
  useTakePartMutation,
  type Submission,
  type Campaign,
} from './api';
import {
  DEFAULT_CAMPAIGN_VIEW,
  CAMPAIGN_VIEWS,
  filterCampaigns,
  isCampaignListView,
  type CampaignListView,
} from './filter-campaigns';
import {
  ACTIVITY_APPROVED,
  CAMPAIGNS_FETCH_FAILED,
  SUBMISSION_NOT_APPROVED,
  PROOF_PENDING_VERIFICATION,
  SUBMIT_EXCEPTION,
  TAKE_PART_FAILED,
} from './messages';
import { isActivity } from './platforms';
import { ResultDialog, type TakePartResult } from './ResultDialog';
import { SubmissionsList } from './SubmissionsList';
import { CampaignCard } from './CampaignCard';
import { isConnectionProblem, sendProof, type UploadProgress } from './send-proof';
import { CampaignDialog, type Waiting } from './CampaignDialog';
import './campaigns.css';

type TabId = 'campaigns' | 'submissions';

/** The campaigns still open to the person, and the ones they already submitted or completed. */
function splitDone<T extends { submitted: boolean }>(campaigns: readonly T[]): { open: T[]; done: T[] } {
  return {
    open: campaigns.filter((campaign) => !campaign.submitted),
    done: campaigns.filter((campaign) => campaign.submitted),
  };
}

function countText(count: number): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? 'task' : 'tasks'} available`;
}

/** A refusal the person can act on has the server's own sentence; anything else is an exception. */
function isRefusal(error: unknown): boolean {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function CampaignsPage() {
  const toast = useToast();
  const campaigns = useGetCampaignsQuery();
  const submissions = useGetSubmissionsQuery();
  const [takePart, { isLoading: submitting }] = useTakePartMutation();
  const [view, setView] = useState<CampaignListView>(DEFAULT_CAMPAIGN_VIEW);
  const [tab, setTab] = useState<TabId>('campaigns');
  // `attempt` remounts the dialog on every opening, so no earlier file or message lingers.
  const [dialog, setDialog] = useState<{
    campaign: Campaign;
    attempt: number;
    isOpen: boolean;
    /** A screenshot kept on the device from before a reload. */
    keptFile?: File | null;
  } | null>(null);
  const [result, setResult] = useState<TakePartResult | null>(null);
  const dispatch = useDispatch();
  const userId = useSession()?.userId ?? null;
  const online = useOnline();
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [waiting, setWaiting] = useState<Waiting>(null);
  const uploadControl = useRef<AbortController | null>(null);
  /** The screenshot chosen in the open dialog (what a retry sends). */
  const chosen = useRef<File | null>(null);
  const [draftChecked, setDraftChecked] = useState(false);

  useEffect(() => {
    if (campaigns.error)
      toast.error(errorMessage(campaigns.error, CAMPAIGNS_FETCH_FAILED), { title: 'Error' });
  }, [campaigns.error, toast]);

  // Open campaigns first, in the grid the header counts; the ones already done are listed apart.
  const { open, done } = useMemo(() => splitDone(campaigns.data ?? []), [campaigns.data]);
  const openShown = useMemo(() => filterCampaigns(open, view), [open, view]);
  const doneShown = useMemo(() => filterCampaigns(done, view), [done, view]);
  const submissionOf = useMemo(() => {
    const byCampaign = new Map<string, Submission>();
    for (const submission of submissions.data ?? []) byCampaign.set(submission.taskId, submission);
    return byCampaign;
  }, [submissions.data]);
  const pendingCount = (submissions.data ?? []).filter(
    (submission) => submission.status === 'pending',
  ).length;

  function openCampaign(campaign: Campaign, keptFile: File | null = null, keptWaiting = false) {
    chosen.current = keptFile;
    // A screenshot that could not be sent before the reload goes as soon as there is a connection.
    setWaiting(keptWaiting ? 'offline' : null);
    setDialog((current) => ({ campaign, attempt: (current?.attempt ?? 0) + 1, isOpen: true, keptFile }));
    // The campaign in progress survives a reload (the phone's browser may discard the tab meanwhile).
    if (userId && !keptFile)
      void saveProofDraft({ userId, campaignId: campaign._id, file: null, waitingToSend: false });
  }

  function close() {
    uploadControl.current?.abort();
    chosen.current = null;
    setWaiting(null);
    void clearProofDraft();
    setDialog((current) => (current ? { ...current, isOpen: false } : null));
  }

  function fileChosen(campaign: Campaign, file: File | null) {
    chosen.current = file;
    setWaiting(null);
    if (userId) void saveProofDraft({ userId, campaignId: campaign._id, file, waitingToSend: false });
  }

  // A campaign and screenshot kept from before a reload open again, once the list is here.
  useEffect(() => {
    if (draftChecked || !userId || !campaigns.data) return;
    setDraftChecked(true);
    const list = campaigns.data;
    void loadProofDraft(userId).then((draft) => {
      if (!draft) return;
      const campaign = list.find((candidate) => candidate._id === draft.campaignId && !candidate.submitted);
      if (campaign) openCampaign(campaign, draft.file, draft.waitingToSend);
      else void clearProofDraft();
    });
    // It runs once, when the list first arrives.
  }, [draftChecked, userId, campaigns.data]);

  /**
   * Sends a proof with its progress and a cancel. When the connection fails the screenshot stays
   * (on the device too) and goes again when the connection returns or on a tap.
   */
  const sendScreenshot = useCallback(
    async (campaign: Campaign, proof: File): Promise<string | null> => {
      if (uploadControl.current) return null;
      const control = new AbortController();
      uploadControl.current = control;
      setWaiting(null);
      const outcome = await sendProof({
        campaignId: campaign._id,
        proof,
        onProgress: setUpload,
        signal: control.signal,
      });
      uploadControl.current = null;
      setUpload(null);
      if (!outcome.ok && 'cancelled' in outcome) return null;
      if (!outcome.ok && isConnectionProblem(outcome.error)) {
        setWaiting(navigator.onLine ? 'unreachable' : 'offline');
        if (userId)
          void saveProofDraft({ userId, campaignId: campaign._id, file: proof, waitingToSend: true });
        return null;
      }
      // Also after a refusal: units left or the campaign's state may have changed meanwhile.
      dispatch(api.util.invalidateTags(['Campaigns', 'Submissions', ...moneyTags]));
      if (!outcome.ok && outcome.error.status === 401) {
        endSession(dispatch, 'expired');
        return null;
      }
      void clearProofDraft();
      chosen.current = null;
      if (outcome.ok) {
        close();
        setResult(
          outcome.answer.status === 'success'
            ? { ok: true, message: outcome.answer.message || PROOF_PENDING_VERIFICATION }
            : { ok: false, message: SUBMISSION_NOT_APPROVED },
        );
        return null;
      }
      return failed(outcome.error, true);
    },
    // close and failed read only setters and refs.
    [dispatch, userId],
  );

  // Back online: a screenshot that could not be sent offline goes now (one that found no answer
  // while online goes on a tap, so a server that is down is not asked in a loop).
  useEffect(() => {
    if (online && waiting === 'offline' && dialog?.isOpen && chosen.current)
      void sendScreenshot(dialog.campaign, chosen.current);
  }, [online, waiting, dialog, sendScreenshot]);

  /** A refusal or an error: a message for the upload if the file was refused, else the result dialog. */
  function failed(error: unknown, withProof: boolean): string | null {
    const message = errorMessage(error, TAKE_PART_FAILED);
    toast.error(message, { title: 'Error' });
    // A refused file can be replaced in the same dialog.
    const proofProblem =
      fieldErrors(error).proofImage ?? ((error as FetchBaseQueryError).status === 413 ? message : undefined);
    if (withProof && proofProblem) return proofProblem;
    close();
    setResult({ ok: false, message: isRefusal(error) ? message : SUBMIT_EXCEPTION });
    return null;
  }

  /** Submits a proof (or completes an activity); answers a message for the upload if the file was refused. */
  async function send(campaign: Campaign, proof: File | null): Promise<string | null> {
    if (proof) return sendScreenshot(campaign, proof);
    const activity = isActivity(campaign.taskPlatform);
    try {
      const answer = await takePart({ campaignId: campaign._id, proof }).unwrap();
      close();
      setResult(
        answer.status === 'success'
          ? {
              ok: true,
              message: answer.message || (activity ? ACTIVITY_APPROVED : PROOF_PENDING_VERIFICATION),
            }
          : { ok: false, message: SUBMISSION_NOT_APPROVED },
      );
      return null;
    } catch (error) {
      return failed(error, false);
    }
  }

  const select = (
    <FormGroup label="Sort and filter" labelFor="kobo-campaigns-view" inline className="kobo-campaigns-view">
      <HTMLSelect
        id="kobo-campaigns-view"
        value={view}
        onChange={(event) => {
          if (isCampaignListView(event.currentTarget.value)) setView(event.currentTarget.value);
        }}
        options={CAMPAIGN_VIEWS.map(({ value, label }) => ({ value, label }))}
      />
    </FormGroup>
  );

  let campaignPanel;
  if (campaigns.isLoading && !campaigns.error) campaignPanel = <LoadingState label="Loading tasks..." />;
  else if (campaigns.error && !campaigns.data)
    campaignPanel = (
      <ErrorState
        title="Could not load tasks"
        message={errorMessage(campaigns.error, CAMPAIGNS_FETCH_FAILED)}
        onRetry={() => void campaigns.refetch()}
      />
    );
  else if (!campaigns.data?.length)
    campaignPanel = (
      <EmptyState
        icon="clipboard"
        title="No tasks available"
        description="Check back later for new earning opportunities!"
      />
    );
  else
    campaignPanel = (
      <>
        <StaleNotice read={campaigns} />
        <div className="kobo-campaigns-toolbar">
          {select}
          <p className="kobo-muted kobo-campaigns-shown" aria-live="polite">
            {view === 'all' ? `${openShown.length} shown` : `${openShown.length} of ${open.length} shown`}
          </p>
        </div>
        <section aria-label="Open tasks">
          {openShown.length ? (
            <div className="kobo-grid kobo-campaigns-grid">
              {openShown.map((campaign) => (
                <CampaignCard
                  key={campaign._id}
                  campaign={campaign}
                  submission={submissionOf.get(campaign._id)}
                  onPerform={openCampaign}
                />
              ))}
            </div>
          ) : open.length ? (
            <EmptyState
              icon="filter-remove"
              title="No tasks match this choice"
              description="Try another filter, or show all tasks."
            />
          ) : (
            <EmptyState
              icon="tick-circle"
              title="You have done every task"
              description="Check back later for new earning opportunities!"
            />
          )}
        </section>
        {doneShown.length ? (
          <section className="kobo-campaigns-done" aria-labelledby="kobo-campaigns-done-title">
            <div className="kobo-campaigns-done-head">
              <h2 id="kobo-campaigns-done-title">
                Done <span className="kobo-campaigns-done-count">{doneShown.length}</span>
              </h2>
              <p className="kobo-muted">Tasks you already submitted or completed, with where each stands.</p>
            </div>
            <div className="kobo-grid kobo-campaigns-grid">
              {doneShown.map((campaign) => (
                <CampaignCard
                  key={campaign._id}
                  campaign={campaign}
                  submission={submissionOf.get(campaign._id)}
                  onPerform={openCampaign}
                />
              ))}
            </div>
          </section>
        ) : null}
      </>
    );

  return (
    <main className="kobo-page kobo-campaigns">
      <PageHeader
        title="Available Tasks"
        note={<AsOf fulfilledTimeStamp={campaigns.fulfilledTimeStamp} />}
        subtitle={campaigns.data ? countText(open.length) : 'Complete tasks and earn naira for each one.'}
      />
      <Tabs
        id="kobo-campaigns-tabs"
        selectedTabId={tab}
        onChange={(next) => setTab(next as TabId)}
        size="large"
        className="kobo-campaigns-tabs"
      >
        <Tab id="campaigns" title="Tasks" panel={campaignPanel} />
        <Tab
          id="submissions"
          title="My submissions"
          tagContent={pendingCount ? pendingCount : undefined}
          tagProps={{
            intent: 'warning',
            round: true,
            minimal: true,
            htmlTitle: `${pendingCount} pending review`,
          }}
          panel={
            <SubmissionsList
              submissions={submissions.data}
              isLoading={submissions.isLoading}
              error={submissions.error}
              onRetry={() => void submissions.refetch()}
            />
          }
        />
      </Tabs>

      {dialog ? (
        <CampaignDialog
          key={dialog.attempt}
          campaign={dialog.campaign}
          isOpen={dialog.isOpen}
          submitting={submitting || upload !== null}
          onClose={close}
          onSubmit={(proof) => send(dialog.campaign, proof)}
          onCompleteActivity={() => void send(dialog.campaign, null)}
          initialFile={dialog.keptFile ?? null}
          onFileChosen={(file) => fileChosen(dialog.campaign, file)}
          upload={upload}
          onCancelUpload={() => uploadControl.current?.abort()}
          waiting={waiting}
        />
      ) : null}
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </main>
  );
}
