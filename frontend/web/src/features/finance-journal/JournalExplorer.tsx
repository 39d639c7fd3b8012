/**
 * The Journal tab: the events that move money (or, switched, every event) with their postings,
 * newest first, found by person (name, username, email or withdrawal reference: the server finds
 * the people and lists their events), account, stream, type and time, paged by log position. The
 * filters and the position cursor live in the address (beside the page's `tab`), so a view can be
 * shared; 'Load older' appends pages below.
 */
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { memo, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { ErasedNote } from '../../shared/ui/ErasedPerson';
import { useAddressParams } from '../../shared/ui/useAddressParams';
import {
  accountPath,
  eventPath,
  EVENT_TYPES,
  localToIso,
  useGetFinanceEventsQuery,
  type EventsArgs,
  type EventSummary,
  type EventsPage,
} from './api';
import './finance-journal.css';
import { SignedAmount } from './SignedAmount';

/** Events per load; 'Load older' adds as many again. */
export const EVENTS_PER_LOAD = 100;

const FILTER_KEYS = ['q', 'account', 'stream', 'type', 'from', 'to', 'show'] as const;
const CLEARED: Filters = { q: '', account: '', stream: '', type: '', from: '', to: '', show: '' };
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

function readFilters(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Filters;
}

function readCursor(params: URLSearchParams): { before?: number; after?: number } {
  const number = (key: string) => {
    const text = params.get(key);
    return text && /^\d+$/.test(text) ? Number(text) : undefined;
  };
  const after = number('after');
  return after !== undefined ? { after } : { before: number('before') };
}

/** The filters as the API takes them (times from the reader's zone to ISO). */
function toArgs(filters: Filters): Omit<EventsArgs, 'limit'> {
  return {
    q: filters.q || undefined,
    // Money events unless every event is asked for.
    show: filters.show === 'all' ? 'all' : 'money',
    account: filters.account || undefined,
    stream: filters.stream || undefined,
    type: filters.type || undefined,
    from: localToIso(filters.from),
    to: localToIso(filters.to),
  };
}

export function JournalExplorer() {
  const [params, changeParams] = useAddressParams();
  const filters = readFilters(params);
  const cursor = readCursor(params);

  /** Changes some of the address's keys, keeping the others (the page's tab among them). */
  function update(changes: Record<string, string | undefined>) {
    changeParams((current) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) current.set(key, value);
        else current.delete(key);
      }
      return current;
    });
  }

  const applyFilters = (next: Filters) => update({ ...next, before: undefined, after: undefined });
  // A new filter or cursor starts the list afresh (the appended older pages are dropped).
  const listKey = JSON.stringify([filters, cursor]);

  return (
    <section className="kobo-finance-journal" aria-label="Journal">
      <JournalFilters filters={filters} onApply={applyFilters} />
      <EventList
        key={listKey}
        args={toArgs(filters)}
        cursor={cursor}
        filtered={FILTER_KEYS.some((key) => key !== 'show' && filters[key])}
        everyEvent={filters.show === 'all'}
        onCursor={(next) => update({ before: next.before?.toString(), after: next.after?.toString() })}
        onClearFilters={() => applyFilters({ ...CLEARED, show: filters.show })}
      />
    </section>
  );
}

