/**
 * Finance's Audit tab: verify the ledger and rebuild read models as runs with live progress (the
 * run is polled while it runs), the recent runs of this API process, and each projector's status.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  ProgressBar,
  Tag,
  type Intent,
} from '@blueprintjs/core';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { useSession } from '../../shared/session/session';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import {
  isRebuildResult,
  isVerifyReport,
  RUN_POLL_MS,
  STATUS_POLL_MS,
  useGetFinanceProjectionsQuery,
  useGetFinanceRunQuery,
  useGetFinanceRunsQuery,
  useStartFinanceRunMutation,
  type FinanceRun,
  type ProjectionsReport,
  type ConsumerStatus,
  type VerifyReport,
} from './api';
import './finance-audit.css';

const ALL = 'all';
const count = (n: number) => n.toLocaleString('en-NG');

export function projectionLabel(projection: string | null): string {
  if (projection === ALL) return 'All read models';
  return projection ?? '';
}

/** What a list view needs of its query. */
interface Loaded<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** Follows one run: polled every RUN_POLL_MS while it runs, then left alone. */
function useRun(runId: string | null, onFinished: () => void) {
  const [running, setRunning] = useState(true);
  const query = useGetFinanceRunQuery(runId ?? '', {
    skip: !runId,
    pollingInterval: running ? RUN_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  const state = query.data?.state;
  useEffect(() => {
    if (!state) return;
    const now = state === 'running';
    setRunning(now);
    if (!now) onFinished();
    // onFinished is a fresh closure each render; only the state change matters.
  }, [state, runId]);
  return query;
}

export function LedgerAudit() {
  const runs = useGetFinanceRunsQuery();
  const status = useGetFinanceProjectionsQuery(undefined, { pollingInterval: STATUS_POLL_MS });
  const [verifyId, setVerifyId] = useState<string | null>(null);
  const [rebuildId, setRebuildId] = useState<string | null>(null);

  // After a reload, show the latest run of each kind (a running one keeps its progress bar).
  const latest = (kind: FinanceRun['kind']) => runs.data?.find((run) => run.kind === kind)?.id ?? null;
  const shownVerify = verifyId ?? latest('verify');
  const shownRebuild = rebuildId ?? latest('rebuild');

  const refresh = () => {
    void runs.refetch();
    void status.refetch();
  };

  return (
    <div className="kobo-finance-audit">
      <div className="kobo-finance-audit-tools">
        <VerifyCard runId={shownVerify} onStarted={setVerifyId} onFinished={refresh} />
        <RebuildCard
          runId={shownRebuild}
          onStarted={setRebuildId}
          onFinished={refresh}
          projectors={status.data?.projectors ?? []}
        />
      </div>
      <RecentRuns
        runs={runs}
        onShow={(run) => (run.kind === 'verify' ? setVerifyId(run.id) : setRebuildId(run.id))}
        shown={[shownVerify, shownRebuild]}
      />
      <ProjectorTable status={status} />
      <ReactorTable status={status} />
    </div>
  );
}

function RunProgress({ run }: { run: FinanceRun }) {
  const running = run.state === 'running';
  return (
    <div className="kobo-finance-audit-progress">
      <div className="kobo-finance-audit-progress-text" aria-live="polite">
        <span>{running ? run.stage : run.state === 'succeeded' ? 'Finished' : 'Failed'}</span>
        <span className="kobo-finance-audit-num">{run.percent}%</span>
      </div>
      <ProgressBar
        value={run.percent / 100}
        intent={run.state === 'failed' ? 'danger' : run.state === 'succeeded' ? 'success' : 'primary'}
        animate={running}
        stripes={running}
        aria-label={`${run.kind === 'verify' ? 'Verify' : 'Rebuild'} progress`}
        aria-valuenow={run.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        role="progressbar"
      />
      {running && run.total > 0 ? (
        <p className="kobo-muted kobo-finance-audit-small">
          {count(run.done)} of {count(run.total)}
        </p>
      ) : null}
    </div>
  );
}

function RunError({ run }: { run: FinanceRun }) {
  if (run.state !== 'failed') return null;
  return (
    <Callout intent="danger" title="The run failed" className="kobo-finance-audit-callout">
      {run.error ?? 'No reason was given.'}
    </Callout>
  );
}

function VerifyCard({
  runId,
  onStarted,
  onFinished,
}: {
  runId: string | null;
  onStarted: (id: string) => void;
  onFinished: () => void;
}) {
  const [start, started] = useStartFinanceRunMutation();
  const query = useRun(runId, onFinished);
  const run = query.data;
  const running = run?.state === 'running';
  const report = run && isVerifyReport(run.result) ? run.result : null;

  const verifyNow = async () => {
    const answer = await start({ kind: 'verify' });
    if ('data' in answer && answer.data) onStarted(answer.data.id);
  };

  return (
    <section className="kobo-card kobo-finance-audit-tool" aria-labelledby="kobo-finance-audit-verify">
      <h3 id="kobo-finance-audit-verify" className="kobo-finance-audit-section-title">
        Verify the ledger
      </h3>
      <p className="kobo-muted">
        Checks the hash chain, that every event&rsquo;s postings sum to zero, that no balance is below zero,
        and every read model against a rebuild from the log.
      </p>
      <Button
        intent="primary"
        icon="endorsed"
        text="Verify the ledger"
        loading={started.isLoading}
        disabled={running}
        onClick={() => void verifyNow()}
      />
      {started.isError ? (
        <Callout intent="danger" className="kobo-finance-audit-callout">
          {errorMessage(started.error, 'Verify could not be started.')}
        </Callout>
      ) : null}
      {run ? (
        <>
          <RunProgress run={run} />
          <RunError run={run} />
          {report ? <VerifyResult report={report} /> : null}
        </>
      ) : query.isError ? (
        <Callout intent="warning" className="kobo-finance-audit-callout">
          {errorMessage(query.error, 'The run could not be read.')}
        </Callout>
      ) : null}
    </section>
  );
}

function VerifyResult({ report }: { report: VerifyReport }) {
  const { checks } = report;
  const failed = checks.filter((check) => !check.ok).length;
  return (
    <div className="kobo-finance-audit-result">
      <Callout
        intent={failed ? 'danger' : 'success'}
        icon={failed ? 'error' : 'tick-circle'}
        className="kobo-finance-audit-callout"
        title={
          failed ? `${failed} of ${checks.length} checks failed` : `Every check passed (${checks.length})`
        }
      >
        {formatDateTime(report.finishedAt)} · {(report.durationMs / 1000).toFixed(1)} s
      </Callout>
      <ul className="kobo-finance-audit-checks" aria-label="Checks">
        {checks.map((check) => (
          <li key={check.name} className="kobo-finance-audit-check">
            <Tag intent={check.ok ? 'success' : 'danger'} minimal icon={check.ok ? 'tick' : 'cross'}>
              {check.ok ? 'ok' : 'failed'}
            </Tag>
            <div>
              <strong>{check.name}</strong>
              <p className="kobo-muted kobo-finance-audit-small">{check.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RebuildCard({
  runId,
  onStarted,
  onFinished,
  projectors,
}: {
  runId: string | null;
  onStarted: (id: string) => void;
  onFinished: () => void;
  projectors: ConsumerStatus[];
}) {
  const [projection, setProjection] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [start, started] = useStartFinanceRunMutation();
  const query = useRun(runId, onFinished);
  const run = query.data;
  const selectId = useId();
  const chosen = projection || projectors[0]?.name || '';
  const result = run && isRebuildResult(run.result) ? run.result : null;

  const rebuildNow = async () => {
    setConfirming(false);
    const answer = await start({ kind: 'rebuild', projection: chosen });
    if ('data' in answer && answer.data) onStarted(answer.data.id);
  };

  return (
    <section className="kobo-card kobo-finance-audit-tool" aria-labelledby="kobo-finance-audit-rebuild">
      <h3 id="kobo-finance-audit-rebuild" className="kobo-finance-audit-section-title">
        Rebuild a read model
      </h3>
      <p className="kobo-muted">
        Replays the whole log into fresh tables and swaps them in. The screens keep working meanwhile.
      </p>
      <div className="kobo-finance-audit-rebuild-row">
        <FormGroup label="Read model" labelFor={selectId}>
          <HTMLSelect
            id={selectId}
            value={chosen}
            disabled={!projectors.length}
            onChange={(event) => setProjection(event.target.value)}
            options={[
              ...projectors.map((p) => ({ value: p.name, label: p.name })),
              { value: ALL, label: 'All read models' },
            ]}
          />
        </FormGroup>
        <Button
          icon="refresh"
          text="Rebuild"
          loading={started.isLoading}
          disabled={!chosen}
          onClick={() => setConfirming(true)}
        />
      </div>
      {started.isError ? (
        <Callout intent="danger" className="kobo-finance-audit-callout">
          {errorMessage(started.error, 'The rebuild could not be started.')}
        </Callout>
      ) : null}
      {run ? (
        <>
          <p className="kobo-finance-audit-small kobo-finance-audit-run-name">
            <strong>{projectionLabel(run.projection)}</strong>{' '}
            <span className="kobo-muted">started {formatDateTime(run.startedAt)}</span>
          </p>
          <RunProgress run={run} />
          <RunError run={run} />
          {result ? (
            <Callout
              intent="success"
              icon="tick-circle"
              className="kobo-finance-audit-callout"
              title="Rebuilt"
            >
              {count(result.events)} events replayed up to position {count(result.position)} in{' '}
              {result.seconds.toFixed(1)} s.
            </Callout>
          ) : null}
        </>
      ) : null}
      <Dialog
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title={`Rebuild ${projectionLabel(chosen)}?`}
        icon="refresh"
      >
        <DialogBody>
          <p>
            This rebuilds the read model from the whole log; the screens keep working meanwhile. On a large
            ledger it can take a few minutes.
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => setConfirming(false)} />
              <Button intent="primary" text="Rebuild" onClick={() => void rebuildNow()} />
            </>
          }
        />
      </Dialog>
    </section>
  );
}

const STATE_INTENT: Record<FinanceRun['state'], Intent> = {
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
  interrupted: 'warning',
};

function duration(run: FinanceRun): string {
  if (!run.finishedAt) return '—';
  return `${((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000).toFixed(1)} s`;
}

function RecentRuns({
  runs,
  onShow,
  shown,
}: {
  runs: Loaded<FinanceRun[]>;
  onShow: (run: FinanceRun) => void;
  shown: (string | null)[];
}) {
  const session = useSession();
  return (
    <section className="kobo-card kobo-finance-audit-section" aria-labelledby="kobo-finance-audit-runs">
      <h3 id="kobo-finance-audit-runs" className="kobo-finance-audit-section-title">
        Recent runs
      </h3>
      {runs.isLoading ? (
        <LoadingState label="Loading the runs..." />
      ) : runs.isError ? (
        <ErrorState
          message={errorMessage(runs.error, 'The runs could not be loaded.')}
          onRetry={() => void runs.refetch()}
        />
      ) : !runs.data?.length ? (
        <EmptyState
          icon="history"
          title="No runs yet"
          description="Verify and rebuild runs are kept here, with who started them."
        />
      ) : (
        // Scrolls sideways on a phone: reachable by keyboard, and named for who lands on it.
        <div className="kobo-finance-audit-table-wrap" tabIndex={0} role="region" aria-label="Recent runs">
          <HTMLTable compact striped className="kobo-finance-audit-table">
            <caption className="kobo-visually-hidden">Recent verify and rebuild runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">State</th>
                <th scope="col">Started</th>
                <th scope="col">Took</th>
                <th scope="col">By</th>
                <th scope="col">Outcome</th>
                <th scope="col">
                  <span className="kobo-visually-hidden">Show</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => (
                <tr key={run.id}>
                  <td>{run.kind === 'verify' ? 'Verify' : `Rebuild ${projectionLabel(run.projection)}`}</td>
                  <td>
                    <Tag intent={STATE_INTENT[run.state]} minimal>
                      {run.state}
                    </Tag>
                  </td>
                  <td className="kobo-finance-audit-nowrap">{formatDateTime(run.startedAt)}</td>
                  <td className="kobo-finance-audit-num">{duration(run)}</td>
                  <td>{starterText(run, session?.userId)}</td>
                  <td>{outcome(run)}</td>
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      text="Show"
                      aria-label={`Show the ${run.kind} run of ${formatDateTime(run.startedAt)}`}
                      disabled={shown.includes(run.id)}
                      onClick={() => onShow(run)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  );
}

/** Who started a run, by name: 'You' for the reader. */
export function starterText(run: Pick<FinanceRun, 'startedBy' | 'startedByName'>, me?: string): string {
  if (run.startedBy === me) return 'You';
  return run.startedByName ?? 'Unnamed staff member';
}

function outcome(run: FinanceRun): string {
  if (run.state === 'running') return `${run.percent}%`;
  if (run.state === 'interrupted') return 'Stopped when the API restarted; start it again';
  if (run.state === 'failed') return run.error ?? 'Failed';
  if (isVerifyReport(run.result)) {
    const failed = run.result.checks.filter((check) => !check.ok).length;
    return failed ? `${failed} checks failed` : 'Every check passed';
  }
  if (isRebuildResult(run.result)) return `${count(run.result.events)} events`;
  return '';
}

const CONSUMER_INTENT: Record<ConsumerStatus['state'], Intent> = {
  starting: 'none',
  follower: 'none',
  'catching-up': 'primary',
  idle: 'success',
  failed: 'danger',
  retrying: 'warning',
  stopped: 'warning',
};

function ProjectorTable({ status }: { status: Loaded<ProjectionsReport> }) {
  const report = status.data;
  return (
    <section className="kobo-card kobo-finance-audit-section" aria-labelledby="kobo-finance-audit-projectors">
      <div className="kobo-finance-audit-section-head">
        <h3 id="kobo-finance-audit-projectors" className="kobo-finance-audit-section-title">
          Read models
        </h3>
        {report ? (
          <Tag intent={report.ok ? 'success' : 'danger'} minimal>
            {report.ok ? 'All healthy' : 'Needs attention'} · log head {count(report.head)}
          </Tag>
        ) : null}
      </div>
      {status.isLoading ? (
        <LoadingState label="Loading the projectors..." />
      ) : status.isError || !report ? (
        <ErrorState
          message={errorMessage(status.error, 'The projectors could not be read.')}
          onRetry={() => void status.refetch()}
        />
      ) : !report.projectors.length ? (
        <EmptyState icon="database" title="No projectors" />
      ) : (
        <ConsumerRows consumers={report.projectors} first="Read model" rebuilt />
      )}
    </section>
  );
}

/** The reactors (jobs, notices): consumers of the log like the projectors, with the same status. */
function ReactorTable({ status }: { status: Loaded<ProjectionsReport> }) {
  const reactors = status.data?.reactors ?? [];
  if (!reactors.length) return null;
  return (
    <section className="kobo-card kobo-finance-audit-section" aria-labelledby="kobo-finance-audit-reactors">
      <div className="kobo-finance-audit-section-head">
        <h3 id="kobo-finance-audit-reactors" className="kobo-finance-audit-section-title">
          Reactors
        </h3>
      </div>
      <ConsumerRows consumers={reactors} first="Reactor" rebuilt={false} />
    </section>
  );
}

/** Each consumer of the log with its position, lag, state and failure (projectors also when rebuilt). */
function ConsumerRows({
  consumers,
  first,
  rebuilt,
}: {
  consumers: ConsumerStatus[];
  first: string;
  rebuilt: boolean;
}) {
  return (
    // Scrolls sideways on a phone: reachable by keyboard, and named for who lands on it.
    <div className="kobo-finance-audit-table-wrap" tabIndex={0} role="region" aria-label={`${first}s`}>
      <HTMLTable compact striped className="kobo-finance-audit-table">
        <caption className="kobo-visually-hidden">
          Each {first.toLowerCase()}, refreshed every few seconds
        </caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="kobo-finance-audit-num">
              Position
            </th>
            <th scope="col" className="kobo-finance-audit-num">
              Lag
            </th>
            <th scope="col">State</th>
            <th scope="col">Leader</th>
            <th scope="col">Updated</th>
            {rebuilt ? <th scope="col">Rebuilt</th> : null}
          </tr>
        </thead>
        <tbody>
          {consumers.map((p) => (
            <tr key={p.name}>
              <td>
                <strong>{p.name}</strong>
                {p.description ? (
                  <p className="kobo-muted kobo-finance-audit-small">{p.description}</p>
                ) : null}
                {p.failure ? (
                  <p className="kobo-finance-audit-failure">
                    Stuck at position {count(p.failure.globalPosition)} ({p.failure.eventType},{' '}
                    {p.failure.attempts} attempts): {p.failure.error}
                  </p>
                ) : p.lastError ? (
                  <p className="kobo-finance-audit-failure">{p.lastError}</p>
                ) : null}
              </td>
              <td className="kobo-finance-audit-num">
                {count(p.position)}
                <span className="kobo-muted"> / {count(p.head)}</span>
              </td>
              <td className="kobo-finance-audit-num">{count(p.lag)}</td>
              <td>
                <Tag intent={CONSUMER_INTENT[p.state]} minimal>
                  {p.state}
                </Tag>
              </td>
              <td className="kobo-finance-audit-nowrap">{p.leader ? 'This process' : 'Another'}</td>
              <td className="kobo-finance-audit-nowrap">{p.updatedAt ? formatDateTime(p.updatedAt) : '—'}</td>
              {rebuilt ? (
                <td className="kobo-finance-audit-nowrap">
                  {p.rebuiltAt ? formatDateTime(p.rebuiltAt) : 'Never'}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
