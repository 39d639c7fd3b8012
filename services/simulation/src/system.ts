/**
 * The system under test, in this process, on one real PostgreSQL database: the event store and
 * command handlers, the projectors, the job workers (reactor, proof verification, payouts) and
 * the HTTP API (createApiApp on a real port). Each of the last three can be stopped and started
 * again at any moment, on the same database, the way a process dies and is restarted. The erasure
 * reactor (a deleted account's person erased: proof images, sign-in, data key) runs with the jobs,
 * as in the workers role, and dies and comes back with them. The event store seals personal
 * fields under each person's data key (decision 0052).
 *
 * What a "kill" is here (in-process, so it is not SIGKILL): the projectors and the jobs are
 * stopped (their loops end, their connections and leadership locks go) and later started afresh;
 * the API drops every open connection at once, mid-request if one is running, and a new app is
 * built and listens on the same port. A handler already running may still finish its command:
 * to its client that is an answer lost in the network, which is what the client's retry covers.
 *
 * Payouts go to finance's manual desk, or (`paystack`) through Paystack's Transfers API played by
 * its local double: the jobs and the API get a client pointed at it with a short timeout, the
 * webhook secret is its key, reconciliation runs every second, and the double's webhooks go to the
 * API's address, set again each time the API starts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLedgerCommands,
  createPersonalDataKeys,
  createPostgresEventStore,
  sealPersonalData,
  moneyRules,
  type LedgerCommands,
  type PersonalDataKeys,
  type PostgresEventStore,
} from '@kobo/ledger';
import { createLogger, loadConfig, type Config, type Pool } from '@kobo/platform';
import {
  createPaystackClient,
  paystackPayoutProvider,
  payoutsFromSettings,
  startJobs,
  type Jobs,
  type Payouts,
} from '@kobo/jobs';
import type { PaystackDouble } from '@kobo/jobs/testing';
import {
  createCheckpointWaiter,
  startProjectors,
  type CheckpointWaiter,
  type ConsumersHandle,
  type ProjectorsHandle,
} from '@kobo/projector';
import {
  bankDirectoryFor,
  bootstrapAccounts,
  createApiApp,
  type ApiContext,
  createAuth,
  createReadYourWrites,
  writtenPositionsIn,
  createObjectStore,
  proofImagesFrom,
  startErasureReactor,
} from '@kobo/api';

export type ProcessKind = 'projectors' | 'jobs' | 'api';
type ObjectStore = ReturnType<typeof createObjectStore>;

/** How long a command's answer waits for the read models while the projectors are down (ms). */
const READ_YOUR_WRITES_WAIT_MS = 1500;
const JWT_SECRET = 'simulation-secret-that-is-long-enough-for-hs256';
/** How long the Paystack client waits for an answer before it counts the call as unanswered (ms). */
const PAYSTACK_TIMEOUT_MS = 400;
/** Payouts in flight this long (s) are asked about at the provider, every second. */
const RECONCILE_SECONDS = 1;

export interface SystemOptions {
  pool: Pool;
  databaseUrl: string;
  /** Pay through Paystack, played by this double; without it, finance pays by hand. */
  paystack?: Pick<PaystackDouble, 'url' | 'secretKey' | 'setWebhookUrl'>;
}

export interface System {
  config: Config;
  pool: Pool;
  store: PostgresEventStore;
  /** The people's data keys the store seals with (destroyed by the erasure reactor). */
  keys: PersonalDataKeys;
  /** Where proof images are kept (the local directory of DATA_DIR). */
  images: ObjectStore;
  commands: LedgerCommands;
  /** 'http://127.0.0.1:<port>' */
  baseUrl: string;
  adminToken: string;
  /**
   * A second admin, who decides withdrawals: the admin who changes balances may not approve the
   * withdrawals of those accounts.
   */
  approverToken: string;
  financeToken: string;
  running(kind: ProcessKind): boolean;
  stop(kind: ProcessKind): Promise<void>;
  start(kind: ProcessKind): Promise<void>;
  /** Resolves when the API listens (at once when it does). */
  apiReady(): Promise<void>;
  close(): Promise<void>;
}

