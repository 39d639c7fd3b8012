/**
 * Available Tasks (user-site.md section 2): the task grid with its sort/filter select, the task
 * dialog (proof upload, or an activity's one-click completion), the result dialog, and the
 * person's own submissions with their review state.
 */
import { FormGroup, HTMLSelect, Tab, Tabs } from '@blueprintjs/core';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api/api';
import { useToast } from '../../shared/toast/toast';
import { PageHeader } from '../../shared/ui/PageHeader';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
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
import { TaskDialog } from './TaskDialog';
import './tasks.css';

type TabId = 'tasks' | 'submissions';

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
  const [dialog, setDialog] = useState<{ task: Task; attempt: number; isOpen: boolean } | null>(null);
  const [result, setResult] = useState<TaskResult | null>(null);

  useEffect(() => {
    if (tasks.error) toast.error(errorMessage(tasks.error, TASKS_FETCH_FAILED), { title: 'Error' });
  }, [tasks.error, toast]);

  const shown = useMemo(() => filterTasks(tasks.data ?? [], view), [tasks.data, view]);
  const available = useMemo(() => (tasks.data ?? []).filter((task) => !task.submitted).length, [tasks.data]);
  const submissionOf = useMemo(() => {
    const byTask = new Map<string, Submission>();
    for (const submission of submissions.data ?? []) byTask.set(submission.taskId, submission);
    return byTask;
  }, [submissions.data]);
  const pendingCount = (submissions.data ?? []).filter(
    (submission) => submission.status === 'pending',
  ).length;

  function open(task: Task) {
    setDialog((current) => ({ task, attempt: (current?.attempt ?? 0) + 1, isOpen: true }));
  }

  function close() {
    setDialog((current) => (current ? { ...current, isOpen: false } : null));
  }

  /** Submits a proof (or completes an activity); answers a message for the upload if the file was refused. */
  async function send(task: Task, proof: File | null): Promise<string | null> {
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
      const message = errorMessage(error, TASK_SUBMIT_FAILED);
      toast.error(message, { title: 'Error' });
      // A refused file can be replaced in the same dialog.
      const proofProblem =
        fieldErrors(error).proofImage ??
        ((error as FetchBaseQueryError).status === 413 ? message : undefined);
      if (proof && proofProblem) return proofProblem;
      close();
      setResult({ ok: false, message: isRefusal(error) ? message : TASK_SUBMIT_EXCEPTION });
      return null;
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
  if (tasks.isLoading) taskPanel = <LoadingState label="Loading tasks..." />;
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
        <StaleNotice
          error={tasks.error}
          fulfilledTimeStamp={tasks.fulfilledTimeStamp}
          isFetching={tasks.isFetching}
          onRetry={() => void tasks.refetch()}
        />
        <div className="kobo-tasks-toolbar">
          {select}
          <p className="kobo-muted kobo-tasks-shown" aria-live="polite">
            {view === 'all' ? `${shown.length} shown` : `${shown.length} of ${tasks.data.length} shown`}
          </p>
        </div>
        {shown.length ? (
          <div className="kobo-grid kobo-tasks-grid">
            {shown.map((task) => (
              <TaskCard key={task._id} task={task} submission={submissionOf.get(task._id)} onPerform={open} />
            ))}
          </div>
        ) : (
          <EmptyState
            icon="filter-remove"
            title="No tasks match this choice"
            description="Try another filter, or show all tasks."
          />
        )}
      </>
    );

  return (
    <main className="kobo-page kobo-tasks">
      <PageHeader
        title="Available Tasks"
        note={<AsOf fulfilledTimeStamp={tasks.fulfilledTimeStamp} />}
        subtitle={tasks.data ? countText(available) : 'Complete tasks and earn naira for each one.'}
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
          submitting={submitting}
          onClose={close}
          onSubmit={(proof) => send(dialog.task, proof)}
          onCompleteActivity={() => void send(dialog.task, null)}
        />
      ) : null}
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </main>
  );
}
