import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderPage, serveFetch, type SentRequest } from '../account/testing';
import { AdminCampaignsPage } from './AdminCampaignsPage';
import { campaign } from './fixtures';

const stats = {
  totalUsers: 4,
  totalWithdrawn: 0,
  totalCampaigns: 2,
  activeUsers: 4,
  inactiveUsers: 0,
  suspendedUsers: 0,
  activeCampaigns: 1,
  pendingWithdrawals: 0,
  pendingWithdrawalAmount: 0,
  pendingSubmissions: 0,
};

const campaigns = [
  campaign(),
  campaign({ _id: 'c-2', taskName: 'Like the Owambe page', taskPlatform: 'facebook', taskStatus: 'paused' }),
];
/** Finance holds one and turned one down (decision 0035). */
const heldCampaigns = [
  campaign({ _id: 'c-3', taskName: 'Install the Kobo app', taskStatus: 'awaiting_approval' }),
  campaign({
    _id: 'c-4',
    taskName: 'Follow the big page',
    taskStatus: 'rejected',
    rejectionReason: 'Too much for one follow',
  }),
];

function server(
  other: (request: SentRequest) => { status: number; body: unknown } = () => problem(404, 'No'),
) {
  return serveFetch((request) => {
    // The server filters (docs/api/admin.md, "Paging"); here by status, search and social media.
    if (request.path === '/api/admin/tasks' && request.method === 'GET') {
      const { status, q, platform } = Object.fromEntries(request.query);
      const body = campaigns.filter(
        (c) =>
          (!status || c.taskStatus === status) &&
          (!q || c.taskName.toLowerCase().includes(q.toLowerCase())) &&
          (!platform || (platform === 'social-media' && c.taskPlatform === 'facebook')),
      );
      return { status: 200, body };
    }
    if (request.path === '/api/admin/stats') return { status: 200, body: stats };
    return other(request);
  });
}

const pageRequests = (sent: SentRequest[]) =>
  sent.filter((r) => r.path === '/api/admin/tasks' && r.method === 'GET' && r.query.has('pageSize'));

describe('campaigns finance holds or turned down', () => {
  it('say so on their cards, offer no pause or resume, and filter by the new statuses', async () => {
    campaigns.push(...heldCampaigns);
    try {
      server();
      const { router } = renderPage(<AdminCampaignsPage />, {
        path: '/admin/campaigns',
        at: '/admin/campaigns',
      });
      const held = (await screen.findByText('Install the Kobo app')).closest('.kobo-admin-campaigns-card')!;
      expect(within(held as HTMLElement).getByText('Awaiting approval')).toBeInTheDocument();
      expect(
        within(held as HTMLElement).getByText(/goes live once a finance user approves it/),
      ).toBeInTheDocument();
      expect(within(held as HTMLElement).queryByRole('button', { name: /Resume|Pause/ })).toBeNull();
      const rejected = screen.getByText('Follow the big page').closest('.kobo-admin-campaigns-card')!;
      expect(within(rejected as HTMLElement).getByText('Rejected')).toBeInTheDocument();
      expect(
        within(rejected as HTMLElement).getByText(/Rejected by finance: Too much for one follow/),
      ).toBeInTheDocument();
      await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'awaiting_approval');
      await waitFor(() => expect(router.state.location.search).toBe('?status=awaiting_approval'));
      await waitFor(() => expect(screen.queryByText('Follow the big page')).toBeNull());
      expect(screen.getByText('Install the Kobo app')).toBeInTheDocument();
    } finally {
      campaigns.splice(2);
    }
  });
});

