/**
 * An admin deletes a user with a reason, and the staff screens show the person as erased: "Deleted
 * user" with the date, never an empty name, on the users list (its Deleted filter) and the
 * withdrawals desk.
 */
import { startHarness, type Harness } from '../support/harness';
import { expectProblem, fund, registerUser, requestWithdrawal } from './support';

describe('erased people on the admin screens', () => {
  let h: Harness;
  let auth: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.adminToken}`];
  });
  afterAll(() => h.close());

  const deletedUsers = async () =>
    (
      await h.http
        .get('/api/admin/users?status=deleted')
        .set(...auth)
        .expect(200)
    ).body as { _id: string; erasedAt: string }[];

  it('deletes with the reason given, shows the person erased with the date, and keeps the withdrawal', async () => {
    const ada = await registerUser(h, { firstName: 'Ada', lastName: 'Okafor' });
    await fund(h, ada.userId, 2000);
    const withdrawalId = await requestWithdrawal(h, ada.userId, 2000);
    await h.http
      .post('/api/admin/withdrawals/reject')
      .set(...auth)
      .send({ transactionId: withdrawalId, reason: 'Wrong account' })
      .expect(200);
    const before = await h.http
      .get('/api/admin/users')
      .set(...auth)
      .expect(200);
    expect(before.body.find((u: { _id: string }) => u._id === ada.userId)).toEqual(
      expect.objectContaining({ firstName: 'Ada', erasedAt: null, deletionReason: null }),
    );

    await h.http
      .delete(`/api/admin/users/${ada.userId}`)
      .set(...auth)
      .send({ reason: '  Asked by email to close the account  ' })
      .expect(200);

    const list = await h.http
      .get('/api/admin/users')
      .set(...auth)
      .expect(200);
    expect(list.body.map((u: { _id: string }) => u._id)).not.toContain(ada.userId);
    const erased = (await deletedUsers()).find((u) => u._id === ada.userId);
    expect(erased).toEqual(
      expect.objectContaining({
        firstName: 'Deleted user',
        lastName: '',
        username: '',
        email: '',
        phone: '',
        accountName: null,
        accountNumber: null,
        erasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        deletionReason: 'Asked by email to close the account',
      }),
    );

    const desk = await h.http
      .get('/api/admin/withdrawals')
      .set(...auth)
      .expect(200);
    expect(desk.body.find((w: { _id: string }) => w._id === withdrawalId)).toEqual(
      expect.objectContaining({
        fullName: 'Deleted user',
        username: '',
        email: '',
        erasedAt: erased?.erasedAt,
        accountName: '',
        accountNumber: '',
        accountDetails: 'Access Bank - account details erased',
        amount: 2000,
        status: 'rejected',
      }),
    );
  });

  it('a deletion without a body (the old client) gives the default reason; a blank or long reason is refused', async () => {
    const tunde = await registerUser(h, { firstName: 'Tunde', lastName: 'Bakare' });
    const blank = await h.http
      .delete(`/api/admin/users/${tunde.userId}`)
      .set(...auth)
      .send({ reason: '   ' })
      .expect(400);
    expectProblem(blank.body, 'The reason must be 1 to 200 characters.');
    expect(Object.keys(blank.body.errors)).toEqual(['reason']);
    const long = await h.http
      .delete(`/api/admin/users/${tunde.userId}`)
      .set(...auth)
      .send({ reason: 'x'.repeat(201) })
      .expect(400);
    expectProblem(long.body, 'The reason must be 1 to 200 characters.');
    expect((await deletedUsers()).map((u) => u._id)).not.toContain(tunde.userId);

    await h.http
      .delete(`/api/admin/users/${tunde.userId}`)
      .set(...auth)
      .expect(200);
    expect((await deletedUsers()).find((u) => u._id === tunde.userId)).toEqual(
      expect.objectContaining({ firstName: 'Deleted user', deletionReason: 'Deleted by an admin' }),
    );
  });
});
