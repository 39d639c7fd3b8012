/** Shared set-up for the projector tests: a real event store on a fresh database, and a scenario. */
import { createPostgresEventStore } from '@kobo/ledger';
import { createLogger } from '@kobo/platform';
import { appendGroups, generateEventGroups, type EventGroup } from '../bench/generate-events';

export const quietLogger = createLogger('silent');

export function scenario(events: number, seed = 7): EventGroup[] {
  return [...generateEventGroups({ events, seed })];
}

/** Every account's balance, summed from the postings of the generated events. */
export function balancesOf(events: readonly { data: unknown }[]): Map<string, number> {
  const balances = new Map<string, number>();
  for (const event of events) {
    const postings = (event.data as { postings?: { account: string; amount: number }[] }).postings ?? [];
    for (const posting of postings)
      balances.set(posting.account, (balances.get(posting.account) ?? 0) + posting.amount);
  }
  return balances;
}

export function postingsCount(events: readonly { data: unknown }[]): number {
  return events.reduce(
    (sum, event) => sum + ((event.data as { postings?: unknown[] }).postings?.length ?? 0),
    0,
  );
}

export { appendGroups, createPostgresEventStore };
