import { Button, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/api';
import { formatDate } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { FilterSelect, ListFilters } from '../../shared/ui/ListFilters';
import { Money } from '../../shared/ui/Money';
import { PageHeader } from '../../shared/ui/PageHeader';
import { StatCard } from '../../shared/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useGetAdminStatsQuery } from '../../shared/api/admin';
import { Pager } from '../../shared/ui/Pager';
import { useAddressParams } from '../../shared/ui/useAddressParams';
import { useDebouncedSearch } from '../../shared/ui/useDebouncedSearch';
import { useIsPhone } from '../../shared/ui/useIsPhone';
import {
  useApproveWithdrawalMutation,
  useGetAdminWithdrawalsQuery,
  useUndoWithdrawalApprovalMutation,
  type AdminWithdrawal,
} from './api';
import { ConfirmApprovalDialog } from './ConfirmApprovalDialog';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import {
  DEFAULT_STATE,
  listArgs,
  readFilters,
  STATE_FILTERS,
  typeLabel,
  writeFilters,
  type StateFilter,
} from './filters';
import { RejectDialog } from './RejectDialog';
import { ErasedNote } from '../../shared/ui/ErasedPerson';
import { SharedBankAccountTag } from '../../shared/ui/SharedBankAccountTag';
import { StatusTag } from './StatusTag';
import { WithdrawalDetailsDialog } from './WithdrawalDetailsDialog';
import './admin-withdrawals.css';

export const APPROVE_FAILED = 'Withdrawal Declined: Unknown error occured.';
export const UNDO_FAILED = 'The approval could not be undone.';
/** How long the "Approved. Undo" toast stays when the server's window cannot be read from its answer. */
export const UNDO_TOAST_MS = 10_000;

/** The time left to undo, by the server's `undoableUntil`; the usual window when the clocks disagree. */
export function undoToastDuration(undoableUntil: string, now = Date.now()): number {
  const left = Date.parse(undoableUntil) - now;
  return left > 500 && left <= 5 * 60_000 ? left : UNDO_TOAST_MS;
}

export function AdminWithdrawalsPage() {
  const [params, changeParams] = useAddressParams();
  const filters = readFilters(params);
  const list = useGetAdminWithdrawalsQuery(listArgs(filters));
  const [viewing, setViewing] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const [approve] = useApproveWithdrawalMutation();
  const [undo] = useUndoWithdrawalApprovalMutation();
  const [confirming, setConfirming] = useState<AdminWithdrawal | null>(null);
  const toast = useToast();
  const isPhone = useIsPhone();

  const shown = list.data?.items ?? [];
  const filtered = filters.state !== DEFAULT_STATE || filters.query.trim() !== '';
  // The open details follow the list, so an approval shows there too.
  const viewed = shown.find((withdrawal) => withdrawal._id === viewing) ?? null;

  // A new filter starts at the first page.
  const setFilters = (next: Partial<typeof filters>) =>
    changeParams((current) => writeFilters({ ...readFilters(current), page: 1, ...next }));
  const [search, setSearch] = useDebouncedSearch(filters.query, (query) => setFilters({ query }));

  const onUndo = async (withdrawal: AdminWithdrawal) => {
    try {
      const answer = await undo({ transactionId: withdrawal._id }).unwrap();
      toast.info(answer.message, { title: 'Approval undone' });
    } catch (error) {
      toast.error(errorMessage(error, UNDO_FAILED), { title: 'Not undone' });
    }
  };
  const approveNow = async (withdrawal: AdminWithdrawal, confirmed: boolean) => {
    try {
      const answer = await approve({ transactionId: withdrawal._id, confirmed }).unwrap();
      if (answer.undoableUntil)
        toast.success(answer.message, {
          title: 'Approved.',
          duration: undoToastDuration(answer.undoableUntil),
          action: { text: 'Undo', onClick: () => void onUndo(withdrawal) },
        });
      else toast.success(answer.message, { title: 'Withdrawal approved' });
    } catch (error) {
      toast.error(errorMessage(error, APPROVE_FAILED), { title: 'Approval failed' });
    }
  };
  // A large amount asks once more; the server refuses it unconfirmed too.
  const onApprove = (withdrawal: AdminWithdrawal) => {
    if (withdrawal.needsConfirmation) setConfirming(withdrawal);
    else void approveNow(withdrawal, false);
  };
  const actions = { onView: (w: AdminWithdrawal) => setViewing(w._id), onApprove, onReject: setRejecting };

  let body;
  if (list.isLoading) body = <LoadingState label="Loading withdrawal requests..." />;
  else if (!list.data)
    body = (
      <ErrorState
        title="Withdrawal requests could not be loaded"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (shown.length === 0)
    body = (
      <div className="kobo-card">
        <EmptyState
          icon="bank-account"
          title="No withdrawal requests"
          description={
            filtered
              ? 'No request matches this search or state.'
              : 'Requests appear here as soon as users ask to withdraw.'
          }
          action={
            filtered ? <Button text="Clear filters" onClick={() => changeParams(() => ({}))} /> : undefined
          }
        />
      </div>
    );
  else if (isPhone) body = <WithdrawalList rows={shown} {...actions} />;
  else body = <WithdrawalTable rows={shown} {...actions} />;

  return (
    <main className="kobo-page kobo-admin-withdrawals">
      <PageHeader
        title="Withdrawals"
        note={<AsOf fulfilledTimeStamp={list.fulfilledTimeStamp} />}
        subtitle="Review users' withdrawal requests and approve or reject them."
      />
      <Figures />
      <ListFilters
        label="Filter withdrawals"
        search={{
          id: 'kobo-admin-withdrawals-search',
          placeholder: 'User name or email',
          value: search,
          onChange: setSearch,
        }}
      >
        <FilterSelect
          id="kobo-admin-withdrawals-state"
          label="State"
          value={filters.state}
          onChange={(state: StateFilter) => setFilters({ state })}
          options={STATE_FILTERS}
        />
      </ListFilters>
      <StaleNotice read={list} />
      <div aria-busy={list.isFetching}>{body}</div>
      {list.data && list.data.total > 0 ? (
        <Pager
          label="Withdrawal request pages"
          page={filters.page}
          pageSize={filters.pageSize}
          total={list.data.total}
          onChange={(page) => setFilters(page)}
        />
      ) : null}
      <WithdrawalDetailsDialog
        withdrawal={viewed}
        onClose={() => setViewing(null)}
        onApprove={onApprove}
        onReject={(withdrawal) => {
          setViewing(null);
          setRejecting(withdrawal);
        }}
      />
      <RejectDialog withdrawal={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmApprovalDialog
        withdrawal={confirming}
        onConfirm={(withdrawal) => void approveNow(withdrawal, true)}
        onClose={() => setConfirming(null)}
      />
    </main>
  );
}

function Figures() {
  const stats = useGetAdminStatsQuery();
  const figure = (value: number | undefined, money: boolean) =>
    value === undefined
      ? stats.isLoading
        ? '…'
        : '—'
      : money
        ? formatNaira(value)
        : value.toLocaleString('en-NG');
  return (
    <div className="kobo-grid kobo-admin-withdrawals-cards">
      <StatCard
        label="Total Payouts"
        icon="bank-account"
        tone="brand"
        value={figure(stats.data?.totalWithdrawn, true)}
        hint="Paid out to users"
      />
      <StatCard
        label="Pending Requests"
        icon="time"
        value={figure(stats.data?.pendingWithdrawals, false)}
        hint="Waiting for a decision"
      />
      <StatCard
        label="Pending Amount"
        icon="dollar"
        value={figure(stats.data?.pendingWithdrawalAmount, true)}
        hint={stats.isError ? 'Figures could not be loaded' : 'Held for pending requests'}
      />
    </div>
  );
}

interface RowActions {
  onView: (withdrawal: AdminWithdrawal) => void;
  onApprove: (withdrawal: AdminWithdrawal) => void;
  onReject: (withdrawal: AdminWithdrawal) => void;
}

function Actions({
  withdrawal,
  onView,
  onApprove,
  onReject,
  labelled = false,
}: RowActions & { withdrawal: AdminWithdrawal; labelled?: boolean }) {
  const who = `${withdrawal.fullName}'s request of ${formatNaira(withdrawal.amount)}`;
  const pending = withdrawal.status === 'pending';
  return (
    <div className="kobo-admin-withdrawals-actions">
      <Button
        size="small"
        variant="minimal"
        icon="eye-open"
        text={labelled ? 'Details' : undefined}
        aria-label={`View details of ${who}`}
        title="View details"
        onClick={() => onView(withdrawal)}
      />
      {pending ? (
        <>
          <Button
            size="small"
            intent="success"
            icon="tick"
            text="Approve"
            aria-label={`Approve ${who}`}
            onClick={() => onApprove(withdrawal)}
          />
          <Button
            size="small"
            variant="outlined"
            intent="danger"
            icon="cross"
            text="Reject"
            aria-label={`Reject ${who}`}
            onClick={() => onReject(withdrawal)}
          />
        </>
      ) : null}
    </div>
  );
}

function UserCell({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <div className="kobo-admin-withdrawals-user">
      <span className="kobo-admin-withdrawals-name">{withdrawal.fullName}</span>
      {withdrawal.erasedAt ? (
        <ErasedNote erasedAt={withdrawal.erasedAt} />
      ) : (
        <span className="kobo-muted">{withdrawal.email}</span>
      )}
      <SharedBankAccountTag shared={withdrawal.sharedBankAccount} />
    </div>
  );
}

function WithdrawalTable({ rows, ...actions }: RowActions & { rows: AdminWithdrawal[] }) {
  return (
    <div className="kobo-card kobo-admin-withdrawals-table-wrap">
      <HTMLTable striped className="kobo-admin-withdrawals-table">
        <caption className="kobo-visually-hidden">Withdrawal requests, newest first</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col" className="kobo-admin-withdrawals-num">
              Amount
            </th>
            <th scope="col" className="kobo-admin-withdrawals-num">
              Tasks Completed
            </th>
            <th scope="col">Type</th>
            <th scope="col">Request Date</th>
            <th scope="col">State</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((withdrawal) => (
            <tr key={withdrawal._id} data-withdrawal={withdrawal._id}>
              <td>
                <UserCell withdrawal={withdrawal} />
              </td>
              <td className="kobo-admin-withdrawals-num">
                <Money amount={withdrawal.amount} />
              </td>
              <td className="kobo-admin-withdrawals-num">{withdrawal.totalTasks}</td>
              <td>{typeLabel(withdrawal.type)}</td>
              <td className="kobo-admin-withdrawals-date">
                <time dateTime={withdrawal.createdAt}>{formatDate(withdrawal.createdAt)}</time>
              </td>
              <td>
                <StatusTag withdrawal={withdrawal} />
              </td>
              <td>
                <Actions withdrawal={withdrawal} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function WithdrawalList({ rows, ...actions }: RowActions & { rows: AdminWithdrawal[] }) {
  return (
    <ul className="kobo-card kobo-admin-withdrawals-list" aria-label="Withdrawal requests, newest first">
      {rows.map((withdrawal) => (
        <li key={withdrawal._id} data-withdrawal={withdrawal._id}>
          <div className="kobo-admin-withdrawals-row">
            <UserCell withdrawal={withdrawal} />
            <Money amount={withdrawal.amount} />
          </div>
          <div className="kobo-admin-withdrawals-row kobo-muted">
            <span>
              {typeLabel(withdrawal.type)} · {withdrawal.totalTasks} tasks ·{' '}
              <time dateTime={withdrawal.createdAt}>{formatDate(withdrawal.createdAt)}</time>
            </span>
            <StatusTag withdrawal={withdrawal} />
          </div>
          <Actions withdrawal={withdrawal} labelled {...actions} />
        </li>
      ))}
    </ul>
  );
}
