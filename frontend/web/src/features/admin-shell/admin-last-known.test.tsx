/**
 * The admin's lists as last-known data: seen once, they open again from the device "as of" the
 * time they were seen while the server is asked, say so when the refresh fails, and are forgotten
 * at logout or when another account signs in.
 */
// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch, type Answer, type SentRequest } from '../account/testing';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createStore } from '../../app/store';
import { endSession } from '../../shared/api/api';
import { formatClock, PAGE_STARTED_AT, readLastKnown } from '../../shared/api/last-known';
import { loadLastKnown } from '../../shared/api/last-known-middleware';
import { signedIn } from '../../shared/session/session';
import { campaign } from '../admin-campaigns/fixtures';
import { AdminCampaignsPage } from '../admin-campaigns/AdminCampaignsPage';
import { CommunityLinksPage } from '../admin-community/CommunityLinksPage';
import { AdminDashboardPage } from '../admin-dashboard/AdminDashboardPage';
import { AdminTransactionsPage } from '../admin-transactions/AdminTransactionsPage';
import { AdminUsersPage } from '../admin-users/AdminUsersPage';

const ADMIN = { userId: 'admin-1', role: 'admin' as const };
/** When the lists were seen: an hour before this page load. */
const SEEN_AT = PAGE_STARTED_AT - 3_600_000;

const stats = {
  totalUsers: 3,
  totalWithdrawn: 2000,
  totalCampaigns: 1,
  activeUsers: 2,
  inactiveUsers: 1,
  suspendedUsers: 0,
  activeCampaigns: 1,
  totalBudget: 4050,
  completedTasks: 10,
  pendingWithdrawals: 1,
  pendingWithdrawalAmount: 2000,
  pendingSubmissions: 2,
};
const chioma = {
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
  status: 'active',
  role: 'user',
  bankName: null,
  accountName: null,
  accountNumber: null,
  sharedBankAccount: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const transaction = {
  transactionId: 't1',
  _id: 't1',
  userId: 'u1',
  fullName: 'Chioma Eze',
  username: 'chiomaeze',
  email: 'chioma@demo.kobo.ng',
  amount: 25,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  description: 'Task reward: Like the Jollof Kitchen page',
  type: 'task',
  status: 'completed',
};
const community = {
  email: 'help@kobo.ng',
  whatsappChannel: 'https://whatsapp.com/channel/kobo',
  telegramChannel: '',
  facebookPage: '',
  instagramAccount: '',
  twitterAccount: '',
  youtubeChannel: '',
};

/** The server as it answered the first visit. */
function answers(request: SentRequest): Answer {
  const list = (items: unknown[]) => ({ status: 200, body: items });
  switch (request.path) {
    case '/api/admin/stats':
      return { status: 200, body: stats };
    case '/api/admin/users':
      return list([chioma]);
    case '/api/admin/tasks':
      return list([campaign({ taskName: 'Subscribe to Naija Tech Reviews' })]);
    case '/api/admin/transactions':
      return list([transaction]);
    case '/api/community':
      return { status: 200, body: community };
    default:
      return problem(404, 'Not here');
  }
}

const PAGES: {
  name: string;
  page: ReactElement;
  path: string;
  endpoint: string;
  /** Something the kept list shows. */
  shows: RegExp | string;
}[] = [
  {
    name: 'dashboard',
    page: <AdminDashboardPage />,
    path: '/admin',
    endpoint: 'getAdminStats',
    shows: /^Total Users/,
  },
  {
    name: 'users',
    page: <AdminUsersPage />,
    path: '/admin/users',
    endpoint: 'getAdminUsers',
    shows: 'chioma@demo.kobo.ng',
  },
  {
    name: 'campaigns',
    page: <AdminCampaignsPage />,
    path: '/admin/campaigns',
    endpoint: 'getCampaignPage',
    shows: 'Subscribe to Naija Tech Reviews',
  },
  {
    name: 'transactions',
    page: <AdminTransactionsPage />,
    path: '/admin/transactions',
    endpoint: 'getAdminTransactions',
    shows: 'Task reward: Like the Jollof Kitchen page',
  },
  {
    name: 'community links',
    page: <CommunityLinksPage />,
    path: '/admin/community',
    endpoint: 'getCommunity',
    shows: 'help@kobo.ng',
  },
];

function signedInStore() {
  const store = createStore();
  store.dispatch(signedIn(ADMIN));
  return store;
}

/** The first visit, an hour ago: the page as the server answered it, kept on the device. */
async function seenBefore({ page, path, endpoint, shows }: (typeof PAGES)[number]) {
  const clock = jest.spyOn(Date, 'now').mockReturnValue(SEEN_AT);
  const store = signedInStore();
  try {
    serveFetch(answers);
    renderPage(page, { path, at: path, store });
    expect((await screen.findAllByText(shows)).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(readLastKnown(ADMIN.userId).map((kept) => kept.endpointName)).toContain(endpoint),
    );
  } finally {
    clock.mockRestore();
    cleanup();
  }
}

/** This visit: the store puts the kept answers back at start, as the app's does. */
function visitAgain({ page, path }: (typeof PAGES)[number], server: (request: SentRequest) => Answer) {
  serveFetch(server);
  const store = signedInStore();
  loadLastKnown(store);
  return renderPage(page, { path, at: path, store });
}

const asOf = `as of ${formatClock(SEEN_AT)}`;

beforeEach(() => localStorage.clear());

describe.each(PAGES)('the admin $name page', (admin) => {
  it('opens again from the device, "as of" when it was seen, while the server is asked', async () => {
    await seenBefore(admin);
    // The server does not answer yet.
    visitAgain(admin, () => new Promise<never>(() => undefined));
    expect((await screen.findAllByText(admin.shows)).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(asOf);
  });

  it('says when the refresh failed, with what it shows and Try again', async () => {
    await seenBefore(admin);
    visitAgain(admin, () => problem(400, 'The lists could not be read.'));
    expect(
      await screen.findByText(`The lists could not be read. Showing what we had at ${formatClock(SEEN_AT)}.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect((await screen.findAllByText(admin.shows)).length).toBeGreaterThan(0);
  });

  it('drops the label once the server has answered', async () => {
    await seenBefore(admin);
    visitAgain(admin, answers);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('as of'));
  });

  it('is forgotten at logout and when another account signs in', async () => {
    await seenBefore(admin);
    const store = signedInStore();
    endSession(store.dispatch, 'left');
    expect(readLastKnown(ADMIN.userId)).toEqual([]);

    await seenBefore(admin);
    signedInStore().dispatch(signedIn({ userId: 'admin-2', role: 'admin' }));
    expect(readLastKnown(ADMIN.userId)).toEqual([]);
    expect(readLastKnown('admin-2')).toEqual([]);
  });
});

describe('the admin transactions page', () => {
  it('keeps its list besides its three counts', async () => {
    await seenBefore(PAGES.find((admin) => admin.name === 'transactions')!);
    const kept = readLastKnown(ADMIN.userId).filter((entry) => entry.endpointName === 'getAdminTransactions');
    expect(kept).toHaveLength(4);
  });
});
