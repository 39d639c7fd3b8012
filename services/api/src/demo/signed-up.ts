/** Whether anyone has signed up: the demo data is loaded only on a ledger where no one has. */
import type { EventStore } from '@kobo/ledger';

/**
 * Whether the log holds a user's registration (role user; staff made by the bootstrap accounts do
 * not count). Read through the event-store port, page by page of registrations, from the start.
 */
export async function someoneSignedUp(store: EventStore): Promise<boolean> {
  for (let from = 0; ;) {
    const page = await store.readLog({
      direction: 'forwards',
      from,
      limit: 100,
      filter: { types: ['UserRegistered'] },
    });
    if (page.some((event) => (event.data as { role?: unknown } | null)?.role === 'user')) return true;
    if (page.length < 100) return false;
    from = page[page.length - 1]!.globalPosition;
  }
}
