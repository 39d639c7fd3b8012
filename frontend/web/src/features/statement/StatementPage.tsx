import { Button, Callout, HTMLTable, Icon, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { useGetDashboardQuery } from '../../shared/api/account';
import { activityMinimumNote } from '../../shared/activity-minimum';
import { formatDateTime } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Money } from '../../shared/ui/Money';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useGetStatementQuery, type StatementBalance, type StatementEntry } from './api';
import { ProofDialog } from './ProofDialog';
import { BALANCE_CARDS, sameKobo } from './reconciliation';
import { useIsPhone } from '../../shared/ui/useIsPhone';
import './statement.css';

const TABS: { id: StatementBalance; title: string }[] = [
  { id: 'account', title: 'Account balance' },
  { id: 'activity', title: 'Activity balance' },
  { id: 'hold', title: 'Hold' },
];

const EMPTY: Record<StatementBalance, { title: string; description: string }> = {
  account: {
    title: 'No entries yet',
    description:
      'Approved task rewards, referral bonuses and withdrawals from your account balance will be listed here.',
  },
  activity: {
    title: 'No entries yet',
    description: 'Your signup bonus, activity rewards and activity withdrawals will be listed here.',
  },
  hold: {
    title: 'No withdrawals waiting',
    description:
      'When you request a withdrawal, the amount is held here until it is paid out, or returned to your balance.',
  },
};

export function StatementPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('balance');
  const balance = TABS.find((tab) => tab.id === requested)?.id ?? 'account';
  const select = (next: TabId) =>
    setParams(next === 'account' ? {} : { balance: String(next) }, { replace: true });

  return (
    <main className="kobo-page kobo-statement">
      <PageHeader
        title="Statement"
        subtitle="Account for every kobo."
        actions={<ButtonLink to="/dashboard/history" icon="history" text="Account History" />}
      />
      <p className="kobo-statement-intro">
        Every naira that reaches or leaves your balances, newest first, with the balance after it: the newest
        running balance is your balance. Each entry is kept in Kobo&apos;s tamper-evident ledger; open{' '}
        <strong>Audit details</strong> on any entry to have it checked.
      </p>
      <Tabs
        id="statement-tabs"
        selectedTabId={balance}
        onChange={select}
        size="large"
        renderActiveTabPanelOnly
        className="kobo-statement-tabs"
      >
        {TABS.map((tab) => (
          <Tab key={tab.id} id={tab.id} title={tab.title} panel={<StatementPanel balance={tab.id} />} />
        ))}
      </Tabs>
    </main>
  );
}

function StatementPanel({ balance }: { balance: StatementBalance }) {
  const statement = useGetStatementQuery(balance);
  const [auditing, setAuditing] = useState<StatementEntry | null>(null);
  const isPhone = useIsPhone();

  if (statement.isLoading) return <LoadingState label="Loading your statement..." />;
  if (!statement.data)
    return (
      <ErrorState
        title="Your statement could not be loaded"
        message={errorMessage(statement.error, 'Please check your connection and try again.')}
        onRetry={() => void statement.refetch()}
      />
    );

  const { entries } = statement.data;
  return (
    <div className="kobo-statement-panel">
      <Reconciliation
        balance={balance}
        statementBalance={statement.data.balance}
        onRefresh={statement.refetch}
      />
      {entries.length === 0 ? (
        <div className="kobo-card">
          <EmptyState icon="th-list" {...EMPTY[balance]} />
        </div>
      ) : isPhone ? (
        <EntryList entries={entries} onAudit={setAuditing} />
      ) : (
        <EntryTable balance={balance} entries={entries} onAudit={setAuditing} />
      )}
      <ProofDialog entry={auditing} onClose={() => setAuditing(null)} />
    </div>
  );
}

