/** /api/admin/tasks: campaigns, the pause/resume toggle, reviewing submissions, deleting with a refund. */
import { Accounts } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import {
  accountBalance,
  balancesOf,
  createCampaign,
  expectProblem,
  registerUser,
  submitTask,
} from './support';

describe('admin campaigns', () => {
  let h: Harness;
  let auth: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.adminToken}`];
  });
  afterAll(() => h.close());

  const form = {
    taskName: 'Subscribe to Naija Tech',
    taskPlatform: 'youtube',
    taskVariation: 'Subscribe Channel',
    taskInstructions: 'Subscribe and screenshot',
    taskUnits: '20',
    taskPrice: '40.50',
    taskTime: 3,
    taskUrl: 'https://youtube.com/@naijatech',
    taskImage: 'campaigns/guide.png',
  };

  it('creates a campaign, escrowing units × price, and lists it in the server shape', async () => {
    const res = await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send(form)
      .expect(201);
    expect(res.body.message).toBe('New campaign has been created successfully.');
    const id = res.body.task._id;
    expect(await accountBalance(h, Accounts.campaignEscrow(id))).toBe(20 * 4050);

    const list = await h.http
      .get('/api/admin/tasks')
      .set(...auth)
      .expect(200);
    expect(list.body.find((c: { _id: string }) => c._id === id)).toEqual(
      expect.objectContaining({
        _id: id,
        taskName: 'Subscribe to Naija Tech',
        taskPlatform: 'youtube',
        taskVariation: 'Subscribe Channel',
        taskInstructions: 'Subscribe and screenshot',
        taskUrl: 'https://youtube.com/@naijatech',
        taskPrice: 40.5,
        taskUnits: 20,
        completedUnits: 0,
        taskStatus: 'active',
        taskTime: 3,
        taskImage: 'campaigns/guide.png',
        spent: 0,
        budget: 810,
        remaining: 20,
        participants: 0,
        completedBy: [],
        createdAt: expect.any(String),
      }),
    );
  });

  it('refuses a campaign with missing or malformed fields', async () => {
    const noTitle = await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send({ ...form, taskName: '' })
      .expect(400);
    expectProblem(noTitle.body, 'Title is required.');
    const noPrice = await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send({ ...form, taskPrice: '' })
      .expect(400);
    expectProblem(noPrice.body, 'Price per unit is required.');
    const noUnits = await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send({ ...form, taskUnits: undefined })
      .expect(400);
    expectProblem(noUnits.body, 'Units is required.');
    const badUnits = await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send({ ...form, taskUnits: 'many' })
      .expect(400);
    expectProblem(badUnits.body, 'Enter a whole number.');
    const badUrl = await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send({ ...form, taskUrl: 'nope' })
      .expect(400);
    expectProblem(badUrl.body, 'Please enter a valid URL.');
    const badPrice = await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send({ ...form, taskPrice: { n: 1 } })
      .expect(400);
    expectProblem(badPrice.body);
  });

  it('bounds every text field of a campaign, on create and on edit, with field messages', async () => {
    const create = (fields: Record<string, unknown>) =>
      h.http
        .post('/api/admin/tasks')
        .set(...auth)
        .send({ ...form, ...fields });
    const tooLong = await create({ taskName: 'x'.repeat(90_000) }).expect(400);
    expectProblem(tooLong.body);
    expect(tooLong.body.errors).toEqual({ taskName: 'Title is at most 200 characters.' });
    const everything = await create({
      taskName: 'x'.repeat(201),
      taskPlatform: 'x'.repeat(51),
      taskVariation: 'x'.repeat(101),
      taskInstructions: 'x'.repeat(2001),
      taskUrl: `https://example.com/${'x'.repeat(2048)}`,
      taskImage: `campaigns/${'x'.repeat(500)}.png`,
    }).expect(400);
    expect(everything.body.errors).toEqual({
      taskName: 'Title is at most 200 characters.',
      taskPlatform: 'Platform is at most 50 characters.',
      taskVariation: 'Variation is at most 100 characters.',
      taskInstructions: 'Instructions are at most 2,000 characters.',
      taskUrl: 'URL is at most 2,048 characters.',
      taskImage: 'Image is at most 500 characters.',
    });
    // Exactly at the bounds is fine.
    const atBounds = await create({
      taskName: 't'.repeat(200),
      taskInstructions: 'i'.repeat(2000),
      taskUrl: `https://example.com/${'u'.repeat(2048 - 'https://example.com/'.length)}`,
    }).expect(201);
    expect(atBounds.body.task.taskName).toHaveLength(200);
    expect(atBounds.body.task.taskInstructions).toHaveLength(2000);
    expect(atBounds.body.task.taskUrl).toHaveLength(2048);

    const id = atBounds.body.task._id;
    const edited = await h.http
      .put(`/api/admin/tasks/${id}`)
      .set(...auth)
      .send({ taskInstructions: 'x'.repeat(90_000), taskUrl: `https://example.com/${'x'.repeat(3000)}` })
      .expect(400);
    expect(edited.body.errors).toEqual({
      taskInstructions: 'Instructions are at most 2,000 characters.',
      taskUrl: 'URL is at most 2,048 characters.',
    });
    const unchanged = await h.http
      .get(`/api/admin/tasks/${id}`)
      .set(...auth)
      .expect(200);
    expect(unchanged.body.taskInstructions).toHaveLength(2000);
  });

  it('bounds units × price: a field message, never a 500', async () => {
    const tooMuch = await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send({ ...form, taskUnits: '9007199254740991', taskPrice: '2' })
      .expect(400);
    expectProblem(tooMuch.body, 'Units × price cannot be more than ₦1,000,000,000.');
    expect(tooMuch.body.errors).toEqual({ units: 'Units × price cannot be more than ₦1,000,000,000.' });
    // Exactly at the bound is fine.
    await h.http
      .post('/api/admin/tasks')
      .set(...auth)
      .send({ ...form, taskUnits: '1000000', taskPrice: '1000' })
      .expect(201);
    const id = await createCampaign(h, { price: 50, units: 10 });
    const raised = await h.http
      .put(`/api/admin/tasks/${id}`)
      .set(...auth)
      .send({ taskPrice: '100000000000' })
      .expect(400);
    expectProblem(raised.body, 'Units × price cannot be more than ₦1,000,000,000.');
  });

  it('edits a campaign, topping up the escrow, and sets its status', async () => {
    const id = await createCampaign(h, { price: 50, units: 10 });
    const res = await h.http
      .put(`/api/admin/tasks/${id}`)
      .set(...auth)
      .send({ taskName: 'Follow @kobo (updated)', taskUnits: 12, taskStatus: 'paused' })
      .expect(200);
    expect(res.body.message).toBe('Campaign has been updated successfully.');
    expect(res.body.task).toEqual(
      expect.objectContaining({ taskName: 'Follow @kobo (updated)', taskUnits: 12, taskStatus: 'paused' }),
    );
    expect(await accountBalance(h, Accounts.campaignEscrow(id))).toBe(12 * 5000);

    const draft = await h.http
      .put(`/api/admin/tasks/${id}`)
      .set(...auth)
      .send({ taskStatus: 'draft' })
      .expect(409);
    expectProblem(draft.body, 'A published campaign cannot go back to draft.');
    const unknown = await h.http
      .put('/api/admin/tasks/00000000-0000-4000-8000-000000000000')
      .set(...auth)
      .send({ taskName: 'x' })
      .expect(404);
    expectProblem(unknown.body, 'Campaign not found.');
    const badStatus = await h.http
      .put(`/api/admin/tasks/${id}`)
      .set(...auth)
      .send({ taskStatus: 'gone' })
      .expect(400);
    expectProblem(badStatus.body);
  });

  it('toggles a campaign between active and paused', async () => {
    const id = await createCampaign(h);
    const paused = await h.http
      .put(`/api/admin/tasks/${id}/status`)
      .set(...auth)
      .expect(200);
    expect(paused.body).toEqual({ status: 'paused', message: 'Campaign status changed to paused.' });
    const list = await h.http
      .get('/api/admin/tasks')
      .set(...auth)
      .expect(200);
    expect(list.body.find((c: { _id: string }) => c._id === id).taskStatus).toBe('paused');
    const resumed = await h.http
      .put(`/api/admin/tasks/${id}/status`)
      .set(...auth)
      .send({})
      .expect(200);
    expect(resumed.body).toEqual({ status: 'active', message: 'Campaign status changed to active.' });

    await h.context.commands.completeCampaign({
      campaignId: id,
      by: { role: 'admin', id: h.adminId } as const,
    });
    const ended = await h.http
      .put(`/api/admin/tasks/${id}/status`)
      .set(...auth)
      .expect(409);
    expectProblem(ended.body, 'A completed campaign cannot be paused or resumed.');
    await h.http
      .put('/api/admin/tasks/nope/status')
      .set(...auth)
      .expect(404);
  });

  it('approves a submission (the user is credited) and rejects another (escrow kept)', async () => {
    const id = await createCampaign(h, { price: 75, units: 5 });
    const ada = await registerUser(h, { firstName: 'Ada', lastName: 'Okafor' });
    const bola = await registerUser(h, { firstName: 'Bola', lastName: 'Ade' });
    const adaSubmission = await submitTask(h, id, ada.userId);
    await submitTask(h, id, bola.userId);

    const before = await h.http
      .get('/api/admin/tasks')
      .set(...auth)
      .expect(200);
    const pending = before.body.find((c: { _id: string }) => c._id === id);
    expect(pending.completedBy).toHaveLength(2);
    expect(pending.completedBy.find((s: { userId: string }) => s.userId === ada.userId)).toEqual(
      expect.objectContaining({
        _id: adaSubmission,
        userId: ada.userId,
        username: expect.any(String),
        userEmail: ada.email,
        proofImage: `proofs/${id}/${ada.userId}.png`,
        submittedAt: expect.any(String),
        status: 'pending',
        earnings: 75,
        flags: [],
        reason: null,
      }),
    );

    const approved = await h.http
      .post('/api/admin/tasks/approve')
      .set(...auth)
      .send({ campaignId: id, taskId: id, userId: ada.userId })
      .expect(200);
    expect(approved.body).toEqual({ status: 'success', message: 'Task Approved Successfully' });
    expect((await balancesOf(h, ada.userId)).account_balance).toBe(7500);
    // Approving again is the same decision repeated.
    await h.http
      .post('/api/admin/tasks/approve')
      .set(...auth)
      .send({ taskId: id, userId: ada.userId })
      .expect(200);
    expect((await balancesOf(h, ada.userId)).account_balance).toBe(7500);

    const rejected = await h.http
      .post('/api/admin/tasks/reject')
      .set(...auth)
      .send({ campaignId: id, taskId: id, userId: bola.userId, reason: 'Screenshot is blurry' })
      .expect(200);
    expect(rejected.body).toEqual({ status: 'success', message: 'Task Rejected Successfully' });
    expect((await balancesOf(h, bola.userId)).account_balance).toBe(0);
    expect(await accountBalance(h, Accounts.campaignEscrow(id))).toBe(5 * 7500 - 7500);

    const after = await h.http
      .get('/api/admin/tasks')
      .set(...auth)
      .expect(200);
    const campaign = after.body.find((c: { _id: string }) => c._id === id);
    expect(campaign).toEqual(
      expect.objectContaining({ completedUnits: 1, spent: 75, remaining: 4, participants: 2 }),
    );
    expect(campaign.completedBy.find((s: { userId: string }) => s.userId === bola.userId)).toEqual(
      expect.objectContaining({ status: 'rejected', reason: 'Screenshot is blurry', earnings: 0 }),
    );

    const twice = await h.http
      .post('/api/admin/tasks/approve')
      .set(...auth)
      .send({ campaignId: id, userId: bola.userId })
      .expect(409);
    expectProblem(twice.body, 'This submission was already rejected.');
    const nobody = await h.http
      .post('/api/admin/tasks/approve')
      .set(...auth)
      .send({ campaignId: id, userId: 'nobody' })
      .expect(404);
    expectProblem(nobody.body, 'Submission not found.');
    const missing = await h.http
      .post('/api/admin/tasks/reject')
      .set(...auth)
      .send({})
      .expect(400);
    expectProblem(missing.body, 'Campaign id is required');
  });

  it('deletes a campaign: pending submissions are turned down and the escrow returns', async () => {
    const id = await createCampaign(h, { price: 20, units: 3 });
    const user = await registerUser(h);
    await submitTask(h, id, user.userId);
    const res = await h.http
      .delete(`/api/admin/tasks/${id}`)
      .set(...auth)
      .expect(200);
    expect(res.body).toEqual({ message: 'Campaign has been deleted successfully.' });
    expect(await accountBalance(h, Accounts.campaignEscrow(id))).toBe(0);
    const { rows } = await h.db.pool.query<{ total: number }>(
      'SELECT coalesce(sum(amount), 0)::bigint AS total FROM ledger_entries',
    );
    expect(Number(rows[0]!.total)).toBe(0);
    const { rows: subs } = await h.db.pool.query('SELECT status FROM submissions WHERE campaign_id = $1', [
      id,
    ]);
    expect(subs).toEqual([{ status: 'rejected' }]);
    const list = await h.http
      .get('/api/admin/tasks')
      .set(...auth)
      .expect(200);
    expect(list.body.map((c: { _id: string }) => c._id)).not.toContain(id);
    await h.http
      .delete(`/api/admin/tasks/${id}`)
      .set(...auth)
      .expect(200);
    const unknown = await h.http
      .delete('/api/admin/tasks/nope')
      .set(...auth)
      .expect(404);
    expectProblem(unknown.body, 'Campaign not found.');
  });
});
