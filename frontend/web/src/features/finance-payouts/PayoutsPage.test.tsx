import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderPage, serveFetch, type Answer, type SentRequest } from '../account/testing';
import type { Payout } from './api';
import { NO_ANSWER } from './batch';
import { PayoutsPage } from './PayoutsPage';

function payout(id: string, fullName: string, payoutAmount: number): Payout {
  return {
    withdrawalId: id,
    userId: `user-${id}`,
    fullName,
    email: `${fullName.split(' ')[0]!.toLowerCase()}@demo.kobo.ng`,
    phone: '08031234567',
    type: 'withdrawal',
    amount: payoutAmount,
    fee: 0,
    payoutAmount,
    bankName: 'Guaranty Trust Bank',
    accountName: fullName,
    accountNumber: `01${id.padStart(8, '0')}`,
    requestedAt: '2026-11-20T10:00:00.000Z',
    approvedAt: '2026-11-21T10:00:00.000Z',
    approvedBy: '2c62cdeb-a489-4196-84b0-35a635a6172b',
    state: 'awaiting',
    provider: null,
    reference: null,
    paidAt: null,
    failedAt: null,
    failureReason: null,
  };
}

interface Sent extends SentRequest {
  key: string | null;
}

/**
 * The server: three payouts awaiting transfer; `refuse(id)` answers a mark of that payout instead
 * (a problem, or a thrown network error). Records each request with its Idempotency-Key.
 */
function server(refuse: (id: string, attempt: number) => Answer | undefined) {
  const payouts = [
    payout('1', 'Ada Okafor', 2000),
    payout('2', 'Tunde Bakare', 3000),
    payout('3', 'Chioma Eze', 4500),
  ];
  const attempts = new Map<string, number>();
  const requests = serveFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/finance/payouts') {
      const state = request.query.get('state');
      const shown = payouts.filter(
        (p) => state === 'all' || p.state === (state === 'pending' ? 'awaiting' : state),
      );
      return { status: 200, body: shown };
    }
    if (request.method === 'GET' && request.path === '/api/finance/payouts/summary')
      // Counted over every awaiting payout, of which the page shows only some.
      return {
        status: 200,
        body: { awaiting: 42, totalToSend: 123456.5, oldestApprovedAt: '2026-11-02T09:00:00.000Z' },
      };
    const mark = /^\/api\/finance\/payouts\/([^/]+)\/mark-(paid|failed)$/.exec(request.path);
    if (!mark) return problem(404, 'Not found');
    const id = mark[1]!;
    const attempt = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, attempt);
    const refused = refuse(id, attempt);
    if (refused) return refused;
    const row = payouts.find((p) => p.withdrawalId === id)!;
    const body = request.body as { reference?: string; reason?: string };
    if (mark[2] === 'paid') Object.assign(row, { state: 'paid', reference: body.reference });
    else Object.assign(row, { state: 'failed', failureReason: body.reason });
    return {
      status: 200,
      body: {
        message:
          mark[2] === 'paid'
            ? 'Payout marked as paid.'
            : "Payout marked as failed; the money is back in the user's balance.",
        withdrawal: row,
      },
    };
  });
  // The keys travel in headers, which serveFetch does not keep.
  const sent: Sent[] = [];
  const answer = globalThis.fetch;
  globalThis.fetch = (async (input: Request) => {
    const key = input.headers.get('Idempotency-Key');
    const response = await answer(input);
    if (input.method === 'POST') sent.push({ ...requests[requests.length - 1]!, key });
    return response;
  }) as typeof fetch;
  // A request whose answer was a thrown error still counts as sent.
  const posts = () =>
    requests.filter((r) => r.method === 'POST').map((r, i) => ({ ...r, key: sent[i]?.key ?? null }));
  return { posts, requests: () => requests, keys: () => sent.map((s) => s.key) };
}

const resultOf = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest('tr')!;

