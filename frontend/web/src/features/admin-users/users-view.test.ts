import type { AdminUser } from './api';
import {
  changeBody,
  createBody,
  formErrors,
  formOf,
  listArgs,
  readFilters,
  sortBy,
  writeFilters,
} from './users-view';

const chioma: AdminUser = {
  _id: 'u1',
  firstName: 'Chioma',
  lastName: 'Eze',
  username: 'chiomaeze',
  email: 'chioma@demo.kobo.ng',
  phone: '08031234567',
  totalTasks: 4,
  totalReferrals: 1,
  accountBalance: 2500.5,
  activityBalance: 500,
  heldBalance: 0,
  status: 'suspended',
  role: 'user',
  bankName: null,
  accountName: null,
  accountNumber: null,
  sharedBankAccount: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  erasedAt: null,
  deletionReason: null,
};

describe('the users view in the address', () => {
  it('reads what it wrote, leaving the defaults out', () => {
    const filters = readFilters(new URLSearchParams('q=eze&status=inactive&sort=balance&order=asc&page=2'));
    expect(filters).toEqual({
      query: 'eze',
      status: 'inactive',
      sort: 'balance',
      order: 'asc',
      page: 2,
      pageSize: 25,
    });
    expect(writeFilters(filters)).toEqual({
      q: 'eze',
      status: 'inactive',
      sort: 'balance',
      order: 'asc',
      page: '2',
    });
    expect(writeFilters(readFilters(new URLSearchParams('status=gone&sort=password')))).toEqual({});
  });

  it('asks the server for that page, the search trimmed', () => {
    expect(listArgs(readFilters(new URLSearchParams('q=%20ada%20&sort=name')))).toEqual({
      q: 'ada',
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: 25,
    });
  });

  it('flips the order on the same column and starts another at its own default', () => {
    const byName = readFilters(new URLSearchParams('sort=name'));
    expect(sortBy(byName, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(sortBy(byName, 'balance')).toEqual({ sort: 'balance', order: 'desc' });
  });
});

describe('the user form', () => {
  it('names each missing required field and checks email, balance and password', () => {
    expect(formErrors({ ...formOf(chioma), firstName: ' ', email: '' }, false)).toEqual({
      firstName: 'First name and last name are required.',
      email: 'Email is required.',
    });
    expect(formErrors({ ...formOf(chioma), email: 'chioma@', balance: '1.234' }, false)).toEqual({
      email: 'Please enter a valid email address.',
      balance: 'Balance must be a naira amount with at most 2 decimals.',
    });
    expect(formErrors({ ...formOf(chioma), password: 'abc' }, true)).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });

  it('shows a suspended user as inactive, and an edit sends only what changed', () => {
    const form = formOf(chioma);
    expect(form).toMatchObject({ status: 'inactive', balance: '2500.50' });
    // Untouched: nothing to send, so a suspended user stays suspended and no balance is posted.
    expect(changeBody(chioma, form)).toEqual({});
    expect(changeBody(chioma, { ...form, lastName: 'Okafor', status: 'active', balance: '3000' })).toEqual({
      lastName: 'Okafor',
      status: 'active',
      balance: '3000',
    });
  });

  it('creates with the trimmed fields, leaving out an empty phone and password', () => {
    expect(
      createBody({
        firstName: ' Bola ',
        lastName: 'Ade',
        email: 'bola@kobo.ng ',
        phone: '',
        password: '',
        balance: '',
        status: 'active',
      }),
    ).toEqual({ firstName: 'Bola', lastName: 'Ade', email: 'bola@kobo.ng', balance: '0', status: 'active' });
  });
});
