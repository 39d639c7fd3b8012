import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, serveFetch } from '../account/testing';
import type { EventsPage } from './api';
import { JournalExplorer } from './JournalExplorer';

const CHIOMA = {
  userId: '7f0c2a9e-0000-4000-8000-000000000001',
  fullName: 'Chioma Eze',
  username: 'chioma',
  email: 'chioma@demo.kobo.ng',
  erasedAt: null,
};

function page(people: EventsPage['people']): EventsPage {
  return {
    events: [
      {
        position: 41,
        eventId: '0d5e3b1c-0000-4000-8000-000000000041',
        type: 'PayoutSucceeded',
        streamId: `user-${CHIOMA.userId}`,
        recordedAt: new Date(2026, 10, 27, 14, 5).toISOString(),
        postings: [
          { account: 'platform:payouts_clearing', amount: -3000, amountKobo: -300000 },
          { account: 'world', amount: 3000, amountKobo: 300000 },
        ],
      },
    ],
    nextBefore: null,
    newerAfter: null,
    head: 41,
    people,
    morePeople: false,
  };
}

const eventsAsked = (requests: ReturnType<typeof serveFetch>) =>
  requests.filter((r) => r.path === '/api/finance/events').map((r) => Object.fromEntries(r.query));

describe('the journal', () => {
  it('asks for the events that move money by default, and every event once switched', async () => {
    const requests = serveFetch(() => ({ status: 200, body: page(null) }));
    const user = userEvent.setup();
    renderPage(<JournalExplorer />, { path: '/finance', at: '/finance' });
    expect(await screen.findByText('PayoutSucceeded')).toBeInTheDocument();
    expect(screen.getByText(/^Events that move money/)).toBeInTheDocument();
    expect(eventsAsked(requests)[0]).toEqual({ show: 'money', limit: '100' });

    await user.click(screen.getByRole('checkbox', { name: 'Show every event, not only money' }));
    await waitFor(() => expect(eventsAsked(requests)).toContainEqual({ show: 'all', limit: '100' }));
    expect(await screen.findByText(/^Every event/)).toBeInTheDocument();
  });

  it('finds a person by name and says whose events it lists, with dates in en-NG', async () => {
    const requests = serveFetch((request) => ({
      status: 200,
      body: page(request.query.get('q') ? [CHIOMA] : null),
    }));
    const user = userEvent.setup();
    renderPage(<JournalExplorer />, { path: '/finance', at: '/finance' });
    await user.type(await screen.findByRole('searchbox', { name: 'Person' }), 'Chioma Eze');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(eventsAsked(requests)).toContainEqual({ q: 'Chioma Eze', show: 'money', limit: '100' }),
    );
    const found = await screen.findByLabelText('People found');
    expect(found).toHaveTextContent('Events of Chioma Eze @chioma · chioma@demo.kobo.ng');
    expect(screen.getByText('27 Nov 2026, 14:05')).toBeInTheDocument();
  });

  it('says a person found by a withdrawal reference was erased, and when, never an empty @', async () => {
    const erased = {
      ...CHIOMA,
      fullName: 'Deleted user',
      username: '',
      email: '',
      erasedAt: '2026-11-28T10:15:00.000Z',
    };
    serveFetch(() => ({ status: 200, body: page([erased]) }));
    renderPage(<JournalExplorer />, { path: '/finance', at: '/finance?q=GTB-RECON-4471' });
    const found = await screen.findByLabelText('People found');
    expect(found).toHaveTextContent('Events of Deleted user erased 28 Nov 2026');
    expect(found).not.toHaveTextContent('@');
  });

  it('says so when no one matches the search', async () => {
    serveFetch(() => ({ status: 200, body: { ...page([]), events: [], head: 41 } }));
    renderPage(<JournalExplorer />, { path: '/finance', at: '/finance?q=nobody' });
    expect(await screen.findByText('No one matches this search')).toBeInTheDocument();
  });
});
