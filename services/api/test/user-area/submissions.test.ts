import { randomUUID } from 'node:crypto';
import { nairaToKobo } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { headPosition, registerUser, settled, type TestUser } from './support';

interface Submission {
  id: string;
  taskId: string;
  taskName: string;
  taskPlatform: string;
  reward: number;
  status: string;
  rejectionReason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
}

describe('GET /api/users/submissions', () => {
  let h: Harness;
  let kemi: TestUser;
  let tunde: TestUser;
  const ids = { approved: '', rejected: '', pending: '', activity: '', tundes: '' };
  const tasks = { instagram: '', tiktok: '', youtube: '', activity: '' };

  beforeAll(async () => {
    h = await startHarness();
    const c = h.context.commands;
    const by = { role: 'admin', id: h.adminId } as const;
    kemi = await registerUser(h, 'kemi');
    tunde = await registerUser(h, 'tunde');
    const campaign = async (title: string, platform: string, price: number) => {
      const campaignId = randomUUID();
      await c.createCampaign({
        campaignId,
        title,
        platform,
        variation: 'Follow',
        instructions: 'Follow, then upload a screenshot.',
        url: 'https://example.com/kobo',
        price: nairaToKobo(price),
        units: 10,
        by,
      });
      return campaignId;
    };
    tasks.instagram = await campaign('Follow Kobo on Instagram', 'instagram', 50);
    tasks.tiktok = await campaign('Like the Kobo TikTok video', 'tiktok', 30.5);
    tasks.youtube = await campaign('Subscribe to Kobo on YouTube', 'youtube', 40);
    tasks.activity = await campaign('Daily check-in', 'activity', 10);
    const submit = async (user: TestUser, campaignId: string) => {
      const submissionId = randomUUID();
      await c.submitTask({
        campaignId,
        submissionId,
        userId: user.userId,
        proofImage: `proofs/${submissionId}`,
      });
      return submissionId;
    };
    // Oldest first: approved, rejected, the activity, then one still pending.
    ids.approved = await submit(kemi, tasks.instagram);
    await c.approveSubmission({ campaignId: tasks.instagram, submissionId: ids.approved, by });
    ids.rejected = await submit(kemi, tasks.tiktok);
    await c.rejectSubmission({
      campaignId: tasks.tiktok,
      submissionId: ids.rejected,
      reason: 'The screenshot does not show the like.',
      by,
    });
    ids.activity = randomUUID();
    await c.completeActivity({ campaignId: tasks.activity, userId: kemi.userId, submissionId: ids.activity });
    ids.pending = await submit(kemi, tasks.youtube);
    ids.tundes = await submit(tunde, tasks.instagram);
    await settled(h, await headPosition(h));
  });
  afterAll(() => h.close());

  const submissionsOf = async (user: TestUser) =>
    (await h.http.get('/api/users/submissions').set(user.auth).expect(200)).body as Submission[];

  it("lists the user's submissions newest first, with task, reward and review", async () => {
    const list = await submissionsOf(kemi);
    expect(list.map(({ submittedAt: _s, reviewedAt: _r, ...rest }) => rest)).toEqual([
      {
        id: ids.pending,
        taskId: tasks.youtube,
        taskName: 'Subscribe to Kobo on YouTube',
        taskPlatform: 'youtube',
        reward: 40,
        status: 'pending',
        rejectionReason: null,
      },
      {
        id: ids.activity,
        taskId: tasks.activity,
        taskName: 'Daily check-in',
        taskPlatform: 'activity',
        reward: 10,
        status: 'approved',
        rejectionReason: null,
      },
      {
        id: ids.rejected,
        taskId: tasks.tiktok,
        taskName: 'Like the Kobo TikTok video',
        taskPlatform: 'tiktok',
        reward: 30.5,
        status: 'rejected',
        rejectionReason: 'The screenshot does not show the like.',
      },
      {
        id: ids.approved,
        taskId: tasks.instagram,
        taskName: 'Follow Kobo on Instagram',
        taskPlatform: 'instagram',
        reward: 50,
        status: 'approved',
        rejectionReason: null,
      },
    ]);
  });

  it('dates each submission, and its review once reviewed', async () => {
    const list = await submissionsOf(kemi);
    const submitted = list.map((s) => Date.parse(s.submittedAt));
    expect(submitted.every((d) => !Number.isNaN(d))).toBe(true);
    expect([...submitted].sort((a, b) => b - a)).toEqual(submitted);
    const reviewed = Object.fromEntries(list.map((s) => [s.id, s.reviewedAt]));
    expect(reviewed[ids.pending]).toBeNull();
    for (const id of [ids.approved, ids.rejected, ids.activity]) {
      expect(Date.parse(reviewed[id]!)).not.toBeNaN();
      expect(Date.parse(reviewed[id]!)).toBeGreaterThanOrEqual(
        Date.parse(list.find((s) => s.id === id)!.submittedAt),
      );
    }
  });

  it("shows only the token's user's submissions, whatever the query says", async () => {
    const list = (
      await h.http.get('/api/users/submissions').query({ userId: kemi.userId }).set(tunde.auth).expect(200)
    ).body as Submission[];
    expect(list.map((s) => s.id)).toEqual([ids.tundes]);
  });

  it('answers an empty list for a user who never submitted', async () => {
    const fresh = await registerUser(h, 'vic');
    expect(await submissionsOf(fresh)).toEqual([]);
  });

  it('refuses a request without a token, and staff', async () => {
    await h.http.get('/api/users/submissions').expect(401);
    await h.http
      .get('/api/users/submissions')
      .set({ Authorization: `Bearer ${h.adminToken}` })
      .expect(403);
  });
});
