/**
 * The event store's contract runs on every backend listed here: PostgreSQL always (the embedded
 * server of the test run), KurrentDB when KURRENTDB_URL points at a server (KurrentDB 26.1+, admin
 * credentials, e.g. `kurrentdb://admin:changeit@127.0.0.1:2113?tls=false`). Without it the
 * KurrentDB contract is a skipped describe that says why: no KurrentDB server can be obtained on
 * the development machines, so that run has never been made here.
 */
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@kobo/platform/testing';
import { createPostgresEventStore, type EventStore } from '../../src/event-store';
import { createKurrentDbEventStore } from '../../src/event-store/kurrentdb/event-store';

export interface StoreOptions {
  /** Subscriptions poll this often without notifications. */
  pollIntervalMs?: number;
}

/** An empty log of its own, and the stores opened on it. */
export interface TestLog {
  store: EventStore;
  /** Another store on the same log, as another process would open it; closed with the log. */
  open(options?: StoreOptions): EventStore;
  close(): Promise<void>;
}

export interface Backend {
  name: string;
  createLog(options?: StoreOptions): Promise<TestLog>;
}

function logOf(
  open: (options?: StoreOptions) => EventStore,
  options: StoreOptions | undefined,
  drop = async () => {},
) {
  const stores: EventStore[] = [];
  const opened = (o?: StoreOptions) => {
    const store = open(o);
    stores.push(store);
    return store;
  };
  return {
    store: opened(options),
    open: opened,
    async close() {
      await Promise.all(stores.map((s) => s.close()));
      await drop();
    },
  };
}

export const postgres: Backend = {
  name: 'PostgreSQL',
  async createLog(options) {
    const db = await createTestDatabase();
    return logOf(
      (o) => createPostgresEventStore(db.pool, o),
      options,
      () => db.drop(),
    );
  },
};

/** A namespace per log keeps test files (and runs) apart on one shared server. */
function kurrentDb(url: string): Backend {
  return {
    name: 'KurrentDB',
    async createLog(options) {
      const namespace = `contract-${randomUUID()}`;
      return logOf((o) => createKurrentDbEventStore(url, { namespace, ...o }), options);
    },
  };
}

const kurrentDbUrl = process.env.KURRENTDB_URL;

export const KURRENTDB_SKIPPED =
  'KurrentDB contract: skipped, KURRENTDB_URL is not set (no KurrentDB server can be obtained on this machine)';

/**
 * Declares `body` once per backend, as `<backend> contract: <title>`; the KurrentDB one is a
 * skipped describe named KURRENTDB_SKIPPED when KURRENTDB_URL is not set.
 */
export function describeContract(title: string, body: (backend: Backend) => void): void {
  describe(`PostgreSQL contract: ${title}`, () => body(postgres));
  if (kurrentDbUrl) {
    describe(`KurrentDB contract: ${title}`, () => body(kurrentDb(kurrentDbUrl)));
    return;
  }
  describe.skip(`${KURRENTDB_SKIPPED}: ${title}`, () => body(kurrentDb('kurrentdb://unset')));
  // Jest names skipped tests only in verbose output; say it in every run.
  console.log(`${KURRENTDB_SKIPPED}: ${title}`);
}

/** The whole log through the port, page by page. */
export async function wholeLog(store: EventStore, pageSize = 1000) {
  const events = [];
  for (let after = 0; ;) {
    const page = await store.readAll({ after, limit: pageSize });
    if (page.length === 0) return events;
    events.push(...page);
    after = page[page.length - 1]!.globalPosition;
  }
}
