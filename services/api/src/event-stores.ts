/**
 * The log as a process writes and reads it. `stored` keeps events as the backend the settings name
 * stores them (PostgreSQL, or KurrentDB with EVENT_STORE=kurrentdb): personal fields sealed, what
 * the Kafka relay publishes. `store` is the same log with personal fields sealed as they are
 * appended and opened as they are read, under the master key of the settings
 * (docs/decisions/0052-personal-data-in-the-log.md): what commands, projections and routes use.
 */
import {
  createPersonalDataKeys,
  createPostgresEventStore,
  sealPersonalData,
  type EventStore,
  type PersonalDataKeys,
} from '@kobo/ledger';
// An entry point of its own: its gRPC client is loaded by what starts a store, not by every
// importer of the ledger.
import { createKurrentDbEventStore } from '@kobo/ledger/kurrentdb';
import { masterKeysOf, type Config, type Pool } from '@kobo/platform';

export interface EventStores {
  store: EventStore;
  stored: EventStore;
  keys: PersonalDataKeys;
}

export function eventStoresOf(config: Config, pool: Pool): EventStores {
  const stored =
    config.eventStore.backend === 'kurrentdb'
      ? createKurrentDbEventStore(config.eventStore.url)
      : createPostgresEventStore(pool);
  const keys = createPersonalDataKeys({ pool, masterKeys: masterKeysOf(config) });
  return { stored, keys, store: sealPersonalData(stored, keys) };
}
