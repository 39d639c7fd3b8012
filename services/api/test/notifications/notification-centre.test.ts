/**
 * The notification centre over HTTP: a person's notifications come from what the ledger recorded
 * about their withdrawals, newest first, with the unread count; marking read is theirs alone.
 * Push subscriptions: saved for the signed-in person, removed only by them.
 */
import { startHarness, type Harness } from '../support/harness';
import { registerUser, settled, type TestUser } from '../user-area/support';

const PUSH_KEYS = {
  VAPID_PUBLIC_KEY: 'BFRtoQTlVlW1DpuJ7ce5PmZGG_fvUpkuQKiPYIR9j5CNUswzwQXRM_z5AzTwdWSF9bTRWVLLIWS51LRrGD0ZTgU',
  VAPID_PRIVATE_KEY: '4bAemlKAq6N-7zm6IvLV1hKeBrjhNmNV80QEqG_Ro9k',
  VAPID_SUBJECT: 'mailto:support@kobo.test',
};
// A browser's subscription as PushSubscription.toJSON() gives it (keys from a real browser's shape).
const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

describe('notifications', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(PUSH_KEYS);
  });
  afterAll(() => h.close());

  const admin = () => ({ Authorization: `Bearer ${h.adminToken}` });
  const centre = async (user: TestUser, query = '') =>
    (await h.http.get(`/api/users/notifications${query}`).set(user.auth).expect(200)).body;

  /** A withdrawal of ₦2,500 by `user`, approved or declined by the admin; settled in every read model. */
  async function withdrawal(user: TestUser, decision: 'approve' | 'reject'): Promise<void> {
    const { body } = await h.http
      .post('/api/users/withdraw')
      .set(user.auth)
      .send({ amount: 2500, type: 'withdrawal' })
      .expect(201);
    await settled(h);
    await h.http
      .post(`/api/admin/withdrawals/${decision}`)
      .set(admin())
      .send({ transactionId: body.withdrawal.id, reason: 'Name does not match the account.' })
      .expect(200);
    await settled(h);
  }

  it('lists the person’s notifications newest first, with the unread count and naira amounts', async () => {
    const ada = await registerUser(h, 'ada', { accountBalance: 1_000_000 });
    expect(await centre(ada)).toEqual({ notifications: [], unreadCount: 0, next: null });

    await withdrawal(ada, 'approve');
    await withdrawal(ada, 'reject');
    const page = await centre(ada);
    expect(page).toEqual({
      unreadCount: 2,
      next: null,
      notifications: [
        {
          id: expect.any(String),
          kind: 'withdrawal',
          withdrawalState: 'declined',
          title: 'Withdrawal declined',
          body:
            'Your withdrawal of ₦2,500.00 was declined: Name does not match the account. ' +
            'The money is back on your balance.',
          link: '/dashboard/withdraw',
          createdAt: expect.any(String),
          readAt: null,
        },
        expect.objectContaining({
          withdrawalState: 'approved',
          title: 'Withdrawal approved',
          body: 'Your withdrawal of ₦2,500.00 was approved. The payout desk is sending it to your bank.',
          readAt: null,
        }),
      ],
    });
  });

  it('pages by `next`, older ones after', async () => {
    const bola = await registerUser(h, 'bola', { accountBalance: 1_000_000 });
    for (let i = 0; i < 3; i++) await withdrawal(bola, 'reject');
    const first = await centre(bola, '?pageSize=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.unreadCount).toBe(3);
    const second = await centre(bola, `?pageSize=2&before=${first.next}`);
    expect(second.notifications).toHaveLength(1);
    expect(second.next).toBeNull();
    const ids = [...first.notifications, ...second.notifications].map((n: { id: string }) => n.id);
    expect(new Set(ids).size).toBe(3);
    await h.http.get('/api/users/notifications?pageSize=500').set(bola.auth).expect(400);
    await h.http.get('/api/users/notifications?before=abc').set(bola.auth).expect(400);
  });

  it('marks the ones named read, then all; a person never sees or marks another’s', async () => {
    const chi = await registerUser(h, 'chi', { accountBalance: 1_000_000 });
    const dayo = await registerUser(h, 'dayo', { accountBalance: 1_000_000 });
    await withdrawal(chi, 'approve');
    await withdrawal(chi, 'reject');
    await withdrawal(dayo, 'reject');
    const chis = (await centre(chi)).notifications as { id: string }[];
    const [dayos] = (await centre(dayo)).notifications as { id: string }[];
    expect(chis).toHaveLength(2);
    expect(chis.map((n) => n.id)).not.toContain(dayos!.id);

    // Dayo names Chi's notification: nothing of Chi's changes.
    const mine = await h.http
      .post('/api/users/notifications/read')
      .set(dayo.auth)
      .send({ ids: [chis[0]!.id] })
      .expect(200);
    expect(mine.body).toEqual({ message: 'Notifications marked as read.', unreadCount: 1 });
    expect((await centre(chi)).unreadCount).toBe(2);

    const one = await h.http
      .post('/api/users/notifications/read')
      .set(chi.auth)
      .send({ ids: [chis[1]!.id] })
      .expect(200);
    expect(one.body.unreadCount).toBe(1);
    const after = await centre(chi);
    expect(after.notifications.map((n: { readAt: string | null }) => n.readAt !== null)).toEqual([
      false,
      true,
    ]);

    await h.http.post('/api/users/notifications/read').set(chi.auth).send({}).expect(200, {
      message: 'Notifications marked as read.',
      unreadCount: 0,
    });
    expect((await centre(chi)).notifications.every((n: { readAt: string | null }) => n.readAt)).toBe(true);
    expect((await centre(dayo)).unreadCount).toBe(1);

    // A new one after "all" is unread.
    await withdrawal(chi, 'reject');
    expect((await centre(chi)).unreadCount).toBe(1);
    await h.http.post('/api/users/notifications/read').set(chi.auth).send({ ids: 'all' }).expect(400);
  });

  it('saves a browser’s push subscription for the person, and only they remove it', async () => {
    const eko = await registerUser(h, 'eko');
    const femi = await registerUser(h, 'femi');
    expect((await h.http.get('/api/users/push/key').set(eko.auth).expect(200)).body).toEqual({
      publicKey: PUSH_KEYS.VAPID_PUBLIC_KEY,
    });
    const endpoint = 'https://push.example.test/send/eko-phone';
    await h.http.post('/api/users/push/subscriptions').set(eko.auth).send(subscription(endpoint)).expect(201);
    const owner = async () =>
      (await h.context.pool.query('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [endpoint]))
        .rows;
    expect(await owner()).toEqual([{ user_id: eko.userId }]);

    await h.http.delete('/api/users/push/subscriptions').set(femi.auth).send({ endpoint }).expect(200);
    expect(await owner()).toEqual([{ user_id: eko.userId }]);
    await h.http.delete('/api/users/push/subscriptions').set(eko.auth).send({ endpoint }).expect(200);
    expect(await owner()).toEqual([]);

    const bad = await h.http
      .post('/api/users/push/subscriptions')
      .set(eko.auth)
      .send({ endpoint: 'http://push.example.test/x', keys: { p256dh: 'x', auth: 'y' } })
      .expect(400);
    expect(bad.body.errors).toHaveProperty('endpoint');
  });
});

describe('notifications without push keys', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('says push is off: no key, and a subscription is refused', async () => {
    const user = await registerUser(h, 'gbenga');
    expect((await h.http.get('/api/users/push/key').set(user.auth).expect(200)).body).toEqual({
      publicKey: null,
    });
    const res = await h.http
      .post('/api/users/push/subscriptions')
      .set(user.auth)
      .send(subscription('https://push.example.test/send/1'))
      .expect(404);
    expect(res.body.message).toBe('Notifications on this device are not available.');
    expect((await h.context.pool.query('SELECT 1 FROM push_subscriptions')).rowCount).toBe(0);
  });
});
