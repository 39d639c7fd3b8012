import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import { notificationsApi, type NotificationsPage } from './api';
import { badgeText, NotificationBell } from './NotificationBell';

const approved = {
  id: 'n2',
  kind: 'withdrawal',
  withdrawalState: 'approved',
  title: 'Withdrawal approved',
  body: 'Your withdrawal of ₦2,500.00 was approved. The payout desk is sending it to your bank.',
  link: '/dashboard/withdraw',
  createdAt: '2026-03-02T10:00:00.000Z',
  readAt: null,
} as const;
const proof = {
  id: 'n1',
  kind: 'proof_approved',
  withdrawalState: null,
  title: 'Proof approved',
  body: 'Your proof for "Follow @kobo" was approved: ₦50.00 was added to your account balance.',
  link: '/dashboard/tasks',
  createdAt: '2026-03-01T10:00:00.000Z',
  readAt: '2026-03-01T11:00:00.000Z',
} as const;

/** The bell over a real store whose cache holds the first page; no request is sent for it. */
async function renderBell(page: NotificationsPage) {
  const store = createStore();
  await store.dispatch(notificationsApi.util.upsertQueryData('getNotifications', { pageSize: 20 }, page));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <NotificationBell />
      </MemoryRouter>
    </Provider>,
  );
  return userEvent.setup();
}

it('shows the unread count on the bell, and says it to screen readers', async () => {
  await renderBell({ notifications: [approved, proof], unreadCount: 1, next: null });
  const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
  expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('1');
});

it('has no badge when everything is read', async () => {
  await renderBell({ notifications: [proof], unreadCount: 0, next: null });
  expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  expect(screen.queryByTestId('notification-badge')).toBeNull();
});

it('opens the centre from the keyboard: newest first, the unread one marked new, each a link to its page', async () => {
  const user = await renderBell({ notifications: [approved, proof], unreadCount: 1, next: null });
  await user.tab();
  await user.keyboard('{Enter}');
  const list = await screen.findByRole('list', { name: 'Notifications' });
  const items = within(list).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringContaining('Withdrawal approved (new)'),
    expect.not.stringContaining('(new)'),
  ]);
  expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/dashboard/withdraw');
  expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/dashboard/tasks');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull());
});

it('says so when there is nothing yet', async () => {
  const user = await renderBell({ notifications: [], unreadCount: 0, next: null });
  await user.click(screen.getByRole('button', { name: 'Notifications' }));
  expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
});

it('keeps the badge one small round', () => {
  expect([1, 9, 10, 120].map(badgeText)).toEqual(['1', '9', '9+', '9+']);
});
