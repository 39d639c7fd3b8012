import { Button, Callout, HTMLTable, Icon, Tab, Tabs, Tag, type TabId } from '@blueprintjs/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { useGetDashboardQuery } from '../../shared/api/account';
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
        Every naira that reaches or leaves your balances is an entry in Kobo&apos;s ledger, a log in which
        each event carries a hash of the one before it. This statement lists those entries, newest first, with
        the balance after each one: the newest running balance is your balance. Press <strong>Verify</strong>{' '}
        on any entry to have the server recompute its hash and check its place in the chain.
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
  const [verifying, setVerifying] = useState<StatementEntry | null>(null);
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
        <EntryList entries={entries} onVerify={setVerifying} />
      ) : (
        <EntryTable balance={balance} entries={entries} onVerify={setVerifying} />
      )}
      <ProofDialog entry={verifying} onClose={() => setVerifying(null)} />
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
  onVerify,
}: {
  balance: StatementBalance;
  entries: StatementEntry[];
  onVerify: (entry: StatementEntry) => void;
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
            <th scope="col">Event</th>
            <th scope="col" className="kobo-statement-num">
              Position
            </th>
            <th scope="col" className="kobo-statement-num">
              Amount
            </th>
            <th scope="col" className="kobo-statement-num">
              Balance after
            </th>
            <th scope="col">
              <span className="kobo-visually-hidden">Proof</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.eventId}:${entry.position}:${entry.amount}`}>
              <td className="kobo-statement-date">{formatDateTime(entry.recordedAt)}</td>
              <td className="kobo-statement-title">{entry.title}</td>
              <td>
                <Tag minimal className="kobo-statement-type">
                  {entry.type}
                </Tag>
              </td>
              <td className="kobo-statement-num">#{entry.position}</td>
              <td className="kobo-statement-num">
                <Money amount={entry.amount} sign={signOf(entry.amount)} />
              </td>
              <td className="kobo-statement-num">
                <Money amount={entry.runningBalance} />
              </td>
              <td className="kobo-statement-verify">
                <VerifyButton entry={entry} onVerify={onVerify} />
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
  onVerify,
}: {
  entries: StatementEntry[];
  onVerify: (entry: StatementEntry) => void;
}) {
  return (
    <ul className="kobo-card kobo-statement-list">
      {entries.map((entry) => (
        <li key={`${entry.eventId}:${entry.position}:${entry.amount}`}>
          <div className="kobo-statement-row">
            <div className="kobo-statement-main">
              <span className="kobo-statement-title">{entry.title}</span>
              <span className="kobo-muted">{formatDateTime(entry.recordedAt)}</span>
            </div>
            <div className="kobo-statement-end">
              <Money amount={entry.amount} sign={signOf(entry.amount)} />
              <span className="kobo-muted">
                Balance <Money amount={entry.runningBalance} />
              </span>
            </div>
          </div>
          <div className="kobo-statement-row">
            <span className="kobo-statement-meta">
              <Tag minimal className="kobo-statement-type">
                {entry.type}
              </Tag>
              <span className="kobo-muted kobo-statement-num">#{entry.position}</span>
            </span>
            <VerifyButton entry={entry} onVerify={onVerify} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function VerifyButton({
  entry,
  onVerify,
}: {
  entry: StatementEntry;
  onVerify: (entry: StatementEntry) => void;
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      icon="shield"
      text="Verify"
      aria-label={`Verify ${entry.title}, ${formatDateTime(entry.recordedAt)}`}
      onClick={() => onVerify(entry)}
    />
  );
}
