/**
 * The users view (docs/product/staff-area.md#admin-screens): search, status, sort and page as the address holds
 * them, what the server is asked for, and the user form's checks (section 5). Pure, so the page
 * and its tests share one definition.
 */
import { readPage, writePage, type PageRequest } from '../../shared/api/paging';
import type { AdminUser, NewUser, UserChange, UserListArgs } from './api';

export type StatusFilter = 'all' | 'active' | 'inactive' | 'suspended' | 'deleted';
/** Deleted: the erased accounts, which no other filter (All included) lists. */
export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'deleted', label: 'Deleted' },
];

export type SortKey = NonNullable<UserListArgs>['sort'] & string;
export const SORT_KEYS: readonly SortKey[] = ['createdAt', 'name', 'email', 'totalTasks', 'balance'];
export type Order = 'asc' | 'desc';

export interface UserFilters extends PageRequest {
  status: StatusFilter;
  query: string;
  sort: SortKey;
  order: Order;
}

/** Newest first; a name or email reads best A to Z, figures largest first. */
export function defaultOrder(sort: SortKey): Order {
  return sort === 'name' || sort === 'email' ? 'asc' : 'desc';
}

export function readFilters(params: URLSearchParams): UserFilters {
  const status = params.get('status');
  const sort = params.get('sort');
  const known = SORT_KEYS.includes(sort as SortKey) ? (sort as SortKey) : 'createdAt';
  const order = params.get('order');
  return {
    status: STATUS_FILTERS.some((f) => f.value === status) ? (status as StatusFilter) : 'all',
    query: params.get('q') ?? '',
    sort: known,
    order: order === 'asc' || order === 'desc' ? order : defaultOrder(known),
    ...readPage(params),
  };
}

/** The address's query; defaults left out, so the plain address is the first page of everyone. */
export function writeFilters({ status, query, sort, order, ...page }: UserFilters): Record<string, string> {
  return {
    ...(query ? { q: query } : {}),
    ...(status === 'all' ? {} : { status }),
    ...(sort === 'createdAt' ? {} : { sort }),
    ...(order === defaultOrder(sort) ? {} : { order }),
    ...writePage(page),
  };
}

export function listArgs({ status, query, sort, order, page, pageSize }: UserFilters): UserListArgs {
  const q = query.trim();
  return { ...(q ? { q } : {}), ...(status === 'all' ? {} : { status }), sort, order, page, pageSize };
}

/** A column header's click: the same column flips its order, another starts at its own default. */
export function sortBy(filters: UserFilters, sort: SortKey): Pick<UserFilters, 'sort' | 'order'> {
  if (filters.sort === sort) return { sort, order: filters.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: defaultOrder(sort) };
}

export function fullName(user: Pick<AdminUser, 'firstName' | 'lastName' | 'username'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/** Why an admin deletes a user: trimmed, 1 to 200 characters (the server's rule). */
export const DELETION_REASON_MAX = 200;
export const DELETION_REASON_REQUIRED = 'Please give the reason for deleting this user.';

/** The reason to send, or the message to show instead. */
export function deletionReason(text: string): { reason: string } | { error: string } {
  const reason = text.trim();
  if (!reason) return { error: DELETION_REASON_REQUIRED };
  if (reason.length > DELETION_REASON_MAX)
    return { error: `The reason must be at most ${DELETION_REASON_MAX} characters.` };
  return { reason };
}

export const REQUIRED = 'Please fill in all required fields.';
/** The product's own words for a missing name (docs/product/staff-area.md#form-rules), shown at each missing one. */
export const NAMES_REQUIRED = 'First name and last name are required.';

export interface UserForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  balance: string;
  /** Why the balance changes (an edit that changes it needs one: docs/api/admin.md). */
  reason?: string;
  status: 'active' | 'inactive';
}

export type FormField = keyof UserForm;

export const EMPTY_FORM: UserForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  balance: '0',
  status: 'active',
};

/** The form for an edit; a suspended user shows as inactive (docs/product/staff-area.md#what-the-admin-screens-show). */
export function formOf(user: AdminUser): UserForm {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    password: '',
    balance: user.accountBalance.toFixed(2),
    status: user.status === 'active' ? 'active' : 'inactive',
  };
}

/** The checks the screen makes before sending (the server makes them again). */
export function formErrors(
  form: UserForm,
  creating: boolean,
  user?: AdminUser | null,
): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  if (user && balanceChanged(user, form)) {
    const reason = (form.reason ?? '').trim();
    if (!reason) errors.reason = REASON_REQUIRED;
    else if (reason.length < 3 || reason.length > 200) errors.reason = REASON_LENGTH;
  }
  if (!form.firstName.trim()) errors.firstName = NAMES_REQUIRED;
  if (!form.lastName.trim()) errors.lastName = NAMES_REQUIRED;
  if (!form.email.trim()) errors.email = 'Email is required.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim()))
    errors.email = 'Please enter a valid email address.';
  if (form.balance.trim() && !/^\d+(\.\d{1,2})?$/.test(form.balance.trim()))
    errors.balance = 'Balance must be a naira amount with at most 2 decimals.';
  if (creating && form.password && form.password.length < 6)
    errors.password = 'Password must be at least 6 characters';
  return errors;
}

export const REASON_REQUIRED = 'Please give a reason for the balance change.';
export const REASON_LENGTH = 'The reason must be 3 to 200 characters.';

/** The balance field holds another amount than the user's (₦40 and ₦40.00 are the same). */
export function balanceChanged(user: AdminUser, form: UserForm): boolean {
  const typed = form.balance.trim() || '0';
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return typed !== formOf(user).balance;
  return Math.round(Number(typed) * 100) !== Math.round(user.accountBalance * 100);
}

export function createBody(form: UserForm): NewUser {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
    ...(form.password ? { password: form.password } : {}),
    balance: form.balance.trim() || '0',
    status: form.status,
  };
}

/**
 * An edit sends what changed only: an untouched balance is not sent again (the server would post
 * the difference from the ledger's figure, which may have moved since the dialog opened), and a
 * suspended user left "inactive" in the form stays suspended.
 */
export function changeBody(user: AdminUser, form: UserForm): UserChange {
  const before = formOf(user);
  const body: UserChange = {};
  for (const field of ['firstName', 'lastName', 'email', 'phone'] as const)
    if (form[field].trim() !== before[field]) body[field] = form[field].trim();
  if (form.status !== before.status) body.status = form.status;
  if (form.balance.trim() !== before.balance) body.balance = form.balance.trim() || '0';
  if (body.balance !== undefined && form.reason?.trim()) body.reason = form.reason.trim();
  return body;
}
