/**
 * Users (/admin/users, docs/product/staff-area.md#admin-screens): the figures, a case-insensitive search and a
 * status filter, the users table (cards on phones) with View, Edit and Delete, Add New User. The
 * server searches, sorts and pages; the view lives in the address.
 */
import { Button, HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/api';
import { useGetAdminStatsQuery } from '../../shared/api/admin';
import { formatDateTime, formatDate } from '../../shared/dates';
import { FilterSelect, ListFilters } from '../../shared/ui/ListFilters';
import { Money } from '../../shared/ui/Money';
import { AsOf, StaleNotice } from '../../shared/ui/LastKnown';
import { ErasedNote } from '../../shared/ui/ErasedPerson';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Pager } from '../../shared/ui/Pager';
import { StatCard } from '../../shared/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useAddressParams } from '../../shared/ui/useAddressParams';
import { useDebouncedSearch } from '../../shared/ui/useDebouncedSearch';
import { useIsPhone } from '../../shared/ui/useIsPhone';
import { useGetAdminUsersQuery, type AdminUser } from './api';
import { DeleteUserAlert, UserDetailsDialog, UserFormDialog } from './UserDialogs';
import { UserStatusTag } from './UserStatusTag';
import {
  fullName,
  listArgs,
  readFilters,
  sortBy,
  STATUS_FILTERS,
  writeFilters,
  type SortKey,
  type StatusFilter,
  type UserFilters,
} from './users-view';
import './admin-users.css';

