import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderPage, serveFetch, type Answer, type SentRequest } from '../account/testing';
import { AdminWithdrawalsPage } from './AdminWithdrawalsPage';
import { withdrawal } from './fixtures';

const stats = {
  totalUsers: 4,
  totalWithdrawn: 10000,
  totalCampaigns: 2,
  activeUsers: 4,
  inactiveUsers: 0,
  suspendedUsers: 0,
  activeCampaigns: 2,
  pendingWithdrawals: 1,
  pendingWithdrawalAmount: 2000,
  pendingSubmissions: 0,
};

/** The server: the list as it stands, and the approve answer the test holds until it says so. */
function server(decide: (request: SentRequest) => Answer) {
  return serveFetch((request) => {
    // The server filters: Tunde's request is requested.
    if (request.path === '/api/admin/withdrawals') {
      const state = request.query.get('state');
      return { status: 200, body: state && state !== 'requested' ? [] : [withdrawal()] };
    }
    if (request.path === '/api/admin/stats') return { status: 200, body: stats };
    return decide(request);
  });
}

function deferred() {
  let settle: (answer: { status: number; body: unknown }) => void = () => undefined;
  const promise = new Promise<{ status: number; body: unknown }>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

async function rowOfTunde() {
  const cell = await screen.findByText('Tunde Bakare');
  return cell.closest('tr')!;
}

describe('a bank account on other users', () => {
  it('is flagged on the request and in its details', async () => {
    serveFetch((request) => {
      if (request.path === '/api/admin/withdrawals')
        return { status: 200, body: [withdrawal({ sharedBankAccount: { otherUsers: 1 } })] };
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      return problem(404, 'Not found');
    });
    const user = userEvent.setup();
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const row = await rowOfTunde();
    expect(within(row).getByText('Account also on 1 other user')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /view/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Account also on 1 other user')).toBeInTheDocument();
  });

  it('says nothing when the account is the user’s alone', async () => {
    server(() => problem(404, 'Not found'));
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const row = await rowOfTunde();
    expect(within(row).queryByText(/Account also on/)).toBeNull();
  });
});

describe('a request of an erased person', () => {
  it('names them "Deleted user", erased on the date, with no email or account details', async () => {
    serveFetch((request) => {
      if (request.path === '/api/admin/withdrawals')
        return {
          status: 200,
          body: [
            withdrawal({
              fullName: 'Deleted user',
              username: '',
              email: '',
              phone: '',
              erasedAt: '2026-11-28T10:15:00.000Z',
              accountName: '',
              accountNumber: '',
              status: 'rejected',
              state: 'declined',
            }),
          ],
        };
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      return problem(404, 'Not found');
    });
    const user = userEvent.setup();
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const row = (await screen.findByText('Deleted user')).closest('tr')!;
    expect(within(row).getByText(/^erased/)).toHaveTextContent('erased 28 Nov 2026');
    await user.click(within(row).getByRole('button', { name: /view/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^erased/)).toHaveTextContent('erased 28 Nov 2026');
    expect(within(dialog).getAllByText('Erased')).toHaveLength(2);
    expect(within(dialog).queryByText('N/A')).toBeNull();
  });
});

describe('approving a withdrawal', () => {
  it('shows Approved at once, and puts the row back as Requested with the server message when refused', async () => {
    const answer = deferred();
    let lists = 0;
    const sent = serveFetch((request) => {
      // The refetch after the refusal never answers: only the rollback can restore the row.
      if (request.path === '/api/admin/withdrawals')
        return ++lists === 1 ? { status: 200, body: [withdrawal()] } : new Promise(() => undefined);
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      return answer.promise;
    });
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const user = userEvent.setup();
    const row = await rowOfTunde();
    expect(within(row).getByText('Requested')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /^Approve Tunde Bakare's request/ }));
    // Before the server answers.
    expect(within(await rowOfTunde()).getByText('Approved')).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/api/admin/withdrawals/approve')?.body).toEqual({
      transactionId: 'wd-1',
    });

    answer.settle(problem(409, 'This withdrawal was already rejected.'));
    expect(await screen.findByText('This withdrawal was already rejected.')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOfTunde()).getByText('Requested')).toBeInTheDocument());
    expect(within(await rowOfTunde()).getByRole('button', { name: /^Approve/ })).toBeEnabled();
  });

  it("keeps Approved and shows the server's message when the server agrees", async () => {
    const message = "Tunde Bakare's withdrawal request of ₦2,000.00 has been approved successfully.";
    const approved = { value: false };
    serveFetch((request) => {
      if (request.path === '/api/admin/withdrawals')
        return {
          status: 200,
          body: [withdrawal(approved.value ? { status: 'approved', state: 'approved' } : {})],
        };
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      approved.value = true;
      return { status: 200, body: { status: 'success', message } };
    });
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const user = userEvent.setup();
    await user.click(within(await rowOfTunde()).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const row = await rowOfTunde();
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });
});

describe('rejecting a withdrawal', () => {
  it('asks for a reason before sending, and sends the reason the user will see', async () => {
    const message = "Tunde Bakare's withdrawal request of ₦2,000.00 has been rejected successfully.";
    const sent = server(() => ({ status: 200, body: { status: 'success', message } }));
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const user = userEvent.setup();
    await user.click(within(await rowOfTunde()).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(within(dialog).getByText('Please give a reason; the user will see it.')).toBeInTheDocument();
    expect(sent.some((request) => request.path === '/api/admin/withdrawals/reject')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Bank details do not match the account name');
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/api/admin/withdrawals/reject')?.body).toEqual({
      transactionId: 'wd-1',
      reason: 'Bank details do not match the account name',
    });
  });
});

describe('the filters in the address', () => {
  it('opens with the state and search from the URL, and shows the empty state when nothing matches', async () => {
    const sent = server(() => ({ status: 404, body: {} }));
    renderPage(<AdminWithdrawalsPage />, {
      path: '/admin/withdrawals',
      at: '/admin/withdrawals?state=declined',
    });
    expect(await screen.findByText('No withdrawal requests')).toBeInTheDocument();
    expect(screen.getByLabelText('State')).toHaveValue('declined');
    expect(sent.find((request) => request.path === '/api/admin/withdrawals')?.query.get('state')).toBe(
      'declined',
    );
  });

  it('offers a filter for every state, in the one vocabulary', async () => {
    server(() => ({ status: 404, body: {} }));
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    await rowOfTunde();
    const options = within(screen.getByLabelText('State')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      'Requested',
      'Approved',
      'Sending',
      'Paid',
      'Failed',
      'Declined',
      'Reversed',
    ]);
  });

  it('shows a declined request as Declined and a failed payout as Failed, never the old words', async () => {
    serveFetch((request) => {
      if (request.path === '/api/admin/withdrawals')
        return {
          status: 200,
          body: [
            withdrawal({ status: 'rejected', state: 'declined', rejectionReason: 'Name mismatch' }),
            withdrawal({
              _id: 'wd-2',
              fullName: 'Ada Okafor',
              status: 'approved',
              state: 'failed',
              failureReason: 'Account closed',
            }),
          ],
        };
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      return { status: 404, body: {} };
    });
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const tunde = await rowOfTunde();
    expect(within(tunde).getByText('Declined')).toBeInTheDocument();
    const ada = screen.getByText('Ada Okafor').closest('tr')!;
    expect(within(ada).getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByText('Rejected')).not.toBeInTheDocument();
    expect(screen.queryByText('Payout failed')).not.toBeInTheDocument();

    await userEvent.setup().click(within(ada).getByRole('button', { name: /^View details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal W-WD2' });
    expect(dialog).toHaveTextContent('Failed');
    expect(dialog).toHaveTextContent('money returned');
    expect(dialog).toHaveTextContent('Account closed');
  });

  it('marks an approved payout the provider held as Held, with its words on hover', async () => {
    const held = 'Paystack: You cannot initiate third party payouts as a starter business';
    serveFetch((request) => {
      if (request.path === '/api/admin/withdrawals')
        return {
          status: 200,
          body: [
            withdrawal({ status: 'approved', state: 'approved', heldReason: held }),
            withdrawal({ _id: 'wd-2', fullName: 'Ada Okafor', status: 'approved', state: 'approved' }),
          ],
        };
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      return { status: 404, body: {} };
    });
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const tunde = await rowOfTunde();
    expect(within(tunde).getByText('Approved')).toBeInTheDocument();
    expect(within(tunde).getByText('Held').closest('[title]')).toHaveAttribute('title', held);
    const ada = screen.getByText('Ada Okafor').closest('tr')!;
    expect(within(ada).queryByText('Held')).not.toBeInTheDocument();
  });

  it('writes the search into the URL after a pause in typing, and asks the server for that page', async () => {
    const sent = server(() => ({ status: 404, body: {} }));
    const { router } = renderPage(<AdminWithdrawalsPage />, {
      path: '/admin/withdrawals',
      at: '/admin/withdrawals?page=2',
    });
    const user = userEvent.setup();
    await rowOfTunde();
    await user.type(screen.getByLabelText('Search'), 'tunde');
    await user.selectOptions(screen.getByLabelText('State'), 'all');
    // A new filter starts again at the first page. (That the search waits for a pause in typing
    // is useDebouncedSearch's own test, on a fake clock: here a loaded machine types slowly.)
    await waitFor(() => expect(router.state.location.search).toBe('?state=all&q=tunde'));
    const lastList = () => sent.filter((request) => request.path === '/api/admin/withdrawals').at(-1)!;
    await waitFor(() =>
      expect(Object.fromEntries(lastList().query)).toEqual({
        q: 'tunde',
        page: '1',
        pageSize: '25',
      }),
    );
    expect(screen.getByText('Tunde Bakare')).toBeInTheDocument();
  });
});

describe('the withdrawal desk', () => {
  it('opens on the requests waiting for a decision', async () => {
    const sent = server(() => problem(404, 'Not found'));
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    await rowOfTunde();
    expect(screen.getByLabelText('State')).toHaveValue('requested');
    expect(sent.find((request) => request.path === '/api/admin/withdrawals')?.query.get('state')).toBe(
      'requested',
    );
  });

  it('asks to confirm a large amount before approving it, and sends confirmed', async () => {
    const big = withdrawal({ amount: 60_000, needsConfirmation: true });
    const sent = serveFetch((request) => {
      if (request.path === '/api/admin/withdrawals') return { status: 200, body: [big] };
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      return { status: 200, body: { status: 'success', message: 'Approved it.', undoableUntil: null } };
    });
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const user = userEvent.setup();
    await user.click(within(await rowOfTunde()).getByRole('button', { name: /^Approve/ }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Approve ₦60,000.00 to Tunde Bakare?')).toBeInTheDocument();
    expect(sent.some((request) => request.path === '/api/admin/withdrawals/approve')).toBe(false);
    await user.click(within(alert).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved it.')).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/api/admin/withdrawals/approve')?.body).toEqual({
      transactionId: 'wd-1',
      confirmed: true,
    });
  });

  it('approves a small amount at once, and offers Undo while the window is open', async () => {
    const undoableUntil = new Date(Date.now() + 10_000).toISOString();
    const sent = serveFetch((request) => {
      if (request.path === '/api/admin/withdrawals') return { status: 200, body: [withdrawal()] };
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      if (request.path === '/api/admin/withdrawals/undo')
        return {
          status: 200,
          body: { status: 'success', message: 'Tunde Bakare’s request is pending again.' },
        };
      return { status: 200, body: { status: 'success', message: 'Approved it.', undoableUntil } };
    });
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const user = userEvent.setup();
    await user.click(within(await rowOfTunde()).getByRole('button', { name: /^Approve/ }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByText('Approved.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Tunde Bakare’s request is pending again.')).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/api/admin/withdrawals/undo')?.body).toEqual({
      transactionId: 'wd-1',
    });
  });

  it('shows the checks beside a request in its details', async () => {
    serveFetch((request) => {
      if (request.path === '/api/admin/withdrawals') return { status: 200, body: [withdrawal()] };
      if (request.path === '/api/admin/stats') return { status: 200, body: stats };
      if (request.path === '/api/admin/withdrawals/wd-1/checks')
        return {
          status: 200,
          body: {
            withdrawalId: 'wd-1',
            accountCreatedAt: '2026-01-05T09:00:00.000Z',
            bankDetailsSetAt: '2026-11-19T08:00:00.000Z',
            accountNameCheck: 'resolved',
            accountNameMatchesUser: false,
            earlierPayouts: {
              count: 2,
              total: 5000,
              lastPaidAt: '2026-10-01T12:00:00.000Z',
              lastAmount: 3000,
            },
            sharedBankAccount: { otherUsers: 2 },
          },
        };
      return problem(404, 'Not found');
    });
    renderPage(<AdminWithdrawalsPage />, { path: '/admin/withdrawals', at: '/admin/withdrawals' });
    const user = userEvent.setup();
    await user.click(within(await rowOfTunde()).getByRole('button', { name: /view/i }));
    const checks = within(await screen.findByRole('region', { name: 'Checks' }));
    expect(await checks.findByText(/^5 Jan 2026 \(\d+ days ago\)$/)).toBeInTheDocument();
    expect(checks.getByText(/^19 Nov 2026, \d\d:00 \(/)).toBeInTheDocument();
    expect(checks.getByText("Does not match the user's name · given by the bank")).toBeInTheDocument();
    expect(checks.getByText('2 paid, ₦5,000.00 in all; last ₦3,000.00 on 1 Oct 2026')).toBeInTheDocument();
    expect(checks.getByText('Account also on 2 other users')).toBeInTheDocument();
  });
});