async function selectAllAnd(action: 'Mark selected paid' | 'Mark selected failed') {
  const user = userEvent.setup();
  renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts' });
  await user.click(await screen.findByRole('checkbox', { name: /^Select every payout/ }));
  expect(screen.getByText('3 selected · ₦9,500.00')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: action }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('the payout list', () => {
  it("shows the server's figures for every awaiting payout, not sums of the page in hand, and asks for a page", async () => {
    const model = server(() => undefined);
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts?pageSize=10' });
    expect(await screen.findByText('₦123,456.50')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    await screen.findAllByText('Ada Okafor');
    const list = model.requests().find((r) => r.path === '/api/finance/payouts')!;
    expect(Object.fromEntries(list.query)).toEqual({ state: 'pending', page: '1', pageSize: '10' });
    expect(screen.getByRole('navigation', { name: 'Payout pages' })).toHaveTextContent('1–3 of 3');
  });
});

describe('marking a batch of payouts', () => {
  it('asks a reference per row, goes on after a refusal, and reports each row', async () => {
    const model = server((id) =>
      id === '2' ? problem(409, 'This payout was already recorded as failed.') : undefined,
    );
    const { user, dialog } = await selectAllAnd('Mark selected paid');
    expect(within(dialog).getByRole('heading', { name: 'Mark 3 payouts paid' })).toBeInTheDocument();

    // Every reference is required, and nothing is sent without them.
    await user.click(within(dialog).getByRole('button', { name: 'Mark 3 paid' }));
    expect(within(dialog).getAllByText('The bank reference is required.')).toHaveLength(3);
    expect(within(dialog).getByLabelText('Bank reference for Ada Okafor (0100000001)')).toHaveFocus();
    expect(model.posts()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Bank reference for Ada/), 'GTB-001');
    await user.type(within(dialog).getByLabelText(/^Bank reference for Tunde/), 'GTB-002');
    await user.type(within(dialog).getByLabelText(/^Bank reference for Chioma/), 'GTB-003');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 3 paid' }));

    expect(await within(dialog).findByText('3 of 3 sent: 2 recorded, 1 not recorded.')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    // One after another, in the table's order, each with its own stable key.
    expect(model.posts().map((r) => [r.path, r.body])).toEqual([
      ['/api/finance/payouts/1/mark-paid', { reference: 'GTB-001' }],
      ['/api/finance/payouts/2/mark-paid', { reference: 'GTB-002' }],
      ['/api/finance/payouts/3/mark-paid', { reference: 'GTB-003' }],
    ]);
    expect(model.keys()).toEqual(['1:paid:GTB-001', '2:paid:GTB-002', '3:paid:GTB-003']);
    expect(within(resultOf(dialog, 'Ada Okafor')).getByText('Payout marked as paid.')).toBeInTheDocument();
    expect(
      within(resultOf(dialog, 'Tunde Bakare')).getByText('This payout was already recorded as failed.'),
    ).toBeInTheDocument();
    expect(within(resultOf(dialog, 'Chioma Eze')).getByText('Payout marked as paid.')).toBeInTheDocument();

    // The list follows: only the refused payout is still awaiting, and still selected.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryAllByText('Ada Okafor')).toHaveLength(0));
    expect(screen.getByText('1 selected · ₦3,000.00')).toBeInTheDocument();
  });

  it('records a network error as that row’s result and retries it with the same key', async () => {
    const model = server((id, attempt) => {
      if (id === '1' && attempt === 1) throw new TypeError('Failed to fetch');
      return undefined;
    });
    const { user, dialog } = await selectAllAnd('Mark selected failed');

    await user.click(within(dialog).getByRole('button', { name: 'Mark 3 failed' }));
    expect(within(dialog).getByText('A reason is required when a payout fails.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveFocus();
    expect(model.posts()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Account closed');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 3 failed' }));
    expect(await within(dialog).findByText('3 of 3 sent: 2 recorded, 1 not recorded.')).toBeInTheDocument();
    expect(within(resultOf(dialog, 'Ada Okafor')).getByText(NO_ANSWER)).toBeInTheDocument();
    expect(
      within(resultOf(dialog, 'Chioma Eze')).getByText(
        "Payout marked as failed; the money is back in the user's balance.",
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Try again for 1 not recorded' }));
    expect(await within(dialog).findByText('1 of 1 sent: 3 recorded, 0 not recorded.')).toBeInTheDocument();
    const ada = model.posts().filter((r) => r.path === '/api/finance/payouts/1/mark-failed');
    expect(ada).toHaveLength(2);
    expect(model.keys()).toContain('1:failed:Account%20closed');
    expect(ada.map((r) => r.body)).toEqual([{ reason: 'Account closed' }, { reason: 'Account closed' }]);
  });
});
