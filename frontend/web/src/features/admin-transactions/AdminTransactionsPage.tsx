import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../shared/api/api';
import { formatDate, formatDateTime } from '../../shared/dates';
import { ErasedNote, PersonName } from '../../shared/ui/ErasedPerson';
import { FilterSelect, ListFilters } from '../../shared/ui/ListFilters';
import { Money } from '../../shared/ui/Money';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { PageHeader } from '../../shared/ui/PageHeader';
import { StatCard } from '../../shared/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { Pager } from '../../shared/ui/Pager';
import { useAddressParams } from '../../shared/ui/useAddressParams';
import { useDebouncedSearch } from '../../shared/ui/useDebouncedSearch';
import { useIsPhone } from '../../shared/ui/useIsPhone';
import { useGetAdminTransactionsQuery, type AdminTransaction } from './api';
import {
  listArgs,
  readFilters,
  STATUS_FILTERS,
  STATUS_INTENT,
  statusLabel,
  typeLabel,
  writeFilters,
  type StatusFilter,
} from './filters';
import './admin-transactions.css';

function SignedMoney({ amount }: { amount: number }) {
  return <Money amount={amount} sign={amount < 0 ? '-' : '+'} />;
}

function StatusTag({ status }: { status: AdminTransaction['status'] }) {
  return (
    <Tag minimal round intent={STATUS_INTENT[status]}>
      {statusLabel(status)}
    </Tag>
  );
}

