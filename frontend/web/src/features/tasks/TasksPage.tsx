/**
 * Available Tasks (docs/product/user-site.md#the-user-area): the task grid with its sort/filter select, the task
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
  useGetTasksQuery,
  useSubmitTaskMutation,
  type Submission,
  type Task,
} from './api';
import { DEFAULT_TASK_VIEW, TASK_VIEWS, filterTasks, isTaskView, type TaskView } from './filter-tasks';
import {
  ACTIVITY_APPROVED,
  TASKS_FETCH_FAILED,
  TASK_NOT_APPROVED,
  TASK_PENDING_VERIFICATION,
  TASK_SUBMIT_EXCEPTION,
  TASK_SUBMIT_FAILED,
} from './messages';
import { isActivity } from './platforms';
import { ResultDialog, type TaskResult } from './ResultDialog';
import { SubmissionsList } from './SubmissionsList';
import { TaskCard } from './TaskCard';
import { isConnectionProblem, sendProof, type UploadProgress } from './send-proof';
import { TaskDialog, type Waiting } from './TaskDialog';
import './tasks.css';

type TabId = 'tasks' | 'submissions';

/** The tasks still open to the person, and the ones they already submitted or completed. */
function splitDone<T extends { submitted: boolean }>(tasks: readonly T[]): { open: T[]; done: T[] } {
  return {
    open: tasks.filter((task) => !task.submitted),
    done: tasks.filter((task) => task.submitted),
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

export function TasksPage() {
  const toast = useToast();
  const tasks = useGetTasksQuery();
  const submissions = useGetSubmissionsQuery();
  const [submitTask, { isLoading: submitting }] = useSubmitTaskMutation();
  const [view, setView] = useState<TaskView>(DEFAULT_TASK_VIEW);
  const [tab, setTab] = useState<TabId>('tasks');
  // `attempt` remounts the dialog on every opening, so no earlier file or message lingers.
  const [dialog, setDialog] = useState<{
    task: Task;
    attempt: number;
    isOpen: boolean;
    /** A screenshot kept on the device from before a reload. */
    keptFile?: File | null;
  } | null>(null);
  const [result, setResult] = useState<TaskResult | null>(null);
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
    if (tasks.error) toast.error(errorMessage(tasks.error, TASKS_FETCH_FAILED), { title: 'Error' });
  }, [tasks.error, toast]);

  // Open tasks first, in the grid the header counts; the ones already done are listed apart.
  const { open, done } = useMemo(() => splitDone(tasks.data ?? []), [tasks.data]);
  const openShown = useMemo(() => filterTasks(open, view), [open, view]);
  const doneShown = useMemo(() => filterTasks(done, view), [done, view]);
  const submissionOf = useMemo(() => {
    const byTask = new Map<string, Submission>();
    for (const submission of submissions.data ?? []) byTask.set(submission.taskId, submission);
    return byTask;
  }, [submissions.data]);
  const pendingCount = (submissions.data ?? []).filter(
    (submission) => submission.status === 'pending',
  ).length;

  function openTask(task: Task, keptFile: File | null = null, keptWaiting = false) {
    chosen.current = keptFile;
    // A screenshot that could not be sent before the reload goes as soon as there is a connection.
    setWaiting(keptWaiting ? 'offline' : null);
    setDialog((current) => ({ task, attempt: (current?.attempt ?? 0) + 1, isOpen: true, keptFile }));
    // The task in progress survives a reload (the phone's browser may discard the tab meanwhile).
    if (userId && !keptFile)
      void saveProofDraft({ userId, taskId: task._id, file: null, waitingToSend: false });
  }

  function close() {
    uploadControl.current?.abort();
    chosen.current = null;
    setWaiting(null);
    void clearProofDraft();
    setDialog((current) => (current ? { ...current, isOpen: false } : null));
  }

  function fileChosen(task: Task, file: File | null) {
    chosen.current = file;
    setWaiting(null);
    if (userId) void saveProofDraft({ userId, taskId: task._id, file, waitingToSend: false });
  }

  // A task and screenshot kept from before a reload open again, once the task list is here.
  useEffect(() => {
    if (draftChecked || !userId || !tasks.data) return;
    setDraftChecked(true);
    const list = tasks.data;
    void loadProofDraft(userId).then((draft) => {
      if (!draft) return;
      const task = list.find((candidate) => candidate._id === draft.taskId && !candidate.submitted);
      if (task) openTask(task, draft.file, draft.waitingToSend);
      else void clearProofDraft();
    });
    // It runs once, when the list first arrives.
  }, [draftChecked, userId, tasks.data]);

  /**
   * Sends a proof with its progress and a cancel. When the connection fails the screenshot stays
   * (on the device too) and goes again when the connection returns or on a tap.
   */
  const sendScreenshot = useCallback(
    async (task: Task, proof: File): Promise<string | null> => {
      if (uploadControl.current) return null;
      const control = new AbortController();
      uploadControl.current = control;
      setWaiting(null);
      const outcome = await sendProof({
        taskId: task._id,
        proof,
        onProgress: setUpload,
        signal: control.signal,
      });
      uploadControl.current = null;
      setUpload(null);
      if (!outcome.ok && 'cancelled' in outcome) return null;
      if (!outcome.ok && isConnectionProblem(outcome.error)) {
        setWaiting(navigator.onLine ? 'unreachable' : 'offline');
        if (userId) void saveProofDraft({ userId, taskId: task._id, file: proof, waitingToSend: true });
        return null;
      }
      // Also after a refusal: units left or the task's state may have changed meanwhile.
      dispatch(api.util.invalidateTags(['Tasks', 'Submissions', ...moneyTags]));
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
            ? { ok: true, message: outcome.answer.message || TASK_PENDING_VERIFICATION }
            : { ok: false, message: TASK_NOT_APPROVED },
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
      void sendScreenshot(dialog.task, chosen.current);
  }, [online, waiting, dialog, sendScreenshot]);

  /** A refusal or an error: a message for the upload if the file was refused, else the result dialog. */
  function failed(error: unknown, withProof: boolean): string | null {
    const message = errorMessage(error, TASK_SUBMIT_FAILED);
    toast.error(message, { title: 'Error' });
    // A refused file can be replaced in the same dialog.
    const proofProblem =
      fieldErrors(error).proofImage ?? ((error as FetchBaseQueryError).status === 413 ? message : undefined);
    if (withProof && proofProblem) return proofProblem;
    close();
    setResult({ ok: false, message: isRefusal(error) ? message : TASK_SUBMIT_EXCEPTION });
    return null;
  }

  /** Submits a proof (or completes an activity); answers a message for the upload if the file was refused. */
  async function send(task: Task, proof: File | null): Promise<string | null> {
    if (proof) return sendScreenshot(task, proof);
    const activity = isActivity(task.taskPlatform);
    try {
      const answer = await submitTask({ taskId: task._id, proof }).unwrap();
      close();
      setResult(
        answer.status === 'success'
          ? {
              ok: true,
              message: answer.message || (activity ? ACTIVITY_APPROVED : TASK_PENDING_VERIFICATION),
            }
          : { ok: false, message: TASK_NOT_APPROVED },
      );
      return null;
    } catch (error) {
      return failed(error, false);
    }
  }

  const select = (
    <FormGroup label="Sort and filter" labelFor="kobo-tasks-view" inline className="kobo-tasks-view">
      <HTMLSelect
        id="kobo-tasks-view"
        value={view}
        onChange={(event) => {
          if (isTaskView(event.currentTarget.value)) setView(event.currentTarget.value);
        }}
        options={TASK_VIEWS.map(({ value, label }) => ({ value, label }))}
      />
    </FormGroup>
  );

  let taskPanel;
  if (tasks.isLoading && !tasks.error) taskPanel = <LoadingState label="Loading tasks..." />;
  else if (tasks.error && !tasks.data)
    taskPanel = (
      <ErrorState
        title="Could not load tasks"
        message={errorMessage(tasks.error, TASKS_FETCH_FAILED)}
        onRetry={() => void tasks.refetch()}
      />
    );
  else if (!tasks.data?.length)
    taskPanel = (
      <EmptyState
        icon="clipboard"
        title="No tasks available"
        description="Check back later for new earning opportunities!"
      />
    );
  else
    taskPanel = (
      <>
        <StaleNotice read={tasks} />
        <div className="kobo-tasks-toolbar">
          {select}
          <p className="kobo-muted kobo-tasks-shown" aria-live="polite">
            {view === 'all' ? `${openShown.length} shown` : `${openShown.length} of ${open.length} shown`}
          </p>
        </div>
        <section aria-label="Open tasks">
          {openShown.length ? (
            <div className="kobo-grid kobo-tasks-grid">
              {openShown.map((task) => (
                <TaskCard
                  key={task._id}
                  task={task}
                  submission={submissionOf.get(task._id)}
                  onPerform={openTask}
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
          <section className="kobo-tasks-done" aria-labelledby="kobo-tasks-done-title">
            <div className="kobo-tasks-done-head">
              <h2 id="kobo-tasks-done-title">
                Done <span className="kobo-tasks-done-count">{doneShown.length}</span>
              </h2>
              <p className="kobo-muted">Tasks you already submitted or completed, with where each stands.</p>
            </div>
            <div className="kobo-grid kobo-tasks-grid">
              {doneShown.map((task) => (
                <TaskCard
                  key={task._id}
                  task={task}
                  submission={submissionOf.get(task._id)}
                  onPerform={openTask}
                />
              ))}
            </div>
          </section>
        ) : null}
      </>
    );

  return (
    <main className="kobo-page kobo-tasks">
      <PageHeader
        title="Available Tasks"
        note={<AsOf fulfilledTimeStamp={tasks.fulfilledTimeStamp} />}
        subtitle={tasks.data ? countText(open.length) : 'Complete tasks and earn naira for each one.'}
      />
      <Tabs
        id="kobo-tasks-tabs"
        selectedTabId={tab}
        onChange={(next) => setTab(next as TabId)}
        size="large"
        className="kobo-tasks-tabs"
      >
        <Tab id="tasks" title="Tasks" panel={taskPanel} />
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
        <TaskDialog
          key={dialog.attempt}
          task={dialog.task}
          isOpen={dialog.isOpen}
          submitting={submitting || upload !== null}
          onClose={close}
          onSubmit={(proof) => send(dialog.task, proof)}
          onCompleteActivity={() => void send(dialog.task, null)}
          initialFile={dialog.keptFile ?? null}
          onFileChosen={(file) => fileChosen(dialog.task, file)}
          upload={upload}
          onCancelUpload={() => uploadControl.current?.abort()}
          waiting={waiting}
        />
      ) : null}
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </main>
  );
}