function JournalFilters({ filters, onApply }: { filters: Filters; onApply: (next: Filters) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(filters);
  // The address changes by other means too (back, a link): the form follows it.
  const addressed = JSON.stringify(filters);
  useEffect(() => setDraft(JSON.parse(addressed) as Filters), [addressed]);

  const set = (key: FilterKey) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim(), account: draft.account.trim(), stream: draft.stream.trim() });
  };
  const empty = FILTER_KEYS.every((key) => key === 'show' || (!filters[key] && !draft[key]));

  return (
    <form
      className="kobo-card kobo-finance-journal-filters"
      onSubmit={submit}
      aria-label="Filter the journal"
    >
      <FormGroup
        className="kobo-finance-journal-person"
        label="Person"
        labelFor={`${id}-q`}
        helperText="Name, username, email or withdrawal reference"
      >
        <InputGroup
          id={`${id}-q`}
          type="search"
          value={draft.q}
          placeholder="e.g. Chioma Eze or GTB-123456"
          onValueChange={set('q')}
          leftIcon="search"
        />
      </FormGroup>
      <FormGroup label="Account" labelFor={`${id}-account`} helperText="Exact, or a prefix ending in *">
        <InputGroup
          id={`${id}-account`}
          value={draft.account}
          placeholder="user:<id>:account or user:<id>:*"
          onValueChange={set('account')}
          leftIcon="bank-account"
        />
      </FormGroup>
      <FormGroup label="Stream" labelFor={`${id}-stream`} helperText="A stream id, e.g. user-<id>">
        <InputGroup
          id={`${id}-stream`}
          value={draft.stream}
          placeholder="campaign-<id>"
          onValueChange={set('stream')}
          leftIcon="flows"
        />
      </FormGroup>
      <FormGroup label="Event type" labelFor={`${id}-type`}>
        <HTMLSelect
          id={`${id}-type`}
          value={draft.type}
          fill
          onChange={(event) => {
            const type = event.currentTarget.value;
            setDraft((d) => ({ ...d, type }));
            onApply({ ...filters, type });
          }}
          options={[{ value: '', label: 'All types' }, ...EVENT_TYPES.map((type) => ({ value: type }))]}
        />
      </FormGroup>
      <FormGroup label="From" labelFor={`${id}-from`} helperText="Recorded at or after">
        <input
          id={`${id}-from`}
          className="bp6-input bp6-fill"
          type="datetime-local"
          value={draft.from}
          onChange={(event) => set('from')(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="To" labelFor={`${id}-to`} helperText="Recorded before">
        <input
          id={`${id}-to`}
          className="bp6-input bp6-fill"
          type="datetime-local"
          value={draft.to}
          onChange={(event) => set('to')(event.currentTarget.value)}
        />
      </FormGroup>
      <div className="kobo-finance-journal-filter-actions">
        <Switch
          className="kobo-finance-journal-show"
          label="Show every event, not only money"
          checked={draft.show === 'all'}
          onChange={(event) => {
            const show = event.currentTarget.checked ? 'all' : '';
            setDraft((d) => ({ ...d, show }));
            onApply({ ...filters, show });
          }}
        />
        <Button type="submit" intent="primary" icon="filter" text="Apply filters" />
        <Button
          variant="minimal"
          text="Clear"
          disabled={empty}
          onClick={() => {
            const cleared = { ...CLEARED, show: draft.show };
            setDraft(cleared);
            onApply(cleared);
          }}
        />
      </div>
    </form>
  );
}

function EventList({
  args,
  cursor,
  filtered,
  everyEvent,
  onCursor,
  onClearFilters,
}: {
  args: Omit<EventsArgs, 'limit'>;
  cursor: { before?: number; after?: number };
  filtered: boolean;
  everyEvent: boolean;
  onCursor: (next: { before?: number; after?: number }) => void;
  onClearFilters: () => void;
}) {
  // Older pages appended under the first one: each is its own cached query.
  const [older, setOlder] = useState<number[]>([]);
  const pages: { before?: number; after?: number }[] = [cursor, ...older.map((before) => ({ before }))];
  const first = useGetFinanceEventsQuery({ ...args, ...cursor, limit: EVENTS_PER_LOAD });
  const lastArgs = pages[pages.length - 1]!;
  const last = useGetFinanceEventsQuery({ ...args, ...lastArgs, limit: EVENTS_PER_LOAD });

  if (first.isLoading) return <LoadingState label="Loading the journal..." />;
  if (first.isError || !first.data)
    return (
      <ErrorState
        message={errorMessage(first.error, 'The journal could not be loaded.')}
        onRetry={() => void first.refetch()}
      />
    );
  const atTop = cursor.before === undefined && cursor.after === undefined;
  const people = <PeopleFound page={first.data} />;
  if (first.data.events.length === 0)
    return (
      <div className="kobo-card">
        {people}
        <EmptyState
          icon="search"
          title={
            first.data.people?.length === 0
              ? 'No one matches this search'
              : filtered
                ? 'No events match these filters'
                : everyEvent
                  ? 'No events yet'
                  : 'No money has moved yet'
          }
          description={
            first.data.people?.length === 0
              ? 'Search by name, username, email or a withdrawal reference.'
              : filtered
                ? 'Try a wider time range, or an account prefix ending in *.'
                : everyEvent
                  ? 'The ledger is empty.'
                  : 'Switch on every event to see the rest of the log.'
          }
          action={filtered ? <Button text="Clear filters" onClick={onClearFilters} /> : undefined}
        />
      </div>
    );

  const newerAfter = first.data.newerAfter;
  const nextBefore = last.data?.nextBefore ?? null;
  const loadingMore = older.length > 0 && (last.isFetching || !last.data);
  const shown = pages.length;

  return (
    <div className="kobo-card kobo-finance-journal-list">
      <StaleNotice read={first} />
      {people}
      <div className="kobo-finance-journal-toolbar">
        <p className="kobo-muted kobo-finance-journal-small" aria-live="polite">
          {everyEvent ? 'Every event' : 'Events that move money'} · log head: position{' '}
          {first.data.head.toLocaleString('en-NG')}
          {first.isFetching ? ' · refreshing…' : ''} <AsOf fulfilledTimeStamp={first.fulfilledTimeStamp} />
        </p>
        <div className="kobo-finance-journal-toolbar-actions">
          {!atTop ? <Button icon="double-chevron-up" text="Newest" onClick={() => onCursor({})} /> : null}
          <Button
            icon="chevron-up"
            text="Newer"
            disabled={newerAfter === null}
            onClick={() => newerAfter !== null && onCursor({ after: newerAfter })}
          />
          <Button
            icon="refresh"
            aria-label="Refresh"
            title="Refresh"
            variant="minimal"
            onClick={() => void first.refetch()}
          />
        </div>
      </div>
      <table className="kobo-finance-journal-table">
        <caption className="kobo-visually-hidden">Ledger events, newest first, with their postings</caption>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col">Recorded</th>
            <th scope="col">Type</th>
            <th scope="col">Stream</th>
            <th scope="col">Postings</th>
          </tr>
        </thead>
        {pages.map((page, i) =>
          i === 0 ? (
            <EventRows key="first" events={first.data!.events} />
          ) : (
            <OlderPage key={page.before} args={{ ...args, ...page, limit: EVENTS_PER_LOAD }} />
          ),
        )}
      </table>
      <div className="kobo-finance-journal-more">
        {nextBefore !== null ? (
          <>
            <Button
              icon="chevron-down"
              text="Load older"
              loading={loadingMore}
              onClick={() => setOlder((list) => [...list, nextBefore])}
            />
            <Button
              variant="minimal"
              text="Start the view here"
              title="Put this position in the address, dropping the pages above"
              onClick={() => onCursor({ before: nextBefore })}
            />
          </>
        ) : loadingMore ? null : (
          <p className="kobo-muted kobo-finance-journal-small">
            {shown > 1 || !atTop ? 'The oldest matching event is shown.' : 'Every matching event is shown.'}
          </p>
        )}
      </div>
    </div>
  );
}

/** Whose events a search lists: the people the server found for it. */
function PeopleFound({ page }: { page: EventsPage }) {
  if (!page.people?.length) return null;
  return (
    <div className="kobo-finance-journal-people" aria-label="People found">
      <p className="kobo-finance-journal-small">
        {page.people.length === 1 ? 'Events of ' : `Events of ${page.people.length} people: `}
        {page.people.map((person, i) => (
          <span key={person.userId}>
            {i > 0 ? '; ' : ''}
            <strong>{person.fullName}</strong>{' '}
            {person.erasedAt ? (
              <ErasedNote erasedAt={person.erasedAt} />
            ) : (
              <span className="kobo-muted">
                @{person.username} · {person.email}
              </span>
            )}
          </span>
        ))}
      </p>
      {page.morePeople ? (
        <Callout intent="warning" compact>
          More people match than are listed here: narrow the search.
        </Callout>
      ) : null}
    </div>
  );
}

function OlderPage({ args }: { args: EventsArgs }) {
  const page = useGetFinanceEventsQuery(args);
  if (page.isError)
    return (
      <tbody>
        <tr>
          <td colSpan={5}>
            <ErrorState
              message={errorMessage(page.error, 'Older events could not be loaded.')}
              onRetry={() => void page.refetch()}
            />
          </td>
        </tr>
      </tbody>
    );
  if (!page.data) return null;
  return <EventRows events={page.data.events} />;
}

/** One page of rows; memoised so appending a page does not redraw the ones above. */
const EventRows = memo(function EventRows({ events }: { events: EventSummary[] }) {
  return (
    <tbody>
      {events.map((event) => (
        <tr key={event.position}>
          <td data-label="Position" className="kobo-finance-journal-num">
            <Link to={eventPath(event.eventId)} aria-label={`Event at position ${event.position}`}>
              #{event.position}
            </Link>
          </td>
          <td data-label="Recorded" className="kobo-finance-journal-nowrap">
            <time dateTime={event.recordedAt}>{formatDateTime(event.recordedAt)}</time>
          </td>
          <td data-label="Type">
            <Link to={eventPath(event.eventId)}>{event.type}</Link>
          </td>
          <td data-label="Stream" className="kobo-finance-journal-mono">
            {event.streamId}
          </td>
          <td data-label="Postings">
            {event.postings.length === 0 ? (
              <span className="kobo-muted">No money moved</span>
            ) : (
              <ul className="kobo-finance-journal-postings">
                {event.postings.map((posting, i) => (
                  <li key={i}>
                    <Link className="kobo-finance-journal-mono" to={accountPath(posting.account)}>
                      {posting.account}
                    </Link>
                    <SignedAmount amount={posting.amount} />
                  </li>
                ))}
              </ul>
            )}
          </td>
        </tr>
      ))}
    </tbody>
  );
});
