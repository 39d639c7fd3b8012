/** Shared set-up for the projector tests: a real event store on a fresh database, and a scenario. */
import { createPostgresEventStore, type PostgresEventStore } from '@kobo/ledger';
import { createLogger } from '@kobo/platform';
import { appendGroups, appendTogether, generateEventGroups, type EventGroup } from '../bench/generate-events';

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

/**
 * Appends the groups as one atomic append: the same events at the same positions as appendGroups,
 * for a history written before anything reads it (one transaction instead of one per group).
 */
export function appendAtOnce(store: PostgresEventStore, groups: readonly EventGroup[]): Promise<number> {
  return appendTogether(store, groups.flat());
}

export { appendGroups, createPostgresEventStore };
