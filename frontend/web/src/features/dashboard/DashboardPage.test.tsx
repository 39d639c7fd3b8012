// The fetch stand-in first: the API module is created on import.
import { renderPage, serveFetch } from '../account/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardPage } from './DashboardPage';
import { HIDE_BALANCES_KEY } from './hidden-balances';

// jsdom has no IntersectionObserver nor ResizeObserver (the overview carousel asks for both):
// browser parts, stood in by observers that never report.
class NoIntersections {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= NoIntersections as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= NoIntersections as unknown as typeof ResizeObserver;

const dashboard = {
  username: 'adaokafor',
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@demo.kobo.ng',
  phone: '08031234567',
  referralCode: 'ADA123',
  bankDetails: null,
  hasPin: false,
  accountBalance: 15965,
  activityBalance: 500,
  heldBalance: 0,
  totalTasks: 3,
  totalEarnings: 1500,
  totalReferrals: 2,
  totalWithdrawn: 0,
  withdrawalRules: { minAccount: 2000, minActivity: 40000, fee: 50 },
};

function dashboardPage() {
  serveFetch((request) => {
    if (request.path === '/api/users/dashboard') return { status: 200, body: dashboard };
    if (request.path === '/api/community')
      return { status: 200, body: { whatsappChannel: '', telegramChannel: '' } };
    return { status: 200, body: [] };
  });
  renderPage(<DashboardPage />, { path: '/dashboard', at: '/dashboard' });
}

beforeEach(() => localStorage.clear());

describe('the dashboard', () => {
  it('greets by first name and says how much the activity balance still needs', async () => {
    dashboardPage();
    expect(await screen.findByRole('heading', { name: /^Hi, Ada/ })).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Activity Balance' });
    expect(activity).toHaveTextContent('₦500.00');
    expect(activity).toHaveTextContent('Withdrawable from ₦40,000: ₦39,500 to go');
  });

  it('hides the balances on request, and remembers it', async () => {
    dashboardPage();
    const account = await screen.findByRole('region', { name: 'Account Balance' });
    expect(account).toHaveTextContent('₦15,965.00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide balances' }));
    expect(account).not.toHaveTextContent('₦15,965.00');
    expect(within(account).getByLabelText('Hidden')).toBeInTheDocument();
    expect(localStorage.getItem(HIDE_BALANCES_KEY)).toBe('true');
    expect(screen.getByRole('button', { name: 'Show balances' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens with the balances hidden when that was chosen before', async () => {
    localStorage.setItem(HIDE_BALANCES_KEY, 'true');
    dashboardPage();
    const activity = await screen.findByRole('region', { name: 'Activity Balance' });
    expect(activity).not.toHaveTextContent('₦500.00');
    // What is left to the minimum would tell the balance.
    expect(activity).toHaveTextContent('Withdrawable from ₦40,000');
    expect(activity).not.toHaveTextContent('to go');
  });
});