describe('the filters', () => {
  it('come from the address, go to the server, and a change goes back to the address at page 1', async () => {
    const sent = server();
    const { router } = renderPage(<AdminCampaignsPage />, {
      path: '/admin/campaigns',
      at: '/admin/campaigns?status=paused&platform=social-media&page=2',
    });
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveValue('paused'));
    expect(screen.getByLabelText('Platform')).toHaveValue('social-media');
    const first = pageRequests(sent)[0]!;
    expect(Object.fromEntries(first.query)).toMatchObject({
      status: 'paused',
      platform: 'social-media',
      page: '2',
      pageSize: '25',
      submissions: 'none',
    });

    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&platform=social-media'));
    expect(await screen.findByText('No campaigns found')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Subscribe to Naija Tech Reviews')).toBeInTheDocument();
    expect(screen.getByText('Like the Owambe page')).toBeInTheDocument();
  });

  it('search reaches the address once typing pauses', async () => {
    server();
    const { router } = renderPage(<AdminCampaignsPage />, {
      path: '/admin/campaigns',
      at: '/admin/campaigns',
    });
    await screen.findByText('Like the Owambe page');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'owambe');
    // A filter chosen before the search is written stays.
    await user.selectOptions(screen.getByLabelText('Platform'), 'social-media');
    await waitFor(() => expect(router.state.location.search).toBe('?q=owambe&platform=social-media'));
    await waitFor(() =>
      expect(screen.queryByText('Subscribe to Naija Tech Reviews')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Like the Owambe page')).toBeInTheDocument();
  });
});

describe('the create form', () => {
  it('resets the variation when the platform changes, names missing fields, and sends the campaign', async () => {
    const sent = server((request) =>
      request.method === 'POST' && request.path === '/api/admin/tasks'
        ? { status: 201, body: { message: 'New campaign has been created successfully.', task: null } }
        : problem(404, 'No'),
    );
    renderPage(<AdminCampaignsPage />, { path: '/admin/campaigns', at: '/admin/campaigns' });
    const user = userEvent.setup();
    await screen.findByText('Like the Owambe page');
    await user.click(screen.getAllByRole('button', { name: 'Create campaign' })[0]!);
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    for (const message of [
      'Title is required.',
      'Platform is required.',
      'URL is required.',
      'Price per unit is required.',
      'Units is required.',
    ])
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    const variation = within(dialog).getByLabelText(/Task variation/);
    expect(variation).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText(/Platform/), 'youtube');
    await user.selectOptions(variation, 'Subscribe Channel');
    await user.selectOptions(within(dialog).getByLabelText(/Platform/), 'playstore');
    expect(variation).toHaveValue('');
    expect(
      within(variation)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a variation', 'Install App', 'Rate App', 'Review App']);
    await user.selectOptions(variation, 'Install App');
    await user.type(within(dialog).getByLabelText(/Title/), 'Install PayQuick');
    await user.type(
      within(dialog).getByLabelText(/URL/),
      'https://play.google.com/store/apps/details?id=ng.payquick',
    );
    await user.type(within(dialog).getByLabelText(/Units/), '20');
    await user.type(within(dialog).getByLabelText(/Price per unit/), '25.5');
    expect(within(dialog).getByTestId('campaign-total-cost')).toHaveTextContent('₦510.00');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));

    expect(await screen.findByText('New campaign has been created successfully.')).toBeInTheDocument();
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      taskName: 'Install PayQuick',
      taskPlatform: 'playstore',
      taskVariation: 'Install App',
      taskInstructions: '',
      taskUrl: 'https://play.google.com/store/apps/details?id=ng.payquick',
      taskUnits: 20,
      taskPrice: 25.5,
      taskTime: 5,
    });
  });

  it("shows the server's field messages and its message when it refuses", async () => {
    server((request) =>
      request.method === 'PUT'
        ? problem(409, 'Units cannot be fewer than the 12 already approved or pending.', {
            taskUnits: 'Units cannot be fewer than the 12 already approved or pending.',
          })
        : problem(404, 'No'),
    );
    renderPage(<AdminCampaignsPage />, { path: '/admin/campaigns', at: '/admin/campaigns' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Subscribe to Naija Tech Reviews' }));
    const dialog = await screen.findByRole('dialog');
    const units = within(dialog).getByLabelText(/Units/);
    await user.clear(units);
    await user.type(units, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(units).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(dialog).getAllByText('Units cannot be fewer than the 12 already approved or pending.'),
    ).toHaveLength(2);
  });
});
