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
    erasedAt: null,
    type: 'withdrawal',
    amount: payoutAmount,
    fee: 0,
    payoutAmount,
    bankName: 'Guaranty Trust Bank',
    accountName: fullName,
    accountNumber: `01${id.padStart(8, '0')}`,
    sharedBankAccount: null,
    requestedAt: '2026-11-20T10:00:00.000Z',
    approvedAt: '2026-11-21T10:00:00.000Z',
    approvedBy: '2c62cdeb-a489-4196-84b0-35a635a6172b',
    approvedByName: 'Admin Kobo',
    state: 'approved',
    desk: null,
    provider: null,
    reference: null,
    paidAt: null,
    paidBy: null,
    paidByName: null,
    transferCode: null,
    failedAt: null,
    failureReason: null,
    bankCode: '058',
    sentAt: null,
    reversedAt: null,
    reversalReason: null,
    heldReason: null,
  };
}

const HELD = 'You cannot initiate third party payouts as a starter business';

interface Sent extends SentRequest {
  key: string | null;
}

/** Which payouts the server lists in each tab (as GET /api/finance/payouts with no payout provider). */
function listedIn(state: string | null, p: Payout): boolean {
  const underway = p.state === 'approved' || p.state === 'sending';
  switch (state) {
    case 'all':
      return true;
    case 'pending':
      return underway && (p.desk === 'manual' || (p.desk === null && !p.heldReason));
    case 'attention':
      return underway && p.desk !== 'manual' && Boolean(p.heldReason);
    case 'sending':
      return p.state === 'sending' && p.desk === 'provider';
    default:
      return p.state === state;
  }
}

/**
 * The server: three payouts awaiting transfer; `refuse(id)` answers a mark of that payout instead
 * (a problem, or a thrown network error). Records each request with its Idempotency-Key.
 */
function server(
  refuse: (id: string, attempt: number) => Answer | undefined,
  payouts: Payout[] = [
    payout('1', 'Ada Okafor', 2000),
    payout('2', 'Tunde Bakare', 3000),
    payout('3', 'Chioma Eze', 4500),
  ],
  discrepancies: unknown[] = [],
) {
  const attempts = new Map<string, number>();
  const requests = serveFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/finance/payouts') {
      const state = request.query.get('state');
      const shown = payouts.filter((p) => listedIn(state, p));
      return { status: 200, body: shown };
    }
    if (request.method === 'GET' && request.path === '/api/finance/payout-discrepancies')
      return { status: 200, body: { discrepancies } };
    const moved = /^\/api\/finance\/payouts\/([^/]+)\/move-to-manual$/.exec(request.path);
    if (moved) {
      const row = payouts.find((p) => p.withdrawalId === moved[1])!;
      Object.assign(row, { heldReason: null, desk: 'manual' });
      return { status: 200, body: { message: 'Payout moved to the manual desk.', withdrawal: row } };
    }
    if (request.method === 'GET' && request.path === '/api/finance/payouts/summary')
      // Counted over every awaiting payout, of which the page shows only some.
      return {
        status: 200,
        body: {
          awaiting: 42,
          totalToSend: 123456.5,
          oldestApprovedAt: '2026-11-02T09:00:00.000Z',
          needsAttention: payouts.filter((p) => listedIn('attention', p)).length,
          sending: payouts.filter((p) => listedIn('sending', p)).length,
        },
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

describe('finding payouts', () => {
  it('says when a paid payout was paid and by whom, by name, and who approved it', async () => {
    server(
      () => undefined,
      [
        {
          ...payout('1', 'Ada Okafor', 2000),
          state: 'paid',
          reference: 'GTB-778812',
          provider: 'manual_transfer',
          paidAt: new Date(2026, 10, 27, 14, 5).toISOString(),
          paidBy: '5bf01044-0000-4000-8000-000000000000',
          paidByName: 'Finance Kobo',
        },
      ],
    );
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts?state=paid' });
    const [ada] = await screen.findAllByText('Ada Okafor');
    const row = ada!.closest('tr, li') as HTMLElement;
    expect(row).toHaveTextContent('Paid 27 Nov 2026, 14:05 by Finance Kobo');
    expect(row).toHaveTextContent('GTB-778812');
    expect(row).toHaveTextContent('by Admin Kobo');
    expect(row).not.toHaveTextContent(/by staff|5bf01044|2c62cdeb/);
  });

  it('asks the server for a name or reference and a range of whole days, and exports the same list', async () => {
    // (The stand-in server does not filter: the request is what is checked.)
    const model = server(() => undefined, [{ ...payout('1', 'Ada Okafor', 2000), state: 'paid' }]);
    const user = userEvent.setup();
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts?state=paid' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'GTB-77');
    await user.type(screen.getByLabelText('Paid from'), '2026-11-27');
    await user.type(screen.getByLabelText('To (inclusive)'), '2026-11-28');
    const start = new Date(2026, 10, 27).toISOString();
    const end = new Date(2026, 10, 29).toISOString();
    await waitFor(() =>
      expect(
        model
          .requests()
          .filter((r) => r.path === '/api/finance/payouts')
          .map((r) => Object.fromEntries(r.query)),
      ).toContainEqual({ state: 'paid', page: '1', pageSize: '25', q: 'GTB-77', from: start, to: end }),
    );
    expect(screen.getByText(/^Paid 27 Nov 2026 – 28 Nov 2026/)).toBeInTheDocument();
    const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://x');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      state: 'paid',
      q: 'GTB-77',
      from: start,
      to: end,
    });
  });
});

