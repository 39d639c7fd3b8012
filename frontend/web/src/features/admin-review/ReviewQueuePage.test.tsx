// The fetch stand-in first: the API module is created on import.
import { renderPage, serveFetch, type SentRequest } from '../account/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingProof } from './api';
import { ReviewQueuePage } from './ReviewQueuePage';

function proof(id: string, fullName: string, campaignId: string, taskName: string, at: string): PendingProof {
  return {
    _id: id,
    userId: `user-${id}`,
    username: fullName.toLowerCase().replace(' ', ''),
    fullName,
    userEmail: `${id}@demo.kobo.ng`,
    userAvatar: null,
    proofImage: `proofs/${campaignId}/${id}.png`,
    submittedAt: at,
    reviewedAt: null,
    status: 'pending',
    kind: 'task',
    earnings: 150,
    flags: [],
    reason: null,
    campaignId,
    taskName,
    taskPlatform: campaignId === 'c1' ? 'facebook' : 'spotify',
    taskVariation: 'Like Page',
    taskStatus: 'active',
  };
}

/** The queue as the server reads it: pending proofs of every campaign, oldest first, filtered. */
function serveQueue() {
  const proofs = [
    proof('s1', 'Ada Okafor', 'c1', 'Like the Suya Spot page', '2026-11-22T08:00:00.000Z'),
    proof('s2', 'Chioma Eze', 'c2', 'Stream the new single', '2026-11-22T09:00:00.000Z'),
    proof('s3', 'Tunde Bello', 'c1', 'Like the Suya Spot page', '2026-11-22T10:00:00.000Z'),
  ];
  const sent = serveFetch((request) => {
    if (request.path === '/api/admin/submissions/pending') {
      const campaign = request.query.get('campaignId');
      const platform = request.query.get('platform');
      return {
        status: 200,
        body: proofs.filter(
          (p) =>
            p.status === 'pending' &&
            (!campaign || p.campaignId === campaign) &&
            (!platform || p.taskPlatform === platform),
        ),
      };
    }
    if (request.path === '/api/admin/tasks')
      return {
        status: 200,
        body: ['c1', 'c2'].map((id) => ({
          _id: id,
          taskName: proofs.find((p) => p.campaignId === id)!.taskName,
          pendingUnits: proofs.filter((p) => p.campaignId === id && p.status === 'pending').length,
        })),
      };
    if (request.path === '/api/uploads/link')
      return { status: 200, body: { url: '/api/uploads/proof.png', expiresAt: '2026-11-22T10:05:00.000Z' } };
    const target = proofs.find((p) => p._id === (request.body as { submissionId: string }).submissionId)!;
    target.status = request.path === '/api/admin/tasks/approve' ? 'approved' : 'rejected';
    return { status: 200, body: { status: 'success', message: 'done' } };
  });
  return { sent };
}

const decisions = (sent: SentRequest[]) =>
  sent.filter((r) => r.method === 'POST').map((r) => [r.path.split('/').pop(), r.body]);

describe('ReviewQueuePage', () => {
  it('reviews proofs of two campaigns from the keyboard, moving on by itself, to a finished queue', async () => {
    const { sent } = serveQueue();
    const user = userEvent.setup();
    renderPage(<ReviewQueuePage />, {
      path: '/admin/review',
      at: '/admin/review',
      others: ['/admin', '/admin/active-campaigns'],
    });

    await screen.findByText('3 proofs to review');
    // Oldest first, each with the campaign it is for.
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Ada Okafor',
      'Chioma Eze',
      'Tunde Bello',
    ]);
    expect(cards[1]).toHaveTextContent('Stream the new single');

    await user.keyboard('j');
    expect(screen.getByRole('article', { name: 'Ada Okafor' })).toHaveFocus();
    await user.keyboard('a');
    await screen.findByText("Approved Ada Okafor's proof for Like the Suya Spot page.");
    // The reviewed proof left the list and the focus went on to the next, with no key pressed.
    await waitFor(() => expect(screen.getByRole('article', { name: 'Chioma Eze' })).toHaveFocus());
    expect(screen.queryByRole('article', { name: 'Ada Okafor' })).not.toBeInTheDocument();
    expect(screen.getByText('2 proofs to review')).toBeInTheDocument();

    await user.keyboard('r');
    await waitFor(() => expect(screen.getByLabelText(/Reason/)).toHaveFocus());
    await user.keyboard('Wrong song{Enter}');
    await screen.findByText("Rejected Chioma Eze's proof for Stream the new single.");
    await waitFor(() => expect(screen.getByRole('article', { name: 'Tunde Bello' })).toHaveFocus());
    // One confirmation at a time: the approval's line was replaced, and no toast stacked up.
    expect(screen.queryByText(/Approved Ada Okafor/)).not.toBeInTheDocument();
    expect(document.querySelectorAll('.bp6-toast')).toHaveLength(0);

    await user.keyboard('v');
    await screen.findByRole('dialog', { name: /Screenshot from Tunde Bello/ });
    await user.keyboard('a');
    expect(await screen.findByText('All proofs reviewed')).toBeInTheDocument();
    expect(decisions(sent)).toEqual([
      ['approve', { campaignId: 'c1', submissionId: 's1', userId: 'user-s1' }],
      ['reject', { campaignId: 'c2', submissionId: 's2', userId: 'user-s2', reason: 'Wrong song' }],
      ['approve', { campaignId: 'c1', submissionId: 's3', userId: 'user-s3' }],
    ]);
    expect(screen.getByRole('link', { name: 'Active Campaigns' })).toHaveAttribute(
      'href',
      '/admin/active-campaigns',
    );
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await screen.findByText('page /admin');
  });

  it('filters by campaign and by platform, asking the server', async () => {
    const { sent } = serveQueue();
    const user = userEvent.setup();
    renderPage(<ReviewQueuePage />, { path: '/admin/review', at: '/admin/review?platform=spotify' });
    await screen.findByText('1 proof to review');
    expect(screen.getByRole('article', { name: 'Chioma Eze' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Platform'), '');
    await screen.findByText('3 proofs to review');
    await waitFor(() =>
      expect(screen.getByLabelText('Campaign')).toHaveTextContent('Like the Suya Spot page (2)'),
    );
    await user.selectOptions(screen.getByLabelText('Campaign'), 'c1');
    await screen.findByText('2 proofs to review');
    const asked = sent
      .filter((r) => r.path === '/api/admin/submissions/pending')
      .map((r) => r.query.toString());
    expect(asked).toEqual([
      'platform=spotify&page=1&pageSize=25',
      'page=1&pageSize=25',
      'campaignId=c1&page=1&pageSize=25',
    ]);
    // Every platform of the product, not the six social networks only.
    const platforms = within(screen.getByLabelText('Platform')).getAllByRole('option');
    expect(platforms.map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Activity', 'Website', 'Google Play Store', 'Apple App Store', 'Audiomack']),
    );
  });
});