export function AdminTransactionsPage() {
  const [params, changeParams] = useAddressParams();
  const filters = readFilters(params);
  const list = useGetAdminTransactionsQuery(listArgs(filters));
  // The cards count every transaction: one-row reads whose X-Total-Count is the figure.
  const all = useGetAdminTransactionsQuery({ pageSize: 1 });
  const completed = useGetAdminTransactionsQuery({ status: 'completed', pageSize: 1 });
  const pending = useGetAdminTransactionsQuery({ status: 'pending', pageSize: 1 });
  const [viewing, setViewing] = useState<AdminTransaction | null>(null);
  const isPhone = useIsPhone();

  const shown = list.data?.items ?? [];
  const filtered = filters.status !== 'all' || filters.query.trim() !== '';
  // A new filter starts at the first page.
  const setFilters = (next: Partial<typeof filters>) =>
    changeParams((current) => writeFilters({ ...readFilters(current), page: 1, ...next }));
  const [search, setSearch] = useDebouncedSearch(filters.query, (query) => setFilters({ query }));
  const figure = (count: { data?: { total: number }; isLoading: boolean }) =>
    count.data ? count.data.total.toLocaleString('en-NG') : count.isLoading ? '…' : '—';

  let body;
  if (list.isLoading) body = <LoadingState label="Loading transactions..." />;
  else if (!list.data)
    body = (
      <ErrorState
        title="Transactions could not be loaded"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (shown.length === 0)
    body = (
      <div className="kobo-card">
        <EmptyState
          icon="exchange"
          title="No transactions found"
          description={
            filtered
              ? 'No transaction matches this search or status.'
              : "Users' rewards, bonuses and withdrawals appear here as they happen."
          }
          action={
            filtered ? <Button text="Clear filters" onClick={() => changeParams(() => ({}))} /> : undefined
          }
        />
      </div>
    );
  else if (isPhone) body = <TransactionList rows={shown} onView={setViewing} />;
  else body = <TransactionTable rows={shown} onView={setViewing} />;

  return (
    <main className="kobo-page kobo-admin-transactions">
      <PageHeader
        title="Transactions"
        note={<AsOf fulfilledTimeStamp={list.fulfilledTimeStamp} />}
        subtitle="Every user's rewards, bonuses and withdrawals, newest first."
      />
      <div className="kobo-grid kobo-admin-transactions-cards">
        <StatCard label="Total" icon="exchange" tone="brand" value={figure(all)} hint="All transactions" />
        <StatCard label="Completed" icon="tick-circle" value={figure(completed)} hint="Settled" />
        <StatCard label="Pending" icon="time" value={figure(pending)} hint="Withdrawals not yet paid" />
      </div>
      <ListFilters
        label="Filter transactions"
        search={{
          id: 'kobo-admin-transactions-search',
          placeholder: 'User name or description',
          value: search,
          onChange: setSearch,
        }}
      >
        <FilterSelect
          id="kobo-admin-transactions-status"
          label="Status"
          value={filters.status}
          onChange={(status: StatusFilter) => setFilters({ status })}
          options={STATUS_FILTERS}
        />
      </ListFilters>
      <StaleNotice read={list} />
      <div aria-busy={list.isFetching}>{body}</div>
      {list.data && list.data.total > 0 ? (
        <Pager
          label="Transaction pages"
          page={filters.page}
          pageSize={filters.pageSize}
          total={list.data.total}
          onChange={(page) => setFilters(page)}
        />
      ) : null}
      <TransactionDialog transaction={viewing} onClose={() => setViewing(null)} />
    </main>
  );
}

function ViewButton({
  transaction,
  onView,
}: {
  transaction: AdminTransaction;
  onView: (t: AdminTransaction) => void;
}) {
  return (
    <Button
      size="small"
      variant="minimal"
      icon="eye-open"
      title="View details"
      aria-label={`View details of ${transaction.fullName}'s ${typeLabel(transaction.type).toLowerCase()} on ${formatDate(transaction.createdAt)}`}
      onClick={() => onView(transaction)}
    />
  );
}

function TransactionTable({
  rows,
  onView,
}: {
  rows: AdminTransaction[];
  onView: (t: AdminTransaction) => void;
}) {
  return (
    <div className="kobo-card kobo-admin-transactions-table-wrap">
      <HTMLTable striped className="kobo-admin-transactions-table">
        <caption className="kobo-visually-hidden">Transactions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col" className="kobo-admin-transactions-num">
              Amount
            </th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="kobo-visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((transaction) => (
            <tr key={transaction._id}>
              <td>
                <div className="kobo-admin-transactions-user">
                  <span className="kobo-admin-transactions-name">{transaction.fullName}</span>
                  {transaction.erasedAt ? (
                    <ErasedNote erasedAt={transaction.erasedAt} />
                  ) : transaction.email ? (
                    <span className="kobo-muted">{transaction.email}</span>
                  ) : null}
                </div>
              </td>
              <td className="kobo-admin-transactions-num">
                <SignedMoney amount={transaction.amount} />
              </td>
              <td className="kobo-admin-transactions-nowrap">{typeLabel(transaction.type)}</td>
              <td className="kobo-admin-transactions-desc">{transaction.description}</td>
              <td className="kobo-admin-transactions-nowrap">
                <time dateTime={transaction.createdAt}>{formatDate(transaction.createdAt)}</time>
              </td>
              <td>
                <StatusTag status={transaction.status} />
              </td>
              <td>
                <ViewButton transaction={transaction} onView={onView} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function TransactionList({
  rows,
  onView,
}: {
  rows: AdminTransaction[];
  onView: (t: AdminTransaction) => void;
}) {
  return (
    <ul className="kobo-card kobo-admin-transactions-list" aria-label="Transactions, newest first">
      {rows.map((transaction) => (
        <li key={transaction._id}>
          <div className="kobo-admin-transactions-row">
            <span className="kobo-admin-transactions-name">
              <PersonName fullName={transaction.fullName} erasedAt={transaction.erasedAt} />
            </span>
            <SignedMoney amount={transaction.amount} />
          </div>
          <p className="kobo-admin-transactions-desc">{transaction.description}</p>
          <div className="kobo-admin-transactions-row kobo-muted">
            <span>
              {typeLabel(transaction.type)} ·{' '}
              <time dateTime={transaction.createdAt}>{formatDate(transaction.createdAt)}</time>
            </span>
            <span className="kobo-admin-transactions-end">
              <StatusTag status={transaction.status} />
              <ViewButton transaction={transaction} onView={onView} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TransactionDialog({
  transaction: t,
  onClose,
}: {
  transaction: AdminTransaction | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={t !== null}
      onClose={onClose}
      title="Transaction details"
      icon="exchange"
      className="kobo-admin-transactions-dialog"
    >
      {t ? (
        <>
          <DialogBody>
            <dl className="kobo-admin-transactions-details">
              <Item term="Transaction id">
                <code className="kobo-admin-transactions-id">{t.transactionId}</code>
              </Item>
              <Item term="Date and time">{formatDateTime(t.createdAt)}</Item>
              <Item term="Status">
                <StatusTag status={t.status} />
              </Item>
              <Item term="User">
                <PersonName fullName={t.fullName} erasedAt={t.erasedAt} />
                {!t.erasedAt && t.email ? <span className="kobo-muted"> ({t.email})</span> : null}
              </Item>
              <Item term="Amount">
                <SignedMoney amount={t.amount} />
              </Item>
              <Item term="Type">{typeLabel(t.type)}</Item>
              <Item term="Description">{t.description}</Item>
            </dl>
          </DialogBody>
          <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
        </>
      ) : null}
    </Dialog>
  );
}