/** The statement's balance beside the balance card's, and whether they agree. */
function Reconciliation({
  balance,
  statementBalance,
  onRefresh,
}: {
  balance: StatementBalance;
  statementBalance: number;
  onRefresh: () => void;
}) {
  const dashboard = useGetDashboardQuery();
  const card = BALANCE_CARDS[balance];
  const figure = dashboard.data ? card.figure(dashboard.data) : null;

  let line;
  if (dashboard.isLoading) line = <p className="kobo-muted">Comparing with your balance card...</p>;
  else if (figure === null)
    line = (
      <Callout intent="none" icon="info-sign" compact>
        Your balance card could not be loaded to compare with.{' '}
        <Button variant="minimal" size="small" text="Try again" onClick={() => void dashboard.refetch()} />
      </Callout>
    );
  else if (sameKobo(figure, statementBalance))
    line = (
      <p className="kobo-statement-match">
        <Icon icon="tick-circle" aria-hidden />
        <span>The running balance equals your balance card: {formatNaira(figure)}</span>
      </p>
    );
  else
    line = (
      <Callout intent="warning" icon="warning-sign" title="The figures do not agree">
        The running balance ({formatNaira(statementBalance)}) differs from your balance card (
        {formatNaira(figure)}). This can happen for a moment while a new entry is recorded. Refresh; if it
        persists, please contact support.
        <div className="kobo-statement-refresh">
          <Button
            icon="refresh"
            text="Refresh"
            onClick={() => {
              onRefresh();
              void dashboard.refetch();
            }}
          />
        </div>
      </Callout>
    );

  return (
    <section className="kobo-card kobo-statement-summary" aria-label="Reconciliation">
      <div className="kobo-statement-figures">
        <div>
          <p className="kobo-stat-label">Statement balance (ledger)</p>
          <p className="kobo-stat-value">{formatNaira(statementBalance)}</p>
        </div>
        <div>
          <p className="kobo-stat-label">{card.label} (balance card)</p>
          <p className="kobo-stat-value">{figure === null ? '—' : formatNaira(figure)}</p>
        </div>
      </div>
      {balance === 'activity' && dashboard.data ? (
        <p className="kobo-statement-minimum">
          {activityMinimumNote(dashboard.data.activityBalance, dashboard.data.withdrawalRules.minActivity)}
        </p>
      ) : null}
      <div aria-live="polite">{line}</div>
    </section>
  );
}

function signOf(amount: number): '+' | '-' {
  return amount < 0 ? '-' : '+';
}

function EntryTable({
  balance,
  entries,
  onAudit,
}: {
  balance: StatementBalance;
  entries: StatementEntry[];
  onAudit: (entry: StatementEntry) => void;
}) {
  const title = TABS.find((tab) => tab.id === balance)?.title ?? '';
  return (
    <div className="kobo-card kobo-statement-table-wrap">
      <HTMLTable striped className="kobo-statement-table">
        <caption className="kobo-visually-hidden">{title} entries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date and time</th>
            <th scope="col">Entry</th>
            <th scope="col" className="kobo-statement-num">
              Amount
            </th>
            <th scope="col" className="kobo-statement-num">
              Balance after
            </th>
            <th scope="col">
              <span className="kobo-visually-hidden">Audit details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.eventId}:${entry.position}:${entry.amount}`}>
              <td className="kobo-statement-date">{formatDateTime(entry.recordedAt)}</td>
              <td className="kobo-statement-title">{entry.title}</td>
              <td className="kobo-statement-num">
                <Money amount={entry.amount} sign={signOf(entry.amount)} />
              </td>
              <td className="kobo-statement-num">
                <Money amount={entry.runningBalance} />
              </td>
              <td className="kobo-statement-verify">
                <AuditButton entry={entry} onOpen={onAudit} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function EntryList({
  entries,
  onAudit,
}: {
  entries: StatementEntry[];
  onAudit: (entry: StatementEntry) => void;
}) {
  return (
    <ul className="kobo-card kobo-statement-list">
      {entries.map((entry) => (
        <li key={`${entry.eventId}:${entry.position}:${entry.amount}`}>
          <span className="kobo-statement-title">{entry.title}</span>
          <Money amount={entry.amount} sign={signOf(entry.amount)} />
          <span className="kobo-muted">{formatDateTime(entry.recordedAt)}</span>
          <span className="kobo-muted kobo-statement-after">
            Balance <Money amount={entry.runningBalance} />
          </span>
          <AuditButton entry={entry} onOpen={onAudit} />
        </li>
      ))}
    </ul>
  );
}

/** The hash-chain proof of an entry, one tap away and out of the way of the figures. */
function AuditButton({ entry, onOpen }: { entry: StatementEntry; onOpen: (entry: StatementEntry) => void }) {
  return (
    <Button
      size="small"
      variant="minimal"
      icon="shield"
      text="Audit details"
      className="kobo-statement-audit"
      aria-label={`Audit details of ${entry.title}, ${formatDateTime(entry.recordedAt)}`}
      onClick={() => onOpen(entry)}
    />
  );
}
