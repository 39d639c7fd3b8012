// The fetch stand-in first: the API module is created on import.
import { renderPage, serveFetch } from '../account/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campaign, Submission } from './api';
import { CampaignsPage } from './CampaignsPage';

function campaign(id: string, platform: string, name: string, submitted = false): Campaign {
  return {
    _id: id,
    taskName: name,
    taskInstructions: 'Do it, then upload a clear screenshot.',
    taskPrice: 25,
    taskUrl: 'https://example.com/task',
    taskPlatform: platform,
    taskVariation: 'Follow Account',
    remainingUnits: 10,
    taskTime: 5,
    taskImage: null,
    submitted,
  };
}

const CAMPAIGNS = [
  campaign('t1', 'facebook', 'Like the Jollof Kitchen page'),
  campaign('t2', 'spotify', 'Stream Burna Boy on Spotify', true),
  campaign('t3', 'spotify', 'Follow Tems on Spotify'),
  campaign('t4', 'instagram', 'Follow Lagos Eats', true),
  campaign('t5', 'activity', 'Visit the Kobo blog'),
];

const SUBMISSIONS: Submission[] = [
  {
    id: 's2',
    taskId: 't2',
    taskName: 'Stream Burna Boy on Spotify',
    taskPlatform: 'spotify',
    reward: 25,
    status: 'pending',
    rejectionReason: null,
    submittedAt: '2026-11-20T08:00:00.000Z',
    reviewedAt: null,
  },
];

function campaignsPage(campaigns: Campaign[] = CAMPAIGNS) {
  serveFetch((request) => {
    if (request.path === '/api/tasks') return { status: 200, body: campaigns };
    if (request.path === '/api/users/submissions') return { status: 200, body: SUBMISSIONS };
    return { status: 200, body: [] };
  });
  renderPage(<CampaignsPage />, { path: '/dashboard/tasks', at: '/dashboard/tasks' });
}

const cardsIn = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

beforeEach(() => localStorage.clear());

describe('the campaigns page', () => {
  it('lists the campaigns already done apart, below the open ones, and counts only the open ones', async () => {
    campaignsPage();
    expect(await screen.findByText('3 tasks available')).toBeInTheDocument();
    const open = screen.getByRole('region', { name: 'Open tasks' });
    expect(cardsIn(open)).toEqual([
      'Like the Jollof Kitchen page',
      'Follow Tems on Spotify',
      'Visit the Kobo blog',
    ]);
    expect(within(open).getAllByRole('button', { name: /^Perform Task/ })).toHaveLength(3);

    const done = screen.getByRole('region', { name: /^Done/ });
    expect(cardsIn(done)).toEqual(['Stream Burna Boy on Spotify', 'Follow Lagos Eats']);
    expect(within(done).queryByRole('button', { name: /^Perform Task/ })).not.toBeInTheDocument();
    // Below the open grid in the page's order.
    expect(open.compareDocumentPosition(done) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('filters both lists; the count shown follows the open grid', async () => {
    campaignsPage();
    await screen.findByText('3 tasks available');
    await userEvent.setup().selectOptions(screen.getByLabelText('Sort and filter'), 'Spotify Only');
    expect(cardsIn(screen.getByRole('region', { name: 'Open tasks' }))).toEqual(['Follow Tems on Spotify']);
    expect(screen.getByText('1 of 3 shown')).toBeInTheDocument();
    expect(cardsIn(screen.getByRole('region', { name: /^Done/ }))).toEqual(['Stream Burna Boy on Spotify']);
  });

  it('says every campaign is done when none is open, and still lists the done ones', async () => {
    campaignsPage(CAMPAIGNS.filter((one) => one.submitted));
    expect(await screen.findByText('0 tasks available')).toBeInTheDocument();
    expect(screen.getByText('You have done every task')).toBeInTheDocument();
    expect(cardsIn(screen.getByRole('region', { name: /^Done/ }))).toHaveLength(2);
  });

  it('has no Done list while nothing is done', async () => {
    campaignsPage(CAMPAIGNS.filter((one) => !one.submitted));
    expect(await screen.findByText('3 tasks available')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Done/ })).not.toBeInTheDocument();
  });
});
