// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch, type SentRequest } from '../account/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCampaign, AdminSubmission } from './api';
import { CampaignReviewPage } from './CampaignReviewPage';
import { TestResponse } from '../account/fetch-stand-in';

const jsonResponse = (body: unknown) =>
  new TestResponse(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function submission(id: string, fullName: string, submittedAt: string): AdminSubmission {
  return {
    _id: id,
    userId: `user-${id}`,
    username: fullName.toLowerCase().replace(' ', ''),
    fullName,
    userEmail: `${id}@demo.kobo.ng`,
    userAvatar: null,
    proofImage: `proofs/c1/${id}.png`,
    submittedAt,
    reviewedAt: null,
    status: 'pending',
    kind: 'task',
    earnings: 150,
    flags: [],
    reason: null,
  };
}

/** A campaign whose submissions change as the admin decides, as the server's read model does. */
function serveCampaign(
  decide: (request: SentRequest) => { status: number; body: unknown } | null = () => null,
) {
  const subs = [
    submission('s1', 'Ada Okafor', '2026-11-22T10:00:00.000Z'),
    submission('s2', 'Chioma Eze', '2026-11-22T09:00:00.000Z'),
  ];
  // The campaign's figures and its submissions, filtered by status, as the server reads them.
  const campaign = () =>
    ({
      _id: 'c1',
      taskName: 'Like the Suya Spot page',
      pendingUnits: subs.filter((s) => s.status === 'pending').length,
      completedUnits: subs.filter((s) => s.status === 'approved').length,
      rejectedUnits: subs.filter((s) => s.status === 'rejected').length,
      completedBy: [],
    }) as unknown as AdminCampaign;
  const keys: (string | null)[] = [];
  const sent = serveFetch((request) => {
    if (request.path === '/api/admin/tasks/c1') return { status: 200, body: campaign() };
    if (request.path === '/api/admin/tasks/c1/submissions') {
      const status = request.query.get('status');
      return { status: 200, body: subs.filter((s) => !status || s.status === status) };
    }
    if (request.path === '/api/uploads/link')
      return { status: 200, body: { url: '/api/uploads/proof.png', expiresAt: '2026-11-22T10:05:00.000Z' } };
    if (request.method === 'GET') return problem(404, 'Not found');
    const refused = decide(request);
    if (refused) return refused;
    const target = subs.find((s) => s._id === (request.body as { submissionId: string }).submissionId)!;
    if (request.path === '/api/admin/tasks/approve') {
      target.status = 'approved';
      return { status: 200, body: { status: 'success', message: 'Task Approved Successfully' } };
    }
    target.status = 'rejected';
    target.reason = (request.body as { reason?: string }).reason ?? null;
    return { status: 200, body: { status: 'success', message: 'Task Rejected Successfully' } };
  });
  const inner = globalThis.fetch;
  globalThis.fetch = ((input: Request) => {
    if (input.method === 'POST') keys.push(input.headers.get('Idempotency-Key'));
    return inner(input);
  }) as typeof fetch;
  return { sent, keys };
}

const posts = (sent: SentRequest[]) => sent.filter((r) => r.method === 'POST');

describe('CampaignReviewPage', () => {
  it('counts the submissions, filters them, and approves from the keyboard', async () => {
    const { sent, keys } = serveCampaign();
    const user = userEvent.setup();
    renderPage(<CampaignReviewPage />, {
      path: '/admin/active-campaigns/:campaignId/review',
      at: '/admin/active-campaigns/c1/review',
    });

    await screen.findByText('Showing 2 submission(s)');
    expect(screen.getByRole('region', { name: 'Pending Review' })).toHaveTextContent('2');
    expect(screen.getByText('Review and approve user task submissions for Campaign #c1')).toBeInTheDocument();

    await user.keyboard('j');
    expect(screen.getByRole('article', { name: 'Ada Okafor' })).toHaveFocus();
    await user.keyboard('a');

    await screen.findByText('Task Approved Successfully');
    expect(posts(sent)).toEqual([
      expect.objectContaining({
        path: '/api/admin/tasks/approve',
        body: { campaignId: 'c1', submissionId: 's1', userId: 'user-s1' },
      }),
    ]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await screen.findByText('Showing 1 submission(s)');
    // The focus went on to the next submission in the queue.
    await waitFor(() => expect(screen.getByRole('article', { name: 'Chioma Eze' })).toHaveFocus());
    expect(screen.getByRole('region', { name: 'Approved' })).toHaveTextContent('1');

    await user.click(screen.getByRole('tab', { name: /Rejected/ }));
    expect(await screen.findByText('No submissions found')).toBeInTheDocument();
    expect(screen.getByText('No rejected submissions found.')).toBeInTheDocument();
  });

  it('rejects with a reason typed in the dialog: r, type, Enter', async () => {
    const { sent } = serveCampaign();
    const user = userEvent.setup();
    renderPage(<CampaignReviewPage />, {
      path: '/admin/active-campaigns/:campaignId/review',
      at: '/admin/active-campaigns/c1/review',
    });
    await screen.findByText('Showing 2 submission(s)');

    await user.keyboard('jjr');
    const reason = await screen.findByLabelText(/Reason/);
    await waitFor(() => expect(reason).toHaveFocus());
    await user.keyboard('Blurry screenshot{Enter}');

    await screen.findByText('Task Rejected Successfully');
    expect(posts(sent)[0]).toMatchObject({
      path: '/api/admin/tasks/reject',
      body: { submissionId: 's2', reason: 'Blurry screenshot' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal and keeps the key for a retry of an unknown outcome", async () => {
    let fail = true;
    const { keys } = serveCampaign(() => {
      if (!fail) return null;
      fail = false;
      return problem(503, 'Service unavailable');
    });
    const user = userEvent.setup();
    renderPage(<CampaignReviewPage />, {
      path: '/admin/active-campaigns/:campaignId/review',
      at: '/admin/active-campaigns/c1/review',
    });
    await screen.findByText('Showing 2 submission(s)');

    await user.keyboard('ja');
    await screen.findByText('Service unavailable');
    await user.keyboard('a');
    await screen.findByText('Task Approved Successfully');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("after the campaign's last proof, goes on to the queue's next campaign", async () => {
    serveCampaign();
    const inner = globalThis.fetch;
    // The queue holds a proof of another campaign.
    globalThis.fetch = ((input: Request) =>
      new URL(input.url, 'http://localhost').pathname === '/api/admin/submissions/pending'
        ? inner(input).then(() =>
            jsonResponse([{ _id: 'x1', campaignId: 'c2', taskName: 'Stream the new single' }]),
          )
        : inner(input)) as typeof fetch;
    const user = userEvent.setup();
    const { router } = renderPage(<CampaignReviewPage />, {
      path: '/admin/active-campaigns/:campaignId/review',
      at: '/admin/active-campaigns/c1/review',
    });
    await screen.findByText('Showing 2 submission(s)');
    await user.keyboard('ja');
    await screen.findByText('Showing 1 submission(s)');
    // One toast at a time: the second decision's replaced the first's.
    await waitFor(() => expect(screen.getByRole('article', { name: 'Chioma Eze' })).toHaveFocus());
    await user.keyboard('a');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/active-campaigns/c2/review'));
    expect(await screen.findByText(/on to Stream the new single/)).toBeInTheDocument();
    expect(document.querySelectorAll('.bp6-toast')).toHaveLength(1);
  });

  it('goes to the review queue when no other campaign has proofs waiting', async () => {
    serveCampaign();
    const user = userEvent.setup();
    renderPage(<CampaignReviewPage />, {
      path: '/admin/active-campaigns/:campaignId/review',
      at: '/admin/active-campaigns/c1/review',
      others: ['/admin/review'],
    });
    await screen.findByText('Showing 2 submission(s)');
    await user.keyboard('ja');
    await screen.findByText('Showing 1 submission(s)');
    await waitFor(() => expect(screen.getByRole('article', { name: 'Chioma Eze' })).toHaveFocus());
    await user.keyboard('a');
    expect(await screen.findByText('page /admin/review')).toBeInTheDocument();
  });
});
