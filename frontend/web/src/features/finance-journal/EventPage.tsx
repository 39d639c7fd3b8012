/**
 * /finance/events/:eventId: one event of the ledger in full: what it is, who caused it, the
 * postings it carries (which sum to zero), its data and metadata, and its link in the hash chain
 * as the ledger itself checked it.
 */
import { Callout, HTMLTable, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { accountPath, eventPath, postingsSumKobo, useGetFinanceEventQuery, type EventDetail } from './api';
import { SignedAmount } from './SignedAmount';
import './finance-journal.css';

export function EventPage() {
  const { eventId = '' } = useParams();
  const event = useGetFinanceEventQuery(eventId);

  const back = <ButtonLink to="/finance" icon="arrow-left" text="Journal" variant="minimal" />;
  if (event.isLoading)
    return (
      <main className="kobo-page">
        <PageHeader title="Event" actions={back} />
        <LoadingState label="Loading the event..." />
      </main>
    );
  if (event.isError || !event.data)
    return (
      <main className="kobo-page">
        <PageHeader title="Event" actions={back} />
        <div className="kobo-card">
          <ErrorState
            title="This event could not be shown"
            message={errorMessage(event.error, 'The event could not be loaded.')}
            onRetry={() => void event.refetch()}
          />
        </div>
      </main>
    );

  const e = event.data;
  return (
    <main className="kobo-page kobo-finance-journal-page">
      <PageHeader
        title={e.type}
        subtitle={`Position ${e.position.toLocaleString('en-NG')} · ${formatDateTime(e.recordedAt)}`}
        actions={back}
      />
      <div className="kobo-finance-journal-detail">
        <section className="kobo-card" aria-labelledby="event-facts">
          <h2 id="event-facts" className="kobo-finance-journal-title">
            The event
          </h2>
          <dl className="kobo-finance-journal-facts">
            <Fact label="Event id">
              <code className="kobo-finance-journal-mono">{e.eventId}</code>
            </Fact>
            <Fact label="Position">{e.position.toLocaleString('en-NG')}</Fact>
            <Fact label="Recorded">
              <time dateTime={e.recordedAt}>{formatDateTime(e.recordedAt)}</time>
            </Fact>
            <Fact label="Stream">
              <Link
                className="kobo-finance-journal-mono"
                to={`/finance?${new URLSearchParams({ stream: e.streamId }).toString()}`}
              >
                {e.streamId}
              </Link>{' '}
              <span className="kobo-muted">version {e.streamVersion}</span>
            </Fact>
            <Fact label="Actor">{e.actor ? <code>{e.actor}</code> : <Missing />}</Fact>
            <Fact label="Causation">{e.causationId ? <code>{e.causationId}</code> : <Missing />}</Fact>
            <Fact label="Correlation">{e.correlationId ? <code>{e.correlationId}</code> : <Missing />}</Fact>
          </dl>
        </section>

        <ChainCard event={e} />

        <section className="kobo-card kobo-finance-journal-wide" aria-labelledby="event-postings">
          <h2 id="event-postings" className="kobo-finance-journal-title">
            Postings
          </h2>
          <PostingsTable event={e} />
        </section>

        <section className="kobo-card kobo-finance-journal-wide" aria-labelledby="event-data">
          <h2 id="event-data" className="kobo-finance-journal-title">
            Data
          </h2>
          <pre className="kobo-finance-journal-json" tabIndex={0} aria-label="The event's data as JSON">
            {JSON.stringify(e.data, null, 2)}
          </pre>
          <h2 className="kobo-finance-journal-title">Metadata</h2>
          <pre className="kobo-finance-journal-json" tabIndex={0} aria-label="The event's metadata as JSON">
            {JSON.stringify(e.metadata, null, 2)}
          </pre>
        </section>
      </div>
    </main>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Missing() {
  return <span className="kobo-muted">Not recorded</span>;
}

function PostingsTable({ event }: { event: EventDetail }) {
  if (event.postings.length === 0)
    return <p className="kobo-muted">This event moved no money: it carries no postings.</p>;
  const sum = postingsSumKobo(event.postings);
  return (
    <HTMLTable compact striped className="kobo-finance-journal-postings-table">
      <caption className="kobo-visually-hidden">The event's postings</caption>
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col" className="kobo-finance-journal-num">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {event.postings.map((posting, i) => (
          <tr key={i}>
            <td>
              <Link className="kobo-finance-journal-mono" to={accountPath(posting.account)}>
                {posting.account}
              </Link>
            </td>
            <td className="kobo-finance-journal-num">
              <SignedAmount amount={posting.amount} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Sum</th>
          <td className="kobo-finance-journal-num">
            <span className="kobo-finance-journal-amount">{formatNaira(sum / 100)}</span>{' '}
            {sum === 0 ? (
              <Tag intent="success" minimal icon="tick">
                Balances to zero
              </Tag>
            ) : (
              <Tag intent="danger" icon="error">
                Does not balance
              </Tag>
            )}
          </td>
        </tr>
      </tfoot>
    </HTMLTable>
  );
}

function ChainCard({ event }: { event: EventDetail }) {
  const { chain } = event;
  return (
    <section className="kobo-card" aria-labelledby="event-chain">
      <div className="kobo-finance-journal-section-head">
        <h2 id="event-chain" className="kobo-finance-journal-title">
          Hash chain
        </h2>
        {chain.verified ? (
          <Tag intent="success" large icon="endorsed">
            Verified
          </Tag>
        ) : (
          <Tag intent="danger" large icon="error">
            Chain broken
          </Tag>
        )}
      </div>
      <dl className="kobo-finance-journal-facts">
        <Fact label="Previous hash">
          <code className="kobo-finance-journal-hash">{chain.previousHash}</code>
        </Fact>
        <Fact label="Own hash">
          <code className="kobo-finance-journal-hash">{chain.hash}</code>
        </Fact>
      </dl>
      {chain.verified ? (
        <p className="kobo-muted kobo-finance-journal-small">
          The ledger recomputed this event's hash from its stored content and the previous hash, and the next
          event links back to it.
        </p>
      ) : (
        <Callout
          intent="danger"
          title="This event does not fit the chain"
          className="kobo-finance-journal-callout"
        >
          <ul>
            {chain.hash !== chain.recomputedHash ? (
              <li>
                Its stored hash differs from the one recomputed from its content (
                <code>{chain.recomputedHash.slice(0, 16)}…</code>).
              </li>
            ) : null}
            {chain.storedPreviousHash !== chain.previousHash ? (
              <li>It does not store the previous event's hash.</li>
            ) : null}
            {chain.nextLinksBack === false ? <li>The next event does not link back to it.</li> : null}
          </ul>
          Run Verify on the Audit tab for the whole chain.
        </Callout>
      )}
      <nav className="kobo-finance-journal-neighbours" aria-label="Neighbouring events">
        {chain.previousEventId ? (
          <ButtonLink to={eventPath(chain.previousEventId)} icon="arrow-left" text="Previous event" />
        ) : (
          <span className="kobo-muted">The first event of the log</span>
        )}
        {chain.nextEventId ? (
          <ButtonLink to={eventPath(chain.nextEventId)} icon="arrow-right" text="Next event" />
        ) : (
          <span className="kobo-muted">The newest event</span>
        )}
      </nav>
    </section>
  );
}
