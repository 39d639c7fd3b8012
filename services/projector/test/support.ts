/** Shared set-up for the projector tests: a real event store on a fresh database, and a scenario. */
import { createPostgresEventStore, type PostgresEventStore } from '@kobo/ledger';
import { createLogger } from '@kobo/platform';
import { generateEventGroups, type EventGroup, type GeneratedEvent } from '../bench/generate-events';

export const quietLogger = createLogger('silent');

export function scenario(events: number, seed = 7): EventGroup[] {
  return [...generateEventGroups({ events, seed })];
}

/** Appends each group as one atomic append, in order, with the exact expected versions. */
export async function appendGroups(
  store: PostgresEventStore,
  groups: readonly EventGroup[],
): Promise<number> {
  let last = 0;
  for (const group of groups) {
    const byStream = new Map<string, GeneratedEvent[]>();
    for (const event of group) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    const result = await store.appendToStreams(
      [...byStream].map(([streamId, events]) => ({
        streamId,
        expectedVersion: events[0]!.version - 1,
        events: events.map((event) => ({
          id: event.id,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
        })),
      })),
    );
    last = result.lastPosition;
  }
  return last;
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

export { createPostgresEventStore };
