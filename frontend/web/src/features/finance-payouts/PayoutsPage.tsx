/**
 * /finance/payouts: approved withdrawals and where their money is, in the one vocabulary. The state
 * tab is in the address. The manual desk can be exported for the bank and marked paid (with the
 * bank's reference) or failed (with a reason), one by one or as a batch of selected rows; a payout
 * the provider held (Needs attention) can be moved to the manual desk; Sending lists what the
 * provider is sending. Discrepancies between the provider's answers and the books are listed for
 * finance to look into.
 */
import { Alert, AnchorButton, Button, Checkbox, FormGroup, HTMLTable, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import { formatDate } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { ListFilters } from '../../shared/ui/ListFilters';
import { Money } from '../../shared/ui/Money';
import { useDebouncedSearch } from '../../shared/ui/useDebouncedSearch';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Pager } from '../../shared/ui/Pager';
import { StatCard } from '../../shared/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useIsPhone } from '../../shared/ui/useIsPhone';
import { useToast } from '../../shared/toast/toast';
import { withdrawalReference } from '../../shared/withdrawal-states';
import {
  heldByProvider,
  onManualDesk,
  PAYOUT_STATES,
  payoutsCsvUrl,
  useGetPayoutsQuery,
  useGetPayoutSummaryQuery,
  useMovePayoutToManualMutation,
  type Payout,
  type PayoutFilters,
  type PayoutState,
} from './api';
import { Discrepancies } from './Discrepancies';
import { approverText, BankCell, PayoutOutcome, PayoutStateTag, UserCell } from './parts';
import { SettleDialog, totalToSend, type SettleRequest } from './SettleDialog';
import './finance-payouts.css';

const EMPTY: Record<PayoutState, { title: string; description: string }> = {
  pending: {
    title: 'Nothing on the manual desk',
    description:
      'Withdrawals appear here as soon as an admin approves them, and payouts moved here from the provider.',
  },
  attention: {
    title: 'Nothing needs attention',
    description: 'Payouts the provider held (an OTP, transfers off, its balance too low) appear here.',
  },
  sending: {
    title: 'Nothing is being sent',
    description: 'Payouts the provider has accepted and is sending to the bank appear here.',
  },
  paid: {
    title: 'No paid payouts yet',
    description: 'Payouts marked paid are listed here with their reference.',
  },
  failed: {
    title: 'No failed payouts',
    description: 'Payouts marked failed are listed here with their reason.',
  },
  reversed: {
    title: 'No reversed payouts',
    description: 'Paid payouts the bank sent back appear here; the money went back to the balance.',
  },
  all: { title: 'No payouts yet', description: 'Approved withdrawals appear here.' },
};