describe('a payout of an erased person', () => {
  it('names them "Deleted user", erased on the date, with no account details to copy', async () => {
    server(
      () => undefined,
      [
        {
          ...payout('1', 'Deleted user', 2000),
          email: '',
          phone: '',
          accountName: '',
          accountNumber: '',
          erasedAt: '2026-11-28T10:15:00.000Z',
          state: 'paid',
          reference: 'GTB-778812',
          provider: 'manual_transfer',
          paidAt: new Date(2026, 10, 27, 14, 5).toISOString(),
        },
      ],
    );
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts?state=paid' });
    const [name] = await screen.findAllByText('Deleted user');
    const row = name!.closest('tr, li') as HTMLElement;
    expect(within(row).getByText(/^erased/)).toHaveTextContent('erased 28 Nov 2026');
    expect(row).toHaveTextContent('Account details erased');
    expect(within(row).queryByRole('button', { name: /Copy account number/ })).toBeNull();
  });
});

describe('a bank account on other users', () => {
  it('is flagged beside the bank details of that payout only', async () => {
    server(
      () => undefined,
      [
        { ...payout('1', 'Ada Okafor', 2000), sharedBankAccount: { otherUsers: 2 } },
        payout('2', 'Tunde Bakare', 3000),
      ],
    );
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts' });
    const [ada] = await screen.findAllByText('Ada Okafor');
    const adaRow = ada!.closest('tr, li')!;
    expect(within(adaRow as HTMLElement).getByText('Account also on 2 other users')).toBeInTheDocument();
    const [tunde] = screen.getAllByText('Tunde Bakare');
    expect(within(tunde!.closest('tr, li') as HTMLElement).queryByText(/Account also on/)).toBeNull();
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

describe('payouts the provider held', () => {
  it("shows the provider's words, and moves one to the manual desk after asking", async () => {
    const held = { ...payout('4', 'Bola Ade', 5000), provider: 'paystack', heldReason: HELD };
    const model = server(() => undefined, [payout('1', 'Ada Okafor', 2000), held]);
    const user = userEvent.setup();
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts?state=attention' });
    // The tab counts what the provider held.
    expect(await screen.findByRole('tab', { name: 'Needs attention 1', selected: true })).toBeInTheDocument();
    const row = (await screen.findAllByText('Bola Ade'))[0]!.closest('tr')!;
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(within(row).getByText('Held')).toBeInTheDocument();
    expect(within(row).getByText(HELD)).toBeInTheDocument();
    // A held payout is not for marking by hand until it is on the manual desk.
    expect(within(row).queryByRole('button', { name: /^Mark paid/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /^Move to manual desk/ }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Move W-4 (Bola Ade');
    expect(alert).toHaveTextContent(HELD);
    expect(model.posts()).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'Move to manual desk' }));

    await waitFor(() =>
      expect(model.posts().map((r) => r.path)).toEqual(['/api/finance/payouts/4/move-to-manual']),
    );
    expect(model.keys()).toEqual(['4:manual:']);
    expect(await screen.findByText('Payout moved to the manual desk.')).toBeInTheDocument();
    // Now on the manual desk, to be paid and marked by hand.
    expect(await screen.findByRole('tab', { name: 'Manual desk', selected: true })).toBeInTheDocument();
    const onDesk = (await screen.findAllByText('Bola Ade'))[0]!.closest('tr')!;
    expect(within(onDesk).getByRole('button', { name: /^Mark paid/ })).toBeInTheDocument();
    expect(within(onDesk).queryByText('Held')).not.toBeInTheDocument();
    // Nothing is held any more, so the tab's count is gone.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Needs attention' })).toHaveTextContent(/^Needs attention$/),
    );
  });
});

describe('the state names', () => {
  it('shows every payout in the one vocabulary: a reversed payout reads Reversed with its reason', async () => {
    server(
      () => undefined,
      [
        {
          ...payout('5', 'Emeka Obi', 2500),
          state: 'reversed',
          reversalReason: 'Beneficiary account closed',
        },
        { ...payout('6', 'Ngozi Uche', 2500), state: 'sending', desk: 'provider', provider: 'paystack' },
        { ...payout('7', 'Femi Lawal', 2500), state: 'paid', reference: 'TRF_1' },
      ],
    );
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts?state=all' });
    const rowOf = async (name: string) => (await screen.findAllByText(name))[0]!.closest('tr')!;
    const reversed = await rowOf('Emeka Obi');
    expect(within(reversed).getByText('Reversed')).toBeInTheDocument();
    expect(within(reversed).getByText('Beneficiary account closed')).toBeInTheDocument();
    expect(within(await rowOf('Ngozi Uche')).getByText('Sending')).toBeInTheDocument();
    expect(within(await rowOf('Femi Lawal')).getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByText('Awaiting transfer')).not.toBeInTheDocument();
    // The provider's tabs count their payouts: here one is sending.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Manual desk',
      'Needs attention',
      'Sending1',
      'Paid',
      'Failed',
      'Reversed',
      'All',
    ]);
    // Nothing in this list is on the manual desk, so nothing here can be marked by hand.
    expect(screen.queryByRole('button', { name: /^Mark paid/ })).not.toBeInTheDocument();
  });
});

describe('discrepancies', () => {
  it("lists what the provider said against the books, by the payout's short reference", async () => {
    server(() => undefined, undefined, [
      {
        withdrawalId: '3f9a2c71-5d0e-4b8a-9c1f-2e3d4c5b6a79',
        userId: 'user-9',
        fullName: 'Kemi Adeyemi',
        kind: 'success_after_failure',
        detail: 'Paystack reported transfer.success after the payout was recorded as failed.',
        foundAt: '2026-11-23T09:00:00.000Z',
      },
    ]);
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts' });
    const panel = await screen.findByRole('region', { name: 'Discrepancies (1)' });
    const row = within(panel).getByText('Kemi Adeyemi').closest('tr')!;
    expect(row).toHaveTextContent('W-3F9A2C');
    expect(row).not.toHaveTextContent('3f9a2c71-5d0e');
    expect(row).toHaveTextContent('Paid after it failed');
    expect(row).toHaveTextContent('transfer.success after the payout was recorded as failed');
  });

  it('names a payout the provider reported paid twice', async () => {
    server(() => undefined, undefined, [
      {
        withdrawalId: '3f9a2c71-5d0e-4b8a-9c1f-2e3d4c5b6a79',
        userId: 'user-9',
        fullName: 'Kemi Adeyemi',
        kind: 'paid_twice',
        provider: 'paystack',
        detail: 'Paystack reported transfer.success again for a payout already paid.',
        foundAt: '2026-11-23T09:00:00.000Z',
      },
    ]);
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts' });
    const panel = await screen.findByRole('region', { name: 'Discrepancies (1)' });
    expect(within(panel).getByText('Kemi Adeyemi').closest('tr')!).toHaveTextContent('Paid twice');
  });

  it('says when there are none', async () => {
    server(() => undefined);
    renderPage(<PayoutsPage />, { path: '/finance/payouts', at: '/finance/payouts' });
    expect(
      await screen.findByText('None: every answer from the provider matches the books.'),
    ).toBeInTheDocument();
  });
});
