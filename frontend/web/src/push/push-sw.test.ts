/**
 * The service worker's push handlers on a stand-in for the worker's scope (the browser's own
 * objects: there is no service worker in jsdom): a push becomes a notification with its words and
 * link, and a tap opens that page.
 */
import { pushMessageOf, registerPushHandlers } from './push-sw';

type Listener = (event: unknown) => void;

function workerScope() {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const scope = {
    location: new URL('https://kobo.ng/') as unknown as Location,
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    } as unknown as ServiceWorkerRegistration,
    clients: {
      matchAll: async () => [],
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  registerPushHandlers(scope as never);
  const dispatch = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { shown, opened, dispatch };
}

const data = (value: unknown) => ({ json: () => value, text: () => JSON.stringify(value) });

it('shows a push as a notification with its words, tagged by its id', async () => {
  const worker = workerScope();
  await worker.dispatch('push', {
    data: data({
      id: 'n1',
      title: 'Withdrawal paid',
      body: 'Your withdrawal of ₦2,500.00 was paid.',
      link: '/dashboard/withdraw',
    }),
  });
  expect(worker.shown).toEqual([
    {
      title: 'Withdrawal paid',
      options: expect.objectContaining({
        body: 'Your withdrawal of ₦2,500.00 was paid.',
        tag: 'n1',
        data: { link: '/dashboard/withdraw' },
      }),
    },
  ]);
});

it('opens the notification’s page when it is tapped', async () => {
  const worker = workerScope();
  let closed = false;
  await worker.dispatch('notificationclick', {
    notification: { data: { link: '/dashboard/tasks' }, close: () => (closed = true) },
  });
  expect(closed).toBe(true);
  expect(worker.opened).toEqual(['https://kobo.ng/dashboard/tasks']);
});

it('never follows a link off the site, and shows what it cannot read plainly', () => {
  expect(pushMessageOf(data({ id: 'x', title: 'Hi', body: '', link: 'https://evil.example/' })).link).toBe(
    '/dashboard',
  );
  expect(
    pushMessageOf({
      json: () => {
        throw new Error('not JSON');
      },
      text: () => 'hello',
    }),
  ).toEqual({
    id: '',
    title: 'Kobo',
    body: 'hello',
    link: '/dashboard',
  });
});
