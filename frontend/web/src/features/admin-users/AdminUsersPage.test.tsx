import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderPage, serveFetch, type Answer, type SentRequest } from '../account/testing';
import type { AdminUser } from './api';
import { AdminUsersPage } from './AdminUsersPage';

const stats = {
  totalUsers: 3,
  totalWithdrawn: 0,
  totalCampaigns: 0,
  activeUsers: 2,
  inactiveUsers: 0,
  suspendedUsers: 1,
  activeCampaigns: 0,
  pendingWithdrawals: 0,
  pendingWithdrawalAmount: 0,
  pendingSubmissions: 0,
};

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
};

/** The server: the list (whatever the query; it sends no total, as before paging), stats, and `other`. */
function server(
  users: AdminUser[],
  other: (request: SentRequest) => Answer = () => problem(500, 'Not here'),
) {
  return serveFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/admin/users') return { status: 200, body: users };
    if (request.path === '/api/admin/stats') return { status: 200, body: stats };
    return other(request);
  });
}

const lists = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && request.path === '/api/admin/users');

describe('the users view in the address', () => {
  it('asks the server for the view the address holds; a column header sorts there and back', async () => {
    const sent = server([chioma]);
    const { router } = renderPage(<AdminUsersPage />, {
      path: '/admin/users',
      at: '/admin/users?q=eze&status=suspended&sort=balance&order=asc',
    });
    expect(await screen.findByText('Chioma Eze')).toBeInTheDocument();
    expect(Object.fromEntries(lists(sent)[0]?.query ?? [])).toEqual({
      q: 'eze',
      status: 'suspended',
      sort: 'balance',
      order: 'asc',
      page: '1',
      pageSize: '25',
    });
    expect(screen.getByRole('searchbox')).toHaveValue('eze');
    expect(screen.getByRole('columnheader', { name: /Balance/ })).toHaveAttribute('aria-sort', 'ascending');
    // Without X-Total-Count the rows in hand are the total.
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
    // One date style everywhere: en-NG.
    expect(screen.getByText('20 Nov 2026')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: /^Balance/ }));
    await waitFor(() => expect(lists(sent).at(-1)?.query.get('order')).toBe('desc'));
    expect(router.state.location.search).toBe('?q=eze&status=suspended&sort=balance');
    expect(screen.getByRole('columnheader', { name: /Balance/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('says when nothing matches, and Clear filters goes back to everyone', async () => {
    const sent = server([]);
    const { router } = renderPage(<AdminUsersPage />, { path: '/admin/users', at: '/admin/users?q=nobody' });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(lists(sent).at(-1)?.query.get('q')).toBeNull());
  });
});

describe('the user form', () => {
  it('sends nothing while a required field is empty, then shows the server field message', async () => {
    const sent = server([chioma], () =>
      problem(409, 'Email is already registered', { email: 'Email is already registered' }),
    );
    renderPage(<AdminUsersPage />, { path: '/admin/users', at: '/admin/users' });
    const user = userEvent.setup();
    await screen.findByText('Chioma Eze');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText('Email (required)'), 'bola@kobo.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(within(dialog).getAllByText('First name and last name are required.')).toHaveLength(2);
    expect(within(dialog).getByLabelText('First name (required)')).toHaveFocus();
    expect(within(dialog).getByLabelText('First name (required)')).toHaveAccessibleDescription(
      'First name and last name are required.',
    );
    expect(within(dialog).getByLabelText('Last name (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Email (required)')).not.toHaveAttribute('aria-invalid');
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('First name (required)'), 'bola');
    await user.type(within(dialog).getByLabelText('Last name (required)'), 'ade');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Email is already registered'),
    );
    expect(within(dialog).getAllByText('Email is already registered')).toHaveLength(2);
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      firstName: 'bola',
      lastName: 'ade',
      email: 'bola@kobo.ng',
      balance: '0',
      status: 'active',
    });
  });

  it('shows a suspended user as inactive in the details, with the truth beside it', async () => {
    server([chioma]);
    renderPage(<AdminUsersPage />, { path: '/admin/users', at: '/admin/users' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View Chioma Eze' }));
    const details = await screen.findByRole('dialog', { name: 'User Details' });
    expect(within(details).getByText('Inactive')).toBeInTheDocument();
    expect(within(details).getByText('(suspended)')).toBeInTheDocument();
    expect(within(details).getByText('₦2,500.50')).toBeInTheDocument();
    expect(within(details).getByText('20 Nov 2026')).toBeInTheDocument();
  });

  it('opens a suspended user as inactive and sends only what changed', async () => {
    const sent = server([chioma], (request) =>
      request.method === 'PUT'
        ? { status: 200, body: { message: 'User updated successfully.', user: chioma } }
        : problem(500, 'No'),
    );
    renderPage(<AdminUsersPage />, { path: '/admin/users', at: '/admin/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Chioma Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Chioma Eze' });
    expect(within(dialog).getByLabelText('Status')).toHaveValue('inactive');
    await user.clear(within(dialog).getByLabelText('Last name (required)'));
    await user.type(within(dialog).getByLabelText('Last name (required)'), 'Okafor');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('User updated successfully.')).toBeInTheDocument();
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/admin/users/u1');
    expect(put?.body).toEqual({ lastName: 'Okafor' });
  });

  it("asks with the spec's sentence before deleting, and shows the server's refusal", async () => {
    const refusal =
      'A withdrawal is still being processed; the account can be deleted once it is paid or rejected.';
    server([chioma], (request) => (request.method === 'DELETE' ? problem(409, refusal) : problem(500, 'No')));
    renderPage(<AdminUsersPage />, { path: '/admin/users', at: '/admin/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Chioma Eze' }));
    expect(
      await screen.findByText('Are you sure you want to delete Chioma Eze? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
