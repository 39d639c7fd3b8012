import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { useGetEntryProofQuery, type EntryProof, type StatementEntry } from './api';
import { HashText } from './HashText';
import { proofProblems } from './reconciliation';

/** Asks the server to recompute one entry's hash and check its links in the chain, and shows the answer. */
export function ProofDialog({ entry, onClose }: { entry: StatementEntry | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={entry !== null}
      onClose={onClose}
      title="Audit details"
      icon="shield"
      className="kobo-statement-dialog"
    >
      {entry ? <ProofBody entry={entry} /> : null}
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}

function ProofBody({ entry }: { entry: StatementEntry }) {
  const { data, error, isFetching, refetch } = useGetEntryProofQuery(entry.eventId, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <DialogBody>
      <p className="kobo-statement-dialog-entry">
        <strong>{entry.title}</strong>
        <span className="kobo-muted"> · {formatDateTime(entry.recordedAt)}</span>
      </p>
      {isFetching ? (
        <LoadingState label="Checking the hash chain..." />
      ) : error || !data ? (
        <ErrorState
          title="The check could not run"
          message={errorMessage(error, 'The entry could not be checked. Please try again.')}
          onRetry={() => void refetch()}
        />
      ) : (
        <ProofResult entry={entry} proof={data} />
      )}
    </DialogBody>
  );
}

export function ProofResult({ entry, proof }: { entry: Pick<StatementEntry, 'type'>; proof: EntryProof }) {
  const problems = proofProblems(proof);
  return (
    <div aria-live="polite">
      {proof.verified ? (
        <Callout intent="success" icon="tick-circle" title="This entry is in the hash chain">
          Its stored hash equals the hash recomputed just now from the event and the hash before it
          {proof.nextHash
            ? ', and the next event links back to it.'
            : '. It is the newest event in the ledger.'}
        </Callout>
      ) : (
        <Callout intent="danger" icon="error" title="This entry could not be verified">
          <ul className="kobo-statement-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          Please contact support and quote the event id below.
        </Callout>
      )}
      <dl className="kobo-statement-proof">
        <dt>Ledger event</dt>
        <dd>
          <code className="kobo-statement-id">{entry.type}</code>
        </dd>
        <dt>Ledger position</dt>
        <dd className="kobo-statement-num">#{proof.position}</dd>
        <dt>Event id</dt>
        <dd>
          <code className="kobo-statement-id">{proof.eventId}</code>
        </dd>
        <dt>Previous hash</dt>
        <dd>
          <HashText value={proof.previousHash} label="previous hash" />
        </dd>
        <dt>Stored hash</dt>
        <dd>
          <HashText value={proof.hash} label="stored hash" />
        </dd>
        <dt>Recomputed hash</dt>
        <dd>
          <HashText value={proof.recomputedHash} label="recomputed hash" />
        </dd>
        <dt>Next event&apos;s link</dt>
        <dd>
          {proof.nextHash ? (
            <>
              <HashText value={proof.nextHash} label="next hash" />
              <span className={proof.nextLinksBack ? 'kobo-credit' : 'kobo-debit'}>
                {proof.nextLinksBack ? ' links back' : ' does not link back'}
              </span>
            </>
          ) : (
            <span className="kobo-muted">None yet (newest event)</span>
          )}
        </dd>
        <dt>Checked</dt>
        <dd>{formatDateTime(proof.checkedAt)}</dd>
      </dl>
    </div>
  );
}
