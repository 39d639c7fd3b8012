/**
 * /finance/accounts/:account: an account's balance now and at a chosen past moment (`at` in the
 * address), and its statement over a range with opening, running and closing balances. Every
 * figure is the server's (the ledger_entries journal); the screen computes none.
 */
import { Button, Callout, FormGroup, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import { formatDateTime } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Pager } from '../../shared/ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import {
  accountPath,
  eventPath,
  localToIso,
  useGetFinanceAccountBalanceQuery,
  useGetFinanceAccountStatementQuery,
  userAccountOf,
} from './api';
import './finance-journal.css';
import { SignedAmount } from './SignedAmount';

const USER_BALANCE_NAMES: Record<string, string> = {
  account: 'Account Balance',
  activity: 'Activity Balance',
  hold: 'Held for withdrawals',
};

export function AccountPage() {
  const { account = '' } = useParams();
  const [params, setParams] = useSearchParams();

  function update(changes: Record<string, string | undefined>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  const user = userAccountOf(account);
  return (
    <main className="kobo-page kobo-finance-journal-page">
      <PageHeader
        title={<span className="kobo-finance-journal-account-title">{account}</span>}
        subtitle="The account's balance at any moment and its statement, from the ledger's journal."
        actions={<ButtonLink to="/finance" icon="arrow-left" text="Journal" variant="minimal" />}
      />
      {user ? (
        <Callout intent="primary" icon="person" className="kobo-finance-journal-callout">
          This is a user's <strong>{USER_BALANCE_NAMES[user.kind]}</strong>. The user's own statement reads
          these same ledger entries with the same running balance, so the figures here are the reconciliation
          the user sees, to the kobo.{' '}
          <span className="kobo-finance-journal-siblings">
            Their other balances:{' '}
            {Object.keys(USER_BALANCE_NAMES)
              .filter((kind) => kind !== user.kind)
              .map((kind, i) => (
                <span key={kind}>
                  {i > 0 ? ' · ' : ''}
                  <Link to={accountPath(`user:${user.userId}:${kind}`)}>{USER_BALANCE_NAMES[kind]}</Link>
                </span>
              ))}
            {' · '}
            <Link to={`/finance?${new URLSearchParams({ account: `user:${user.userId}:*` }).toString()}`}>
              All their events
            </Link>
          </span>
        </Callout>
      ) : null}
      <div className="kobo-finance-journal-balances">
        <BalanceNow account={account} />
        <BalanceAt account={account} at={params.get('at') ?? ''} onAt={(at) => update({ at })} />
      </div>
      <Statement
        account={account}
        from={params.get('from') ?? ''}
        to={params.get('to') ?? ''}
        paging={readPage(params)}
        onRange={(from, to) => update({ from, to, page: undefined })}
        onPage={(next) => update({ page: undefined, pageSize: undefined, ...writePage(next) })}
      />
    </main>
  );
}

function BalanceNow({ account }: { account: string }) {
  const now = useGetFinanceAccountBalanceQuery({ account }, { refetchOnMountOrArgChange: true });
  return (
    <section className="kobo-card kobo-finance-journal-balance" aria-labelledby="balance-now">
      <h2 id="balance-now" className="kobo-finance-journal-label">
        Balance now
      </h2>
      {now.isLoading ? (
        <Spinner size={24} aria-label="Loading the balance" />
      ) : now.isError || !now.data ? (
        <ErrorState
          message={errorMessage(now.error, 'The balance could not be loaded.')}
          onRetry={() => void now.refetch()}
        />
      ) : (
        <>
          <p className="kobo-finance-journal-figure" data-testid="balance-now">
            {formatNaira(now.data.balance)}
          </p>
          <p className="kobo-muted kobo-finance-journal-small">
            {now.data.entryCount.toLocaleString('en-NG')} entries · journal at position{' '}
            {now.data.journalPosition.toLocaleString('en-NG')}
          </p>
        </>
      )}
    </section>
  );
}

function BalanceAt({ account, at, onAt }: { account: string; at: string; onAt: (at: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(at);
  useEffect(() => setDraft(at), [at]);
  const iso = localToIso(at);
  const past = useGetFinanceAccountBalanceQuery({ account, at: iso }, { skip: !iso });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAt(draft);
  };

  return (
    <section className="kobo-card kobo-finance-journal-balance" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="kobo-finance-journal-label">
        Balance at a past moment
      </h2>
      <form className="kobo-finance-journal-at" onSubmit={submit}>
        <FormGroup label="Moment" labelFor={`${id}-at`} helperText="Entries recorded up to and including it">
          <input
            id={`${id}-at`}
            className="bp6-input"
            type="datetime-local"
            step={1}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
        </FormGroup>
        <Button type="submit" icon="time" text="Show balance" disabled={!draft} />
      </form>
      {!iso ? (
        <p className="kobo-muted kobo-finance-journal-small">Choose a moment to see the balance then.</p>
      ) : past.isFetching && !past.data ? (
        <Spinner size={24} aria-label="Loading the balance" />
      ) : past.isError || !past.data ? (
        <ErrorState
          message={errorMessage(past.error, 'The balance could not be loaded.')}
          onRetry={() => void past.refetch()}
        />
      ) : (
        <>
          <p className="kobo-finance-journal-figure" data-testid="balance-at">
            {formatNaira(past.data.balance)}
          </p>
          <p className="kobo-muted kobo-finance-journal-small">
            At {formatDateTime(past.data.at)} · {past.data.entryCount.toLocaleString('en-NG')} entries
          </p>
        </>
      )}
    </section>
  );
}

function Statement({
  account,
  from,
  to,
  paging,
  onRange,
  onPage,
}: {
  account: string;
  from: string;
  to: string;
  paging: PageRequest;
  onRange: (from: string, to: string) => void;
  onPage: (next: PageRequest) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const statement = useGetFinanceAccountStatementQuery({
    account,
    from: localToIso(from),
    to: localToIso(to),
    ...paging,
  });

  return (
    <section className="kobo-card kobo-finance-journal-statement" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="kobo-finance-journal-title">
        Statement
      </h2>
      <form
        className="kobo-finance-journal-range"
        onSubmit={(event) => {
          event.preventDefault();
          onRange(draft.from, draft.to);
        }}
      >
        <FormGroup label="From" labelFor={`${id}-from`}>
          <input
            id={`${id}-from`}
            className="bp6-input"
            type="datetime-local"
            value={draft.from}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, from: value }));
            }}
          />
        </FormGroup>
        <FormGroup label="To" labelFor={`${id}-to`}>
          <input
            id={`${id}-to`}
            className="bp6-input"
            type="datetime-local"
            value={draft.to}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, to: value }));
            }}
          />
        </FormGroup>
        <div className="kobo-finance-journal-filter-actions">
          <Button type="submit" icon="filter" text="Show range" />
          <Button variant="minimal" text="All time" disabled={!from && !to} onClick={() => onRange('', '')} />
        </div>
      </form>

      {statement.isLoading ? (
        <LoadingState label="Loading the statement..." />
      ) : statement.isError || !statement.data ? (
        <ErrorState
          message={errorMessage(statement.error, 'The statement could not be loaded.')}
          onRetry={() => void statement.refetch()}
        />
      ) : (
        <>
          <div className="kobo-finance-journal-ends">
            <div>
              <span className="kobo-muted">Opening balance</span>
              <strong data-testid="opening-balance">{formatNaira(statement.data.openingBalance)}</strong>
            </div>
            <div>
              <span className="kobo-muted">Closing balance</span>
              <strong data-testid="closing-balance">{formatNaira(statement.data.closingBalance)}</strong>
            </div>
            <div>
              <span className="kobo-muted">Entries</span>
              <strong>{statement.data.total.toLocaleString('en-NG')}</strong>
            </div>
          </div>
          {statement.data.entries.length === 0 ? (
            <EmptyState
              icon="th-disconnect"
              title="No entries in this range"
              description="The balance did not change; opening and closing are the same."
            />
          ) : (
            <div className="kobo-finance-journal-scroll">
              <HTMLTable compact striped className="kobo-finance-journal-statement-table">
                <caption className="kobo-visually-hidden">The account's entries, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Position</th>
                    <th scope="col">Recorded</th>
                    <th scope="col">Type</th>
                    <th scope="col" className="kobo-finance-journal-num">
                      Amount
                    </th>
                    <th scope="col" className="kobo-finance-journal-num">
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {statement.data.entries.map((entry) => (
                    <tr key={`${entry.position}-${entry.postingIndex}`}>
                      <td className="kobo-finance-journal-num">
                        <Link to={eventPath(entry.eventId)}>#{entry.position}</Link>
                      </td>
                      <td className="kobo-finance-journal-nowrap">
                        <time dateTime={entry.recordedAt}>{formatDateTime(entry.recordedAt)}</time>
                      </td>
                      <td>
                        <Link to={eventPath(entry.eventId)}>{entry.type}</Link>
                      </td>
                      <td className="kobo-finance-journal-num">
                        <SignedAmount amount={entry.amount} />
                      </td>
                      <td className="kobo-finance-journal-num">{formatNaira(entry.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
          <Pager {...paging} total={statement.data.total} onChange={onPage} label="Statement pages" />
        </>
      )}
    </section>
  );
}
