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
  erasedAt: null,
  deletionReason: null,
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

  it("asks with the spec's sentence and for a reason before deleting, and shows the server's refusal", async () => {
    const refusal =
      'A withdrawal is still being processed; the account can be deleted once it is paid or rejected.';
    const sent = server([chioma], (request) =>
      request.method === 'DELETE' ? problem(409, refusal) : problem(500, 'No'),
    );
    renderPage(<AdminUsersPage />, { path: '/admin/users', at: '/admin/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Chioma Eze' }));
    expect(
      await screen.findByText('Are you sure you want to delete Chioma Eze? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Their personal data (name, username, email, phone and bank details) will be erased and cannot be recovered. Their transactions are kept.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const reason = screen.getByLabelText('Reason for deleting (required)');
    expect(reason).toHaveAccessibleDescription('Please give the reason for deleting this user.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);

    await user.type(reason, '  Asked by email to close the account ');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    const deletion = sent.find((request) => request.method === 'DELETE');
    expect(deletion?.path).toBe('/api/admin/users/u1');
    expect(deletion?.body).toEqual({ reason: 'Asked by email to close the account' });
  });

  it('lists deleted accounts on their own filter as "Deleted user", erased on the date, with the reason', async () => {
    const erased: AdminUser = {
      ...chioma,
      _id: 'u9',
      firstName: 'Deleted user',
      lastName: '',
      username: '',
      email: '',
      phone: '',
      status: 'active',
      erasedAt: '2026-11-28T10:15:00.000Z',
      deletionReason: 'Asked by email to close the account',
    };
    const sent = server([erased]);
    renderPage(<AdminUsersPage />, { path: '/admin/users', at: '/admin/users?status=deleted' });
    const row = (await screen.findByText('Deleted user')).closest('tr')!;
    expect(within(row).getByText('28 Nov 2026', { selector: 'time' }).parentElement).toHaveTextContent(
      'erased 28 Nov 2026',
    );
    expect(row).not.toHaveTextContent('@');
    expect(lists(sent).at(-1)?.query.get('status')).toBe('deleted');
    expect(within(row).queryByRole('button', { name: 'Edit Deleted user' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete Deleted user' })).toBeNull();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'View Deleted user' }));
    const details = await screen.findByRole('dialog', { name: 'User Details' });
    expect(within(details).getByText('Asked by email to close the account')).toBeInTheDocument();
    expect(within(details).getByText(/^erased/)).toHaveTextContent('erased 28 Nov 2026');
    expect(within(details).queryByText(/^@/)).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(details).getByText('Deleted')).toBeInTheDocument();
    expect(within(details).getByText('Erased with the account')).toBeInTheDocument();
    expect(within(row).getByText('Deleted')).toBeInTheDocument();
  });
});