interface RowActions {
  onView: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export function AdminUsersPage() {
  const [params, changeParams] = useAddressParams();
  const filters = readFilters(params);
  const list = useGetAdminUsersQuery(listArgs(filters));
  const stats = useGetAdminStatsQuery();
  const isPhone = useIsPhone();
  const [viewing, setViewing] = useState<string | null>(null);
  // undefined: closed; null: Add New User.
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  // Any change but the page itself starts again at the first page.
  const show = (next: Partial<UserFilters>) =>
    changeParams((current) => writeFilters({ ...readFilters(current), page: 1, ...next }));
  const [search, setSearch] = useDebouncedSearch(filters.query, (query) => show({ query }));
  const filtered = filters.status !== 'all' || filters.query.trim() !== '';
  const rows = list.data?.items ?? [];
  // A page past the end (its last user deleted, or an old address): go to the last page there is.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / filters.pageSize)) : 1;
  const pastEnd = list.data !== undefined && !list.isFetching && rows.length === 0 && filters.page > lastPage;
  useEffect(() => {
    if (pastEnd) changeParams((current) => writeFilters({ ...readFilters(current), page: lastPage }));
  });
  // The open details follow the list, so an edit shows there at once.
  const viewed = rows.find((user) => user._id === viewing) ?? null;
  const actions: RowActions = {
    onView: (user) => setViewing(user._id),
    onEdit: setEditing,
    onDelete: setDeleting,
  };

  const figure = (value: number | undefined) =>
    value === undefined ? (stats.isLoading ? '…' : '—') : value.toLocaleString('en-NG');

  let body;
  if (list.isLoading || pastEnd) body = <LoadingState label="Loading users..." />;
  else if (!list.data)
    body = (
      <ErrorState
        title="Users could not be loaded"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (rows.length === 0)
    body = (
      <div className="kobo-card">
        <EmptyState
          icon="people"
          title="No users found"
          description={
            filtered ? 'No user matches this search or status.' : 'People appear here as they sign up.'
          }
          action={
            filtered ? (
              <Button text="Clear filters" onClick={() => changeParams(() => ({}))} />
            ) : (
              <Button
                intent="primary"
                icon="new-person"
                text="Add New User"
                onClick={() => setEditing(null)}
              />
            )
          }
        />
      </div>
    );
  else if (isPhone) body = <UserCards rows={rows} {...actions} />;
  else
    body = (
      <UserTable rows={rows} filters={filters} onSort={(key) => show(sortBy(filters, key))} {...actions} />
    );

  return (
    <main className="kobo-page kobo-admin-users">
      <PageHeader
        title="Users"
        note={<AsOf fulfilledTimeStamp={list.fulfilledTimeStamp} />}
        subtitle="Everyone who earns on Kobo: find, view, edit and add users."
        actions={
          <Button intent="primary" icon="new-person" text="Add New User" onClick={() => setEditing(null)} />
        }
      />
      <div className="kobo-grid kobo-admin-users-cards">
        <StatCard label="Total Users" icon="people" tone="brand" value={figure(stats.data?.totalUsers)} />
        <StatCard label="Active Users" icon="tick-circle" value={figure(stats.data?.activeUsers)} />
        <StatCard
          label="Inactive Users"
          icon="disable"
          value={figure(stats.data?.inactiveUsers)}
          hint={
            stats.data?.suspendedUsers
              ? `${stats.data.suspendedUsers.toLocaleString('en-NG')} suspended`
              : stats.isError
                ? 'Figures could not be loaded'
                : undefined
          }
        />
      </div>
      <ListFilters
        label="Filter users"
        search={{
          id: 'kobo-admin-users-search',
          placeholder: 'Name or email',
          value: search,
          onChange: setSearch,
        }}
      >
        <FilterSelect
          id="kobo-admin-users-status-filter"
          label="Status"
          value={filters.status}
          onChange={(status: StatusFilter) => show({ status })}
          options={STATUS_FILTERS}
        />
      </ListFilters>
      <StaleNotice read={list} />
      <div aria-busy={list.isFetching}>{body}</div>
      {list.data && list.data.total > 0 ? (
        <Pager
          label="User pages"
          page={filters.page}
          pageSize={filters.pageSize}
          total={list.data.total}
          onChange={(page) => show(page)}
        />
      ) : null}
      <UserDetailsDialog
        user={viewed}
        onClose={() => setViewing(null)}
        onEdit={(user) => {
          setViewing(null);
          setEditing(user);
        }}
      />
      <UserFormDialog
        isOpen={editing !== undefined}
        user={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <DeleteUserAlert user={deleting} onClose={() => setDeleting(null)} />
    </main>
  );
}

function Actions({
  user,
  onView,
  onEdit,
  onDelete,
  labelled = false,
}: RowActions & { user: AdminUser; labelled?: boolean }) {
  const name = fullName(user);
  return (
    <div className="kobo-admin-users-actions">
      <Button
        size="small"
        variant="minimal"
        icon="eye-open"
        text={labelled ? 'View' : undefined}
        aria-label={`View ${name}`}
        title="View"
        onClick={() => onView(user)}
      />
      {/* An erased person has nothing left to edit or delete. */}
      {user.erasedAt ? null : (
        <>
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            text={labelled ? 'Edit' : undefined}
            aria-label={`Edit ${name}`}
            title="Edit"
            onClick={() => onEdit(user)}
          />
          <Button
            size="small"
            variant="minimal"
            intent="danger"
            icon="trash"
            text={labelled ? 'Delete' : undefined}
            aria-label={`Delete ${name}`}
            title="Delete"
            onClick={() => onDelete(user)}
          />
        </>
      )}
    </div>
  );
}

function UserCell({ user }: { user: AdminUser }) {
  return (
    <div className="kobo-admin-users-who">
      <span className="kobo-admin-users-name">{fullName(user)}</span>
      {user.erasedAt ? (
        <ErasedNote erasedAt={user.erasedAt} />
      ) : (
        <span className="kobo-muted">@{user.username}</span>
      )}
    </div>
  );
}

const COLUMNS: { key: SortKey | null; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'User' },
  { key: 'email', label: 'Email' },
  { key: 'totalTasks', label: 'Total Tasks', numeric: true },
  { key: null, label: 'Status' },
  { key: 'balance', label: 'Balance', numeric: true },
  { key: 'createdAt', label: 'Joined' },
  { key: null, label: 'Actions' },
];

function UserTable({
  rows,
  filters,
  onSort,
  ...actions
}: RowActions & { rows: AdminUser[]; filters: UserFilters; onSort: (key: SortKey) => void }) {
  return (
    <div className="kobo-card kobo-admin-users-table-wrap">
      <HTMLTable striped className="kobo-admin-users-table">
        <caption className="kobo-visually-hidden">Users; a column's button sorts by it</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const sorted = column.key !== null && filters.sort === column.key;
              return (
                <th
                  key={column.label}
                  scope="col"
                  className={column.numeric ? 'kobo-admin-users-num' : undefined}
                  aria-sort={sorted ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.key ? (
                    <Button
                      variant="minimal"
                      size="small"
                      className="kobo-admin-users-sort"
                      text={column.label}
                      endIcon={
                        sorted
                          ? filters.order === 'asc'
                            ? 'chevron-up'
                            : 'chevron-down'
                          : 'double-caret-vertical'
                      }
                      onClick={() => onSort(column.key!)}
                    />
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => (
            <tr key={user._id} data-user={user._id}>
              <td>
                <UserCell user={user} />
              </td>
              <td className="kobo-admin-users-email">{user.email}</td>
              <td className="kobo-admin-users-num">{user.totalTasks.toLocaleString('en-NG')}</td>
              <td>
                <UserStatusTag status={user.erasedAt ? 'deleted' : user.status} />
              </td>
              <td className="kobo-admin-users-num">
                <Money amount={user.accountBalance} />
              </td>
              <td className="kobo-admin-users-date">
                <time dateTime={user.createdAt} title={formatDateTime(user.createdAt)}>
                  {formatDate(user.createdAt)}
                </time>
              </td>
              <td>
                <Actions user={user} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function UserCards({ rows, ...actions }: RowActions & { rows: AdminUser[] }) {
  return (
    <ul className="kobo-card kobo-admin-users-list" aria-label="Users">
      {rows.map((user) => (
        <li key={user._id} data-user={user._id}>
          <div className="kobo-admin-users-row">
            <UserCell user={user} />
            <UserStatusTag status={user.erasedAt ? 'deleted' : user.status} />
          </div>
          <div className="kobo-admin-users-row kobo-muted">
            <span className="kobo-admin-users-email">{user.email}</span>
          </div>
          <div className="kobo-admin-users-row">
            <span className="kobo-muted">{user.totalTasks.toLocaleString('en-NG')} tasks</span>
            <Money amount={user.accountBalance} />
          </div>
          <Actions user={user} labelled {...actions} />
        </li>
      ))}
    </ul>
  );
}
