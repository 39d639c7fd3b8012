/**
 * The push sender against a local push service over real HTTP (the real push services cannot be
 * reached from here): each notification reaches the person's browsers encrypted for them and
 * signed with the server's VAPID key; a subscription the service says is gone is forgotten; a push
 * the service fails once is tried again; the history is not pushed.
 */
import { eventually } from '@kobo/platform/testing';
import type { ConsumersHandle } from '@kobo/projector';
import { savePushSubscription } from '../../src/features/notifications/push-subscriptions';
import { startPushSender, type PushMessage } from '../../src/push/push-sender';
import { startHarness, type Harness } from '../support/harness';
import { registerUser, settled, type TestUser } from '../user-area/support';
import {
  browserKeys,
  startLocalPushService,
  type BrowserKeys,
  type LocalPushService,
} from './local-push-service';

const PUSH_KEYS = {
  VAPID_PUBLIC_KEY: 'BFRtoQTlVlW1DpuJ7ce5PmZGG_fvUpkuQKiPYIR9j5CNUswzwQXRM_z5AzTwdWSF9bTRWVLLIWS51LRrGD0ZTgU',
  VAPID_PRIVATE_KEY: '4bAemlKAq6N-7zm6IvLV1hKeBrjhNmNV80QEqG_Ro9k',
  VAPID_SUBJECT: 'mailto:support@kobo.test',
};

let h: Harness;
let service: LocalPushService;
let sender: ConsumersHandle | undefined;
let clock = () => new Date();

beforeAll(async () => {
  h = await startHarness(PUSH_KEYS);
  service = await startLocalPushService();
});
afterEach(async () => {
  await sender?.stop();
  sender = undefined;
});
afterAll(async () => {
  await service.close();
  await h.close();
});

const start = async () => {
  sender = await startPushSender({
    pool: h.context.pool,
    store: h.store,
    logger: h.context.logger,
    push: h.config.push!,
    pollIntervalMs: 100,
    retryDelayMs: 10,
    now: () => clock(),
  });
};

async function subscribe(
  user: TestUser,
  script: 'ok' | 'gone' | 'flaky',
): Promise<{ endpoint: string; keys: BrowserKeys }> {
  const keys = browserKeys();
  const endpoint = `${service.origin}/${script}/${user.userId}`;
  await savePushSubscription(h.context.pool, user.userId, { endpoint, keys });
  return { endpoint, keys };
}

/** A withdrawal of ₦2,500 by `user`, declined by the admin. */
async function declinedWithdrawal(user: TestUser): Promise<void> {
  const { body } = await h.http
    .post('/api/users/withdraw')
    .set(user.auth)
    .send({ amount: 2500, type: 'withdrawal' })
    .expect(201);
  await settled(h);
  await h.http
    .post('/api/admin/withdrawals/reject')
    .set({ Authorization: `Bearer ${h.adminToken}` })
    .send({ transactionId: body.withdrawal.id, reason: 'Name does not match the account.' })
    .expect(200);
}

const pushesTo = (endpoint: string) =>
  service.received.filter((push) => `${service.origin}${push.path}` === endpoint);

it('sends the notification encrypted for the browser, signed with the VAPID key, once', async () => {
  await start();
  const ada = await registerUser(h, 'ada', { accountBalance: 1_000_000 });
  const { endpoint, keys } = await subscribe(ada, 'ok');
  await declinedWithdrawal(ada);

  const [push] = await eventually('the push', async () =>
    pushesTo(endpoint).length ? pushesTo(endpoint) : undefined,
  );
  expect(push!.headers['content-encoding']).toBe('aes128gcm');
  expect(push!.headers.ttl).toBe('86400');
  expect(push!.headers.topic).toMatch(/^[0-9a-f]{32}$/);
  expect(push!.vapid).toEqual({
    aud: service.origin,
    sub: 'mailto:support@kobo.test',
    exp: expect.any(Number),
    publicKey: PUSH_KEYS.VAPID_PUBLIC_KEY,
  });
  const message = JSON.parse(keys.decrypt(push!.body)) as PushMessage;
  const { rows } = await h.context.pool.query(
    'SELECT notification_id FROM notifications WHERE user_id = $1',
    [ada.userId],
  );
  expect(message).toEqual({
    id: rows[0]?.notification_id ?? expect.any(String),
    title: 'Withdrawal declined',
    body: 'Your withdrawal of ₦2,500.00 was declined: Name does not match the account. The money is back on your balance.',
    link: '/dashboard/withdraw',
  });
  expect(push!.headers.topic).toBe(message.id.replace(/-/g, ''));

  // Another person's notification does not reach Ada's browser.
  const bola = await registerUser(h, 'bola', { accountBalance: 1_000_000 });
  await declinedWithdrawal(bola);
  const head = await h.context.store.headPosition();
  await eventually('the sender past Bola’s decline', async () => {
    const [status] = await sender!.status();
    return status && status.position >= head ? true : undefined;
  });
  expect(pushesTo(endpoint)).toHaveLength(1);
});

it('forgets a subscription the push service says is gone', async () => {
  await start();
  const chi = await registerUser(h, 'chi', { accountBalance: 1_000_000 });
  const { endpoint } = await subscribe(chi, 'gone');
  await declinedWithdrawal(chi);
  await eventually('the subscription forgotten', async () => {
    const { rowCount } = await h.context.pool.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [
      endpoint,
    ]);
    return rowCount === 0 ? true : undefined;
  });
  expect(pushesTo(endpoint)).toHaveLength(1);
});

it('tries again when the push service fails, and delivers', async () => {
  await start();
  const dayo = await registerUser(h, 'dayo', { accountBalance: 1_000_000 });
  const { endpoint, keys } = await subscribe(dayo, 'flaky');
  await declinedWithdrawal(dayo);
  const pushes = await eventually('the second try', async () =>
    pushesTo(endpoint).length >= 2 ? pushesTo(endpoint) : undefined,
  );
  expect(pushes.map((push) => JSON.parse(keys.decrypt(push.body)).title)).toEqual([
    'Withdrawal declined',
    'Withdrawal declined',
  ]);
  const { rowCount } = await h.context.pool.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [
    endpoint,
  ]);
  expect(rowCount).toBe(1);
});

it('does not push what happened more than a day ago', async () => {
  const eko = await registerUser(h, 'eko', { accountBalance: 1_000_000 });
  const { endpoint } = await subscribe(eko, 'ok');
  await declinedWithdrawal(eko);
  clock = () => new Date(Date.now() + 25 * 60 * 60 * 1000);
  try {
    await start();
    const head = await h.context.store.headPosition();
    await eventually('the sender past Eko’s decline', async () => {
      const [status] = await sender!.status();
      return status && status.position >= head ? true : undefined;
    });
    expect(pushesTo(endpoint)).toHaveLength(0);
  } finally {
    clock = () => new Date();
  }
});