export async function startSystem({ pool, databaseUrl, paystack }: SystemOptions): Promise<System> {
  // The auth limits count per IP; every simulated client is 127.0.0.1.
  process.env.AUTH_RATE_LIMIT_SCALE ??= '100000';
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-simulation-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Its finance desk pays an approval at any moment: no undo window to wait out.
    WITHDRAWAL_UNDO_SECONDS: '0',
    ...(paystack && {
      PAYOUT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      PAYOUT_RECONCILE_SECONDS: String(RECONCILE_SECONDS),
    }),
  });
  const logger = createLogger('silent');
  const keys = createPersonalDataKeys({ pool, masterKeys: { current: randomBytes(32) } });
  const store = sealPersonalData(createPostgresEventStore(pool), keys);
  const commands = createLedgerCommands(store, { rules: moneyRules(config.money) });
  const payouts: Payouts = paystack ? paystackPayouts(paystack) : payoutsFromSettings(config.payouts);
  const auth = createAuth(JWT_SECRET, pool);
  const objectStore = createObjectStore(dataDir, {});

  let projectors: ProjectorsHandle | undefined;
  let jobs: Jobs | undefined;
  let erasure: ConsumersHandle | undefined;
  let api: { server: Server; waiter: CheckpointWaiter } | undefined;
  let port = 0;
  let ready: { promise: Promise<void>; resolve: () => void } | undefined;

  const starters: Record<ProcessKind, () => Promise<void>> = {
    async projectors() {
      projectors = await startProjectors({ pool, store, logger, pollIntervalMs: 200, leaderRetryMs: 200 });
    },
    async jobs() {
      jobs = await startJobs({
        pool,
        databaseUrl,
        store,
        commands,
        logger,
        dataDir,
        images: proofImagesFrom(objectStore),
        payoutProvider: payouts.provider,
        reconcileSeconds: config.payouts.reconcileSeconds,
      });
      erasure = await startErasureReactor({
        pool,
        store,
        keys,
        images: objectStore,
        logger,
        pollIntervalMs: 200,
        leaderRetryMs: 200,
      });
    },
    async api() {
      // Like a separate API process: its own checkpoint waiter, whether the projectors run or not.
      const waiter = await createCheckpointWaiter(pool, { pollIntervalMs: 200 });
      const context: ApiContext = {
        config,
        logger,
        pool,
        store,
        commands,
        auth,
        projectors: { status: async () => (projectors ? projectors.status() : []) },
        reactors: { status: async () => (jobs ? jobs.reactor.status() : []) },
        writes: createReadYourWrites(waiter, writtenPositionsIn(pool), logger, {
          timeoutMs: READ_YOUR_WRITES_WAIT_MS,
        }),
        banks: bankDirectoryFor(config, payouts.paystack),
        payouts,
      };
      const app = createApiApp(context, { webOrigin: 'http://localhost:5173' });
      const server = await listen(app, port);
      port = (server.address() as { port: number }).port;
      paystack?.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/paystack`);
      api = { server, waiter };
      ready?.resolve();
      ready = undefined;
    },
  };
  const stoppers: Record<ProcessKind, () => Promise<void>> = {
    async projectors() {
      const handle = projectors;
      projectors = undefined;
      await handle?.stop();
    },
    async jobs() {
      const [handle, reactor] = [jobs, erasure];
      jobs = undefined;
      erasure = undefined;
      await Promise.all([handle?.stop(), reactor?.stop()]);
    },
    async api() {
      const running = api;
      if (!running) return;
      api = undefined;
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      ready = { promise, resolve };
      running.server.closeAllConnections();
      await new Promise<void>((r) => running.server.close(() => r()));
      await running.waiter.close();
    },
  };

  await starters.projectors();
  const [admin, finance, approver] = await bootstrapAccounts(
    [
      { role: 'admin', email: 'admin@simulation.test', password: 'admin-password' },
      { role: 'finance', email: 'finance@simulation.test', password: 'finance-password' },
      { role: 'admin', email: 'approver@simulation.test', password: 'approver-password' },
    ],
    { pool, store, commands },
  );
  await starters.jobs();
  await starters.api();

  return {
    config,
    pool,
    store,
    keys,
    images: objectStore,
    commands,
    get baseUrl() {
      return `http://127.0.0.1:${port}`;
    },
    adminToken: await auth.sessions.open({ userId: admin!.userId, role: 'admin' }),
    approverToken: await auth.sessions.open({ userId: approver!.userId, role: 'admin' }),
    financeToken: await auth.sessions.open({ userId: finance!.userId, role: 'finance' }),
    running: (kind) => (kind === 'projectors' ? !!projectors : kind === 'jobs' ? !!jobs : !!api),
    async stop(kind) {
      await stoppers[kind]();
    },
    async start(kind) {
      if (kind === 'projectors' ? projectors : kind === 'jobs' ? jobs : api) return;
      await starters[kind]();
    },
    apiReady: () => ready?.promise ?? Promise.resolve(),
    async close() {
      await stoppers.api();
      await stoppers.jobs();
      await stoppers.projectors();
      await auth.sessions.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What payoutsFromSettings builds for Paystack, with the client's timeout short for the double. */
function paystackPayouts(double: Pick<PaystackDouble, 'url' | 'secretKey'>): Payouts {
  const client = createPaystackClient({
    secretKey: double.secretKey,
    baseUrl: double.url,
    timeoutMs: PAYSTACK_TIMEOUT_MS,
  });
  return { provider: paystackPayoutProvider(client), paystack: client, webhookSecret: double.secretKey };
}

function listen(
  app: { listen: (port: number, host: string, cb: () => void) => Server },
  port: number,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, '127.0.0.1', () => resolve(server));
    server.once('error', reject);
  });
}