export function readState(params: URLSearchParams): PayoutState {
  const asked = params.get('state');
  return PAYOUT_STATES.some((state) => state.value === asked) ? (asked as PayoutState) : 'pending';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search and the range of days, from the address ('' when absent or not a day). */
export function readFilters(params: URLSearchParams): PayoutFilters {
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return { q: params.get('q') ?? '', from: day('from'), to: day('to') };
}

/** The filters as address keys, without the empty ones. */
function writeFilters(filters: PayoutFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
}

export function PayoutsPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const paging = readPage(params);
  const filters = readFilters(params);
  const list = useGetPayoutsQuery({ state, ...paging, ...filters });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [settling, setSettling] = useState<SettleRequest | null>(null);
  const [moving, setMoving] = useState<Payout | null>(null);
  const [moveToManual, move] = useMovePayoutToManualMutation();
  const toast = useToast();
  const isPhone = useIsPhone();
  const summary = useGetPayoutSummaryQuery().data;
  // How many wait in the provider's tabs, counted by the server (a held payout needs finance).
  const counts: Partial<Record<PayoutState, number>> = {
    attention: summary?.needsAttention,
    sending: summary?.sending,
  };

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // Only payouts on the manual desk can be marked; a row that changed drops out of the selection.
  const selectable = rows.filter((row) => onManualDesk(row, state));
  const selected = selectable.filter((row) => chosen.has(row.withdrawalId));

  // A new tab starts on its first page; the page size and the filters stay.
  const setState = (next: PayoutState) =>
    setParams(
      {
        ...(next === 'pending' ? {} : { state: next }),
        ...writeFilters(filters),
        ...writePage({ ...paging, page: 1 }),
      },
      {
        replace: true,
      },
    );
  const setPaging = (next: PageRequest) => {
    setParams({ ...(state === 'pending' ? {} : { state }), ...writeFilters(filters), ...writePage(next) });
    setChosen(new Set());
  };
  // New filters start on the first page.
  const setFilters = (next: Partial<PayoutFilters>) => {
    setParams(
      {
        ...(state === 'pending' ? {} : { state }),
        ...writeFilters({ ...filters, ...next }),
        ...writePage({ ...paging, page: 1 }),
      },
      { replace: true },
    );
    setChosen(new Set());
  };
  const [search, setSearch] = useDebouncedSearch(filters.q, (q) => setFilters({ q }));
  const filtered = Boolean(filters.q || filters.from || filters.to);
  const toggle = (withdrawalId: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(withdrawalId);
      else next.delete(withdrawalId);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setChosen(on ? new Set(selectable.map((row) => row.withdrawalId)) : new Set());
  const selection: Selection = {
    selectable,
    selected,
    chosen,
    toggle,
    toggleAll,
    onSettle: (action, payout) => setSettling({ action, rows: [payout] }),
    onMove: setMoving,
    tab: state,
  };

  const confirmMove = async () => {
    if (!moving) return;
    const reference = withdrawalReference(moving.withdrawalId);
    try {
      const answer = await moveToManual({ withdrawalId: moving.withdrawalId }).unwrap();
      toast.success(answer.message, { title: `${reference} is on the manual desk` });
      setMoving(null);
      setState('pending');
    } catch (error) {
      toast.error(errorMessage(error, 'The payout could not be moved. Try again.'), {
        title: `${reference} was not moved`,
      });
      setMoving(null);
    }
  };

  let body;
  if (list.isLoading) body = <LoadingState label="Loading payouts..." />;
  else if (!list.data)
    body = (
      <ErrorState
        title="Payouts could not be loaded"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (rows.length === 0)
    body = (
      <div className="kobo-card">
        {filtered ? (
          <EmptyState
            icon="search"
            title="No payouts match"
            description="Try another name or reference, or a wider range of days."
            action={<Button text="Clear filters" onClick={() => setFilters({ q: '', from: '', to: '' })} />}
          />
        ) : (
          <EmptyState icon="send-message" title={EMPTY[state].title} description={EMPTY[state].description} />
        )}
      </div>
    );
  else if (isPhone) body = <PayoutCards rows={rows} {...selection} />;
  else body = <PayoutTable rows={rows} {...selection} />;

  const panel = (
    <>
      <ListFilters
        label="Find payouts"
        search={{
          id: 'kobo-finance-payouts-search',
          placeholder: 'Name, email or reference',
          value: search,
          onChange: setSearch,
        }}
      >
        <FormGroup
          label={state === 'all' || !RANGE_OF[state] ? 'Approved from' : `${RANGE_OF[state]} from`}
          labelFor="kobo-finance-payouts-from"
        >
          <input
            id="kobo-finance-payouts-from"
            className="bp6-input bp6-fill"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => setFilters({ from: event.currentTarget.value })}
          />
        </FormGroup>
        <FormGroup label="To (inclusive)" labelFor="kobo-finance-payouts-to">
          <input
            id="kobo-finance-payouts-to"
            className="bp6-input bp6-fill"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => setFilters({ to: event.currentTarget.value })}
          />
        </FormGroup>
      </ListFilters>
      <StaleNotice read={list} />
      <div className="kobo-card kobo-finance-payouts-toolbar">
        <p className="kobo-muted kobo-finance-payouts-range" aria-live="polite">
          {rangeText(state, filters)} <AsOf fulfilledTimeStamp={list.fulfilledTimeStamp} />
        </p>
        <div className="kobo-finance-payouts-export">
          <AnchorButton
            href={payoutsCsvUrl(state, filters)}
            download
            // A download is a link, whatever it looks like.
            role="link"
            icon="download"
            variant="outlined"
            text={state === 'pending' ? 'Export bank file (CSV)' : 'Export CSV'}
            disabled={rows.length === 0}
          />
          <span className="kobo-muted">kobo-payouts-{state}-&lt;date&gt;.csv</span>
        </div>
        {selectable.length > 0 ? (
          <div className="kobo-finance-payouts-batch-actions" role="group" aria-label="Selected payouts">
            <span className="kobo-finance-payouts-selected" aria-live="polite">
              {selected.length === 0
                ? 'None selected'
                : `${selected.length} selected · ${formatNaira(totalToSend(selected))}`}
            </span>
            <Button
              intent="success"
              icon="tick"
              text="Mark selected paid"
              disabled={selected.length === 0}
              onClick={() => setSettling({ action: 'paid', rows: selected })}
            />
            <Button
              intent="danger"
              variant="outlined"
              icon="cross"
              text="Mark selected failed"
              disabled={selected.length === 0}
              onClick={() => setSettling({ action: 'failed', rows: selected })}
            />
          </div>
        ) : null}
      </div>
      <div aria-busy={list.isFetching}>{body}</div>
      {total > 0 ? <Pager {...paging} total={total} onChange={setPaging} label="Payout pages" /> : null}
    </>
  );

  return (
    <main className="kobo-page kobo-finance-payouts">
      <PageHeader
        title="Payouts"
        subtitle="Approved withdrawals and where their money is: pay the manual desk by bank transfer, then record each as paid or failed."
      />
      <Figures />
      <Discrepancies />
      <Tabs
        id="kobo-finance-payouts-state"
        selectedTabId={state}
        onChange={(next) => setState(next as PayoutState)}
        renderActiveTabPanelOnly
        className="kobo-finance-payouts-tabs"
      >
        {PAYOUT_STATES.map(({ value, label }) => {
          const count = counts[value];
          return (
            <Tab
              key={value}
              id={value}
              title={label}
              panel={panel}
              tagContent={count ? count.toLocaleString('en-NG') : undefined}
              tagProps={{ round: true, intent: value === 'attention' ? 'warning' : 'none' }}
            />
          );
        })}
      </Tabs>
      <SettleDialog request={settling} onClose={() => setSettling(null)} />
      <Alert
        isOpen={moving !== null}
        icon="hand"
        intent="warning"
        cancelButtonText="Cancel"
        confirmButtonText="Move to manual desk"
        loading={move.isLoading}
        onCancel={() => setMoving(null)}
        onConfirm={() => void confirmMove()}
      >
        {moving ? (
          <>
            <p>
              <strong>
                Move {withdrawalReference(moving.withdrawalId)} ({who(moving)}) to the manual desk?
              </strong>
            </p>
            <p>The provider held it: {moving.heldReason}</p>
            <p>
              On the manual desk you send it by bank transfer yourself, then mark it paid with the bank&apos;s
              reference, or failed.
            </p>
          </>
        ) : null}
      </Alert>
    </main>
  );
}

