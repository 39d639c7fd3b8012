import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderPage, serveFetch } from '../account/testing';
import type { Adjustment } from './api';
import { AdjustmentsPage } from './AdjustmentsPage';

function adjustment(id: string, fullName: string, amount: number, state: Adjustment['state']): Adjustment {
  return {
    adjustmentId: id,
    kind: 'balance',
    campaignId: null,
    campaignTitle: null,
    userId: `user-${id}`,
    fullName,
    email: `${fullName.split(' ')[0]!.toLowerCase()}@demo.kobo.ng`,
    erasedAt: null,
    balance: 'account',
    amount,
    reason: 'Campaign refund',
    state,
    requestedBy: 'admin-1',
    requestedByName: 'Admin Kobo',
    requestedAt: '2026-11-21T10:00:00.000Z',
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    decisionReason: null,
  };
}

/** A campaign whose total reward waits for approval: no user, a title. */
function campaignApproval(id: string, title: string, total: number): Adjustment {
  return {
    ...adjustment(id, '', total, 'pending'),
    kind: 'campaign',
    campaignId: `campaign-${id}`,
    campaignTitle: title,
    userId: '',
    email: '',
    reason: '100 units × ₦1000.00',
  };
}

function server() {
  const rows = [
    adjustment('1', 'Ada Okafor', 60_000, 'pending'),
    adjustment('2', 'Tunde Bakare', -20, 'posted'),
    campaignApproval('c-approval-1', 'Follow Jollof Kitchen', 100_000),
    { ...adjustment('3', 'Deleted user', 500, 'posted'), email: '', erasedAt: '2026-11-25T09:00:00.000Z' },
  ];
  const requests = serveFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/finance/adjustments')
      return { status: 200, body: rows };
    const decide = /^\/api\/finance\/adjustments\/([^/]+)\/(approve|reject)$/.exec(request.path);
    if (!decide) return problem(404, 'Not found');
    const row = rows.find((r) => r.adjustmentId === decide[1])!;
    if (decide[2] === 'approve') {
      Object.assign(row, {
        state: 'approved',
        decidedByName: 'Finance Kobo',
        decidedAt: '2026-11-22T10:00:00.000Z',
      });
      const message = row.kind === 'campaign' ? 'Campaign approved.' : 'Balance change approved.';
      return { status: 200, body: { message, adjustment: row } };
    }
    const reason = (request.body as { reason: string }).reason;
    Object.assign(row, { state: 'rejected', decisionReason: reason, decidedAt: '2026-11-22T10:00:00.000Z' });
    return { status: 200, body: { message: 'Balance change rejected.', adjustment: row } };
  });
  return { posts: () => requests.filter((r) => r.method === 'POST') };
}

const rowOf = (name: string) => screen.getByText(name).closest('li')!;

describe('finance balance adjustments', () => {
  it('lists adjustments; only a waiting one can be approved', async () => {
    const model = server();
    const user = userEvent.setup();
    renderPage(<AdjustmentsPage />, { path: '/finance/adjustments', at: '/finance/adjustments' });
    await screen.findByText('Ada Okafor');
    expect(within(rowOf('Tunde Bakare')).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(rowOf('Ada Okafor')).getByText('Waiting for approval')).toBeInTheDocument();
    await user.click(within(rowOf('Ada Okafor')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Balance change approved.')).toBeInTheDocument();
    expect(model.posts().map((r) => r.path)).toEqual(['/api/finance/adjustments/1/approve']);
  });

  it('names an erased person "Deleted user" and says when they were erased, in place of the email', async () => {
    server();
    renderPage(<AdjustmentsPage />, { path: '/finance/adjustments', at: '/finance/adjustments' });
    const row = await screen.findByText('Deleted user').then(() => rowOf('Deleted user'));
    expect(row).toHaveTextContent('erased 25 Nov 2026');
    expect(within(rowOf('Ada Okafor')).queryByText(/erased/)).toBeNull();
  });

  it('rejects with a reason, and asks for one first', async () => {
    const model = server();
    const user = userEvent.setup();
    renderPage(<AdjustmentsPage />, { path: '/finance/adjustments', at: '/finance/adjustments' });
    await user.click(
      within(await screen.findByText('Ada Okafor').then(() => rowOf('Ada Okafor'))).getByRole('button', {
        name: 'Reject',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please give a reason for the rejection.')).toBeInTheDocument();
    expect(model.posts()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason for the rejection/), 'Not agreed with the user');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Balance change rejected.')).toBeInTheDocument();
    expect(model.posts()[0]!.body).toEqual({ reason: 'Not agreed with the user' });
  });

  it('lists a campaign waiting for approval in the same queue, saying what it is, and approves it', async () => {
    const model = server();
    const user = userEvent.setup();
    renderPage(<AdjustmentsPage />, { path: '/finance/adjustments', at: '/finance/adjustments' });
    const row = await screen.findByText('Follow Jollof Kitchen').then(() => rowOf('Follow Jollof Kitchen'));
    expect(within(row).getByText('Campaign')).toBeInTheDocument();
    expect(within(row).getByText('Total reward, paid to account balances')).toBeInTheDocument();
    expect(within(row).getByText('₦100,000.00')).toBeInTheDocument();
    expect(within(rowOf('Ada Okafor')).getByText('Balance change')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'Decide the campaign Follow Jollof Kitchen' })).getByRole(
        'button',
        { name: 'Approve' },
      ),
    );
    expect(await screen.findByText('Campaign approved.')).toBeInTheDocument();
    expect(model.posts().map((r) => r.path)).toEqual(['/api/finance/adjustments/c-approval-1/approve']);
  });
});
