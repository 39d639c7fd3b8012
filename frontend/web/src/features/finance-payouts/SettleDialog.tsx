/**
 * Mark payouts paid (a bank reference per payout) or failed (one reason for all), for one payout
 * or a batch. A batch runs the calls one after another with a progress bar and a result per row,
 * and goes on after a refusal; "Try again" repeats only the rows that failed, with the same keys.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  ProgressBar,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../shared/api/api';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { Money } from '../../shared/ui/Money';
import {
  payoutTags,
  useMarkPayoutFailedMutation,
  useMarkPayoutPaidMutation,
  type Payout,
  type PayoutAction,
} from './api';
import { runInTurn, type RowResult } from './batch';

export const REFERENCE_REQUIRED = 'The bank reference is required.';
export const REASON_REQUIRED = 'A reason is required when a payout fails.';

export interface SettleRequest {
  action: PayoutAction;
  rows: Payout[];
}

type Phase = 'form' | 'running' | 'finished';

export function SettleDialog({ request, onClose }: { request: SettleRequest | null; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>('form');
  const closeWith = () => {
    if (phase !== 'running') onClose();
  };
  const action = request?.action ?? 'paid';
  const count = request?.rows.length ?? 0;
  const title =
    count > 1
      ? `Mark ${count} payouts ${action}`
      : action === 'paid'
        ? 'Mark payout paid'
        : 'Mark payout failed';
  return (
    <Dialog
      isOpen={request !== null}
      onClose={closeWith}
      onClosed={() => setPhase('form')}
      title={title}
      icon={action === 'paid' ? 'tick-circle' : 'cross-circle'}
      className="kobo-finance-payouts-dialog"
      canEscapeKeyClose={phase !== 'running'}
      canOutsideClickClose={phase !== 'running'}
      isCloseButtonShown={phase !== 'running'}
    >
      {request ? <SettleForm request={request} phase={phase} setPhase={setPhase} onClose={onClose} /> : null}
    </Dialog>
  );
}

function SettleForm({
  request: { action, rows },
  phase,
  setPhase,
  onClose,
}: {
  request: SettleRequest;
  phase: Phase;
  setPhase: (phase: Phase) => void;
  onClose: () => void;
}) {
  const single = rows.length === 1;
  const [references, setReferences] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [results, setResults] = useState<Record<string, RowResult>>({});
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const form = useRef<HTMLFormElement>(null);
  const [markPaid] = useMarkPayoutPaidMutation();
  const [markFailed] = useMarkPayoutFailedMutation();
  const dispatch = useDispatch();
  const toast = useToast();

  const failedRows = rows.filter((row) => results[row.withdrawalId]?.ok === false);
  const okCount = rows.filter((row) => results[row.withdrawalId]?.ok).length;

  const run = async (todo: Payout[]) => {
    setPhase('running');
    setProgress({ done: 0, total: todo.length });
    setResults((before) => {
      const next = { ...before };
      for (const row of todo) delete next[row.withdrawalId];
      return next;
    });
    const text = reason.trim();
    const outcome = await runInTurn(
      todo,
      async (row) => {
        const args = { withdrawalId: row.withdrawalId, inBatch: !single };
        const answer =
          action === 'paid'
            ? await markPaid({ ...args, reference: (references[row.withdrawalId] ?? '').trim() }).unwrap()
            : await markFailed({ ...args, reason: text }).unwrap();
        return answer.message;
      },
      (row, result, count) => {
        setResults((before) => ({ ...before, [row.withdrawalId]: result }));
        setProgress({ done: count, total: todo.length });
      },
    );
    if (single) {
      const [result] = outcome;
      if (result?.ok) {
        toast.success(result.message, { title: action === 'paid' ? 'Payout paid' : 'Payout failed' });
        onClose();
      } else setPhase('form');
      return;
    }
    dispatch(api.util.invalidateTags([...payoutTags]));
    setPhase('finished');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (action === 'paid') {
      for (const row of rows)
        if (!(references[row.withdrawalId] ?? '').trim()) missing[row.withdrawalId] = REFERENCE_REQUIRED;
    } else if (!reason.trim()) missing.reason = REASON_REQUIRED;
    setProblems(missing);
    const [first] = Object.keys(missing);
    if (first) {
      const field = first === 'reason' ? 'kobo-finance-payouts-reason' : `kobo-finance-payouts-ref-${first}`;
      form.current?.querySelector<HTMLElement>(`[id="${field}"]`)?.focus();
      return;
    }
    void run(rows);
  };

  const invalid = (key: string) => (problems[key] ? true : undefined);
  const editing = phase === 'form';

  const referenceField = (row: Payout, labelled: boolean) => {
    const id = `kobo-finance-payouts-ref-${row.withdrawalId}`;
    const problem = problems[row.withdrawalId];
    const input = (
      <InputGroup
        id={id}
        value={references[row.withdrawalId] ?? ''}
        placeholder="e.g. GTB-000184"
        autoFocus={row === rows[0]}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        disabled={!editing}
        intent={problem ? 'danger' : 'none'}
        aria-invalid={invalid(row.withdrawalId)}
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-label={labelled ? undefined : `Bank reference for ${row.fullName} (${row.accountNumber})`}
        className="kobo-finance-payouts-mono-input"
        onValueChange={(value) => {
          setReferences((before) => ({ ...before, [row.withdrawalId]: value }));
          if (problem) setProblems(({ [row.withdrawalId]: _gone, ...rest }) => rest);
        }}
      />
    );
    const message = problem ? (
      <span id={`${id}-problem`} className="kobo-finance-payouts-problem">
        {problem}
      </span>
    ) : null;
    if (!labelled)
      return (
        <>
          {input}
          {message}
        </>
      );
    return (
      <FormGroup
        label="Bank reference"
        labelInfo="(required)"
        labelFor={id}
        intent={problem ? 'danger' : 'none'}
        helperText={message ?? 'The reference on the bank transfer, as the bank shows it.'}
      >
        {input}
      </FormGroup>
    );
  };

  const reasonField = (
    <FormGroup
      label={single ? 'Reason' : 'Reason (for every payout below)'}
      labelInfo="(required)"
      labelFor="kobo-finance-payouts-reason"
      intent={problems.reason ? 'danger' : 'none'}
      helperText={
        <span id="kobo-finance-payouts-reason-help">
          {problems.reason ?? "The money goes back to the user's balance; they see this reason."}
        </span>
      }
    >
      <TextArea
        id="kobo-finance-payouts-reason"
        fill
        rows={3}
        maxLength={500}
        autoFocus
        disabled={!editing}
        value={reason}
        intent={problems.reason ? 'danger' : 'none'}
        aria-invalid={invalid('reason')}
        aria-describedby="kobo-finance-payouts-reason-help"
        onChange={(event) => {
          setReason(event.currentTarget.value);
          if (problems.reason) setProblems({});
        }}
      />
    </FormGroup>
  );

  const first = rows[0];
  const singleResult = first ? results[first.withdrawalId] : undefined;

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <DialogBody>
        {single && first ? (
          <>
            <PayoutSummary payout={first} action={action} />
            {action === 'paid' ? referenceField(first, true) : reasonField}
            {singleResult && !singleResult.ok ? (
              <Callout intent="danger" role="alert" icon="error" compact>
                {singleResult.message}
              </Callout>
            ) : null}
          </>
        ) : (
          <>
            <p className="kobo-finance-payouts-lead">
              {action === 'paid'
                ? 'Enter the bank reference of each transfer.'
                : 'These transfers cannot be made; the money goes back to each user.'}{' '}
              Total to send: <strong>{formatNaira(totalToSend(rows))}</strong>.
            </p>
            {action === 'failed' ? reasonField : null}
            {phase !== 'form' ? (
              <div className="kobo-finance-payouts-progress" aria-live="polite">
                <ProgressBar
                  value={progress.total ? progress.done / progress.total : 0}
                  intent={failedRows.length ? 'warning' : 'success'}
                  animate={phase === 'running'}
                  stripes={phase === 'running'}
                  aria-label="Batch progress"
                />
                <p role="status">
                  {phase === 'running'
                    ? `Recording ${progress.done} of ${progress.total}…`
                    : `${progress.done} of ${progress.total} sent: ${okCount} recorded, ${failedRows.length} not recorded.`}
                </p>
              </div>
            ) : null}
            <div className="kobo-finance-payouts-batch-wrap">
              <HTMLTable compact className="kobo-finance-payouts-batch">
                <caption className="kobo-visually-hidden">The selected payouts</caption>
                <thead>
                  <tr>
                    <th scope="col">User</th>
                    <th scope="col">Account</th>
                    <th scope="col" className="kobo-finance-payouts-num">
                      To send
                    </th>
                    {action === 'paid' ? <th scope="col">Bank reference</th> : null}
                    {phase !== 'form' ? <th scope="col">Result</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.withdrawalId} data-payout={row.withdrawalId}>
                      <td className="kobo-finance-payouts-strong">{row.fullName}</td>
                      <td>
                        <span className="kobo-muted kobo-finance-payouts-bank-name">{row.bankName}</span>{' '}
                        <code className="kobo-finance-payouts-mono">{row.accountNumber}</code>
                      </td>
                      <td className="kobo-finance-payouts-num">
                        <Money amount={row.payoutAmount} />
                      </td>
                      {action === 'paid' ? <td>{referenceField(row, false)}</td> : null}
                      {phase !== 'form' ? (
                        <td>
                          <ResultCell result={results[row.withdrawalId]} />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          phase === 'finished' ? (
            <>
              {failedRows.length > 0 ? (
                <Button
                  icon="refresh"
                  text={`Try again for ${failedRows.length} not recorded`}
                  onClick={() => void run(failedRows)}
                />
              ) : null}
              <Button intent="primary" text="Done" onClick={onClose} />
            </>
          ) : (
            <>
              <Button text="Cancel" disabled={phase === 'running'} onClick={onClose} />
              <Button
                type="submit"
                intent={action === 'paid' ? 'success' : 'danger'}
                loading={phase === 'running'}
                text={
                  single
                    ? action === 'paid'
                      ? 'Mark paid'
                      : 'Mark failed'
                    : `Mark ${rows.length} ${action === 'paid' ? 'paid' : 'failed'}`
                }
              />
            </>
          )
        }
      />
    </form>
  );
}

function ResultCell({ result }: { result: RowResult | undefined }) {
  if (!result) return <span className="kobo-muted">Waiting</span>;
  return (
    <span className="kobo-finance-payouts-result">
      <Tag intent={result.ok ? 'success' : 'danger'} minimal icon={result.ok ? 'tick' : 'error'}>
        {result.ok ? 'Done' : 'Not recorded'}
      </Tag>
      <span className={result.ok ? 'kobo-muted' : undefined}>{result.message}</span>
    </span>
  );
}

function PayoutSummary({ payout, action }: { payout: Payout; action: PayoutAction }) {
  return (
    <div className="kobo-finance-payouts-summary">
      <p>
        {action === 'paid' ? 'Record the transfer of ' : 'Record that the transfer of '}
        <strong>{formatNaira(payout.payoutAmount)}</strong> to <strong>{payout.fullName}</strong>
        {action === 'paid' ? '.' : " cannot be made. The money goes back to the user's balance."}
      </p>
      <dl>
        <div>
          <dt>Bank</dt>
          <dd>{payout.bankName}</dd>
        </div>
        <div>
          <dt>Account name</dt>
          <dd>{payout.accountName}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd>
            <code className="kobo-finance-payouts-mono">{payout.accountNumber}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The sum of the amounts to send, added in kobo so no float error creeps in. */
export function totalToSend(rows: readonly Payout[]): number {
  return rows.reduce((sum, row) => sum + Math.round(row.payoutAmount * 100), 0) / 100;
}