/** The date a list's range is on: when paid, failed or reversed for those tabs, else when approved. */
const RANGE_OF: Partial<Record<PayoutState, string>> = {
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

/** Which days the list covers, in words ('Paid 27 Nov 2026 – 28 Nov 2026'). */
export function rangeText(state: PayoutState, { from, to }: PayoutFilters): string {
  const on = RANGE_OF[state] ?? 'Approved';
  const day = (value: string) => formatDate(`${value}T12:00:00`);
  if (from && to) return from === to ? `${on} on ${day(from)}` : `${on} ${day(from)} – ${day(to)}`;
  if (from) return `${on} from ${day(from)}`;
  if (to) return `${on} up to ${day(to)}`;
  return `${on} any day`;
}

/** The manual desk's count, total and oldest approval, whichever tab is open. */
function Figures() {
  const awaiting = useGetPayoutSummaryQuery();
  const figures = awaiting.data;
  const unknown = awaiting.isLoading ? '…' : '—';
  const oldest = figures?.oldestApprovedAt;
  return (
    <div className="kobo-grid kobo-finance-payouts-cards">
      <StatCard
        label="Total to send"
        icon="bank-account"
        tone="brand"
        value={figures ? formatNaira(figures.totalToSend) : unknown}
        hint="Fees already taken off"
      />
      <StatCard
        label="On the manual desk"
        icon="time"
        value={figures ? figures.awaiting.toLocaleString('en-NG') : unknown}
        hint={awaiting.isError ? 'Figures could not be loaded' : 'To pay by bank transfer'}
      />
      <StatCard
        label="Oldest approval"
        icon="calendar"
        value={figures ? (oldest ? formatDate(oldest) : 'None waiting') : unknown}
        hint="Pay the oldest first"
      />
    </div>
  );
}

interface Selection {
  selectable: Payout[];
  selected: Payout[];
  chosen: ReadonlySet<string>;
  toggle: (withdrawalId: string, on: boolean) => void;
  toggleAll: (on: boolean) => void;
  onSettle: (action: 'paid' | 'failed', payout: Payout) => void;
  onMove: (payout: Payout) => void;
  /** The tab the rows are listed in. */
  tab: PayoutState;
}

const who = (payout: Payout) => `${payout.fullName}'s payout of ${formatNaira(payout.payoutAmount)}`;

function RowActions({
  payout,
  onSettle,
  onMove,
  tab,
}: {
  payout: Payout;
  onSettle: Selection['onSettle'];
  onMove: Selection['onMove'];
  tab: PayoutState;
}) {
  if (heldByProvider(payout))
    return (
      <div className="kobo-finance-payouts-actions">
        <Button
          size="small"
          intent="warning"
          icon="hand"
          text="Move to manual desk"
          className="kobo-finance-payouts-move"
          aria-label={`Move to manual desk: ${who(payout)}`}
          onClick={() => onMove(payout)}
        />
      </div>
    );
  if (!onManualDesk(payout, tab)) return null;
  return (
    <div className="kobo-finance-payouts-actions">
      <Button
        size="small"
        intent="success"
        icon="tick"
        text="Mark paid"
        aria-label={`Mark paid: ${who(payout)}`}
        onClick={() => onSettle('paid', payout)}
      />
      <Button
        size="small"
        variant="outlined"
        intent="danger"
        icon="cross"
        text="Mark failed"
        aria-label={`Mark failed: ${who(payout)}`}
        onClick={() => onSettle('failed', payout)}
      />
    </div>
  );
}

function RowCheck({
  payout,
  chosen,
  toggle,
  tab,
}: Pick<Selection, 'chosen' | 'toggle' | 'tab'> & { payout: Payout }) {
  if (!onManualDesk(payout, tab)) return null;
  return (
    <Checkbox
      className="kobo-finance-payouts-check"
      checked={chosen.has(payout.withdrawalId)}
      aria-label={`Select ${who(payout)}`}
      onChange={(event) => toggle(payout.withdrawalId, event.currentTarget.checked)}
    />
  );
}

function SelectAll({ selectable, selected, toggleAll, label }: Selection & { label?: string }) {
  if (selectable.length === 0) return null;
  const all = selected.length === selectable.length;
  return (
    <Checkbox
      className="kobo-finance-payouts-check"
      checked={all}
      indeterminate={selected.length > 0 && !all}
      label={label}
      aria-label="Select every payout on the manual desk on this page"
      onChange={(event) => toggleAll(event.currentTarget.checked)}
    />
  );
}

function Approved({ payout }: { payout: Payout }) {
  if (!payout.approvedAt) return <span className="kobo-muted">—</span>;
  const by = approverText(payout);
  return (
    <span className="kobo-finance-payouts-approved">
      <time dateTime={payout.approvedAt}>{formatDate(payout.approvedAt)}</time>{' '}
      {by ? (
        <span className="kobo-muted" title={payout.approvedBy ?? undefined}>
          {by}
        </span>
      ) : null}
    </span>
  );
}

function PayoutTable({ rows, ...selection }: Selection & { rows: Payout[] }) {
  return (
    <div className="kobo-card kobo-finance-payouts-table-wrap">
      <HTMLTable striped className="kobo-finance-payouts-table">
        <caption className="kobo-visually-hidden">Payouts, oldest approval first</caption>
        <thead>
          <tr>
            <th scope="col" className="kobo-finance-payouts-check-cell">
              <SelectAll {...selection} />
            </th>
            <th scope="col">User</th>
            <th scope="col">Bank account</th>
            <th scope="col" className="kobo-finance-payouts-num">
              Amount
            </th>
            <th scope="col" className="kobo-finance-payouts-num">
              Fee
            </th>
            <th scope="col" className="kobo-finance-payouts-num">
              To send
            </th>
            <th scope="col">Approved</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="kobo-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((payout) => (
            <tr key={payout.withdrawalId} data-payout={payout.withdrawalId}>
              <td className="kobo-finance-payouts-check-cell">
                <RowCheck payout={payout} {...selection} />
              </td>
              <td>
                <UserCell payout={payout} />
              </td>
              <td>
                <BankCell payout={payout} />
              </td>
              <td className="kobo-finance-payouts-num">
                <Money amount={payout.amount} />
              </td>
              <td className="kobo-finance-payouts-num kobo-muted">
                <Money amount={payout.fee} />
              </td>
              <td className="kobo-finance-payouts-num kobo-finance-payouts-send">
                <Money amount={payout.payoutAmount} />
              </td>
              <td>
                <Approved payout={payout} />
              </td>
              <td>
                <div className="kobo-finance-payouts-state">
                  <PayoutStateTag payout={payout} />
                  <PayoutOutcome payout={payout} />
                </div>
              </td>
              <td>
                <RowActions
                  payout={payout}
                  onSettle={selection.onSettle}
                  onMove={selection.onMove}
                  tab={selection.tab}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function PayoutCards({ rows, ...selection }: Selection & { rows: Payout[] }) {
  return (
    <>
      {selection.selectable.length > 0 ? (
        <div className="kobo-finance-payouts-select-all">
          <SelectAll {...selection} label="Select all on the manual desk" />
        </div>
      ) : null}
      <ul className="kobo-card kobo-finance-payouts-list" aria-label="Payouts, oldest approval first">
        {rows.map((payout) => (
          <li key={payout.withdrawalId} data-payout={payout.withdrawalId}>
            <div className="kobo-finance-payouts-row">
              <div className="kobo-finance-payouts-row-user">
                <RowCheck payout={payout} {...selection} />
                <UserCell payout={payout} />
              </div>
              <PayoutStateTag payout={payout} />
            </div>
            <BankCell payout={payout} />
            <dl className="kobo-finance-payouts-figures">
              <div>
                <dt>Amount</dt>
                <dd>
                  <Money amount={payout.amount} />
                </dd>
              </div>
              <div>
                <dt>Fee</dt>
                <dd>
                  <Money amount={payout.fee} />
                </dd>
              </div>
              <div>
                <dt>To send</dt>
                <dd className="kobo-finance-payouts-send">
                  <Money amount={payout.payoutAmount} />
                </dd>
              </div>
            </dl>
            <div className="kobo-finance-payouts-row kobo-muted">
              <span>
                Approved <Approved payout={payout} />
              </span>
            </div>
            <PayoutOutcome payout={payout} />
            <RowActions
              payout={payout}
              onSettle={selection.onSettle}
              onMove={selection.onMove}
              tab={selection.tab}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
