/**
 * `npm start`: the whole product in one process on one machine. Provides the database (embedded
 * PostgreSQL when DATABASE_URL is unset), migrates it, starts the projectors, creates the
 * configured admin and finance accounts, loads demo data into an empty ledger (on a developer's
 * machine only: HOST unset, so it listens on 127.0.0.1, and not production), and serves HTTP.
 *
 * With KOBO_ROLES (roles.ts, decisions/0026) the same command runs a part of it, so several
 * processes share the work on one PostgreSQL (DATABASE_URL): `api` serves HTTP, `projectors` runs
 * the projections, `workers` the jobs, the job workers and the notices. Whichever starts first
 * migrates the schema (the migration runner's lock makes the others wait).
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  clearPersonalDataRemains,
  createLedgerCommands,
  moneyRules,
  type EventStore,
  type PersonalDataKeys,
} from '@kobo/ledger';
import {
  ConfigError,
  createLogger,
  createPool,
  demoDataAllowed,
  loadConfig,
  provideDatabase,
  type Config,
  type Logger,
  type Pool,
  warmPool,
} from '@kobo/platform';
import {
  createQueues,
  jobsReactor,
  payoutsFromSettings,
  startJobs,
  type JobQueues,
  type Payouts,
} from '@kobo/jobs';
import {
  projectionNames,
  ProjectionsBehindError,
  startProjectors,
  relayConsumer,
  startRelay,
  watchConsumers,
  watchProjectors,
  type ConsumersHandle,
  type ProjectorsHandle,
} from '@kobo/projector';
import { rolesFrom, type Role, type Roles } from './roles';
import { bootstrapAccounts, type BootstrappedAccount } from './accounts/bootstrap';
import { DEMO_PASSWORD, demoStaff, demoUsers, seedDemoData } from './demo/seed';
import { someoneSignedUp } from './demo/signed-up';
import { createApiApp, createMetricsApp } from './app';
import type { ApiContext } from './context';
import { eventStoresOf } from './event-stores';
import { bankDirectoryFor } from './features/banks/bank-directory-for';
import { liveBalancesOf } from './features/live/live-balances';
import { erasureReactor, startErasureReactor } from './erasure/erasure-reactor';
import { noticesReactor, startNoticeReactor } from './notices/notice-reactor';
import { developmentPushKeys } from './push/development-keys';
import { pushReactor, startPushSender } from './push/push-sender';
import { emailFor, emailSettingsFromEnvironment, type Mailer, type SmtpMailer } from './email';
import { createObjectStore } from './uploads/create-object-store';
import { ensureWebBuild, webDistDir } from './web/ensure-web-build';
import { proofImagesFrom } from './uploads/proof-images';
import { schedulePurges } from './maintenance/purges';
import {
  createAuth,
  createGracefulShutdown,
  createReadYourWrites,
  writtenPositionsIn,
  writtenPositionsInMemory,
  jwtSecretFromEnvironment,
  shutdownOnSignals,
} from './http';

/**
 * Listens on `port` (0: any free one) at `host`. A port it cannot have (another process holds it)
 * ends the start with the reason: Express 5's `app.listen` hands that error to its callback, where it
 * once passed for listening, so a server printed its address while another process answered there.
 */
async function listen(app: RequestListener, port: number, host: string, setting: string): Promise<Server> {
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) =>
      reject(new ConfigError(`cannot listen on ${host}:${port} (${setting}): ${error.message}`));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  return server;
}

/** http://<host>:<port> as a browser writes it, with the port the server got. */
function addressOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** A part of the process to stop, and what the log calls it if stopping it fails. */
type Stopper = [what: string, stop: () => Promise<unknown>];

/** The API context every feature is built from, and the mailer the features share. */
interface Serving {
  context: ApiContext;
  mailer: Mailer;
}

/** This process: the parts every role shares, made before any role starts, and what the roles started. */
interface Kobo {
  /** The settings as given (`config` may add development push keys). */
  loaded: Config;
  config: Config;
  roles: Roles;
  logger: Logger;
  payouts: Payouts;
  banks: ApiContext['banks'];
  email: ReturnType<typeof emailSettingsFromEnvironment>;
  objectStore: ReturnType<typeof createObjectStore>;
  database: Awaited<ReturnType<typeof provideDatabase>>;
  pool: Pool;
  /** The log as this process writes and reads it: personal fields sealed as they are stored, opened as they are read. */
  store: ApiContext['store'];
  /** The log as it is stored (personal fields sealed): what the Kafka relay publishes. */
  stored: EventStore;
  /** The key service of personal data (sealing, opening, erasure). */
  keys: PersonalDataKeys;
  commands: ApiContext['commands'];
  /** Run here or watched: set by the projectors' entry, which starts first. */
  projectors?: ProjectorsHandle;
  /** The reactors this process runs (workers, relay), or, in an API process without them, as others run them. */
  shownReactors: Pick<ConsumersHandle, 'status'>[];
  /** The topic the relay started here feeds. */
  relayTopic?: string;
  /** The bootstrap accounts (api). */
  accounts: BootstrappedAccount[];
  /** Demo data allowed: the one-process product on a developer's machine. */
  demo: boolean;
  /** Made once, when a role first needs it (servingOf). */
  serving?: Serving;
  /** The job queues, run (workers) or only shown (api). */
  queues?: JobQueues;
}

/**
 * A role of decisions/0026: `start` runs it in this process; `without`, in a process that does not
 * have the role, shows it as other processes run it (when there is anything to show). Both return
 * what they started, to be stopped in that order.
 */
interface RoleEntry {
  role: Role;
  start: (kobo: Kobo) => Promise<Stopper[]>;
  without?: (kobo: Kobo) => Promise<Stopper[]>;
}

/** The roles, in the order they start. The api serves HTTP once every role has started (serveApi). */
const roleTable: RoleEntry[] = [
  { role: 'projectors', start: runProjectors, without: watchTheProjectors },
  { role: 'relay', start: runRelay, without: watchTheRelay },
  { role: 'api', start: prepareApi },
  { role: 'workers', start: runWorkers, without: showTheQueues },
];

async function main() {
  const kobo = await prepareProcess();
  const stopping: Stopper[] = [];
  for (const { role, start, without } of roleTable) {
    const begin = kobo.roles.has(role) ? start : without;
    if (begin) stopping.push(...(await begin(kobo)));
  }
  stopping.push(...startEveryProcess(kobo));
  // Each step runs even if one before it failed (a database that went first), so the server we
  // started is always stopped.
  const stopAll = async () => {
    for (const [what, stop] of stopping)
      await stop().catch((error: unknown) => kobo.logger.warn({ err: error }, `stopping ${what} failed`));
  };
  if (kobo.roles.has('api')) await serveApi(kobo, stopAll);
  else await serveMetrics(kobo, stopping, stopAll);
}

/** The settings checked, then the database (migrated), the pool, the event store and the commands. */
async function prepareProcess(): Promise<Kobo> {
  const loaded = loadConfig();
  const roles = rolesFrom(process.env.KOBO_ROLES, loaded.databaseUrl);
  // A developer's `npm start` has push without settings: keys made once in the data folder.
  const config: Config =
    loaded.push || !(demoDataAllowed(loaded) && roles.all)
      ? loaded
      : { ...loaded, push: await developmentPushKeys(loaded.dataDir) };
  // Before anything starts: a provider that cannot be used stops the start here.
  const payouts = payoutsFromSettings(config.payouts);
  const banks = bankDirectoryFor(config, payouts.paystack);
  const logger = createLogger(config.logLevel);
  if (roles.has('api')) ensureWebBuild();
  // Email and object-store settings are read by their features; check them now, not at first use.
  const email = emailSettingsFromEnvironment();
  const objectStore = createObjectStore(config.dataDir, config.s3);
  const database = await provideDatabase(config, logger);
  // A server's pool: its connections stay open once opened (the api opens them all before it serves).
  const pool = createPool(database.url, config.poolSize, { keepOpen: true });
  await refuseClearPersonalData(config, pool, database);
  const { store, stored, keys } = eventStoresOf(config, pool);
  const commands = createLedgerCommands(store, { rules: moneyRules(config.money) });
  return {
    loaded,
    config,
    roles,
    logger,
    payouts,
    banks,
    email,
    objectStore,
    database,
    pool,
    store,
    stored,
    keys,
    commands,
    shownReactors: [],
    accounts: [],
    demo: false,
  };
}

/**
 * A log written before personal fields were sealed must be re-sealed before it serves: its email and
 * username claims are named by their values, where the sealing store does not look, so an address
 * registered then could be registered again.
 */
async function refuseClearPersonalData(
  config: Config,
  pool: Pool,
  database: { stop(): Promise<void> },
): Promise<void> {
  if (config.eventStore.backend !== 'postgres' || !(await clearPersonalDataRemains(pool))) return;
  await pool.end();
  await database.stop();
  throw new ConfigError(
    'This database holds personal data in the clear, written before personal fields were sealed: ' +
      'back it up, run `npm run ledger -- reseal` (docs/runbooks/reseal.md), then start again',
  );
}

/** The projectors' handle, which their entry (the first) sets. */
function projectorsOf(kobo: Kobo): ProjectorsHandle {
  if (!kobo.projectors) throw new Error('the projectors are started (or watched) before anything uses them');
  return kobo.projectors;
}

/** projectors: every projection, run here. */
async function runProjectors(kobo: Kobo): Promise<Stopper[]> {
  const { pool, store, logger, config } = kobo;
  kobo.projectors = await startProjectors({ pool, store, logger, kafka: config.kafka });
  return []; // stopped with the parts every process has (startEveryProcess), as a watch is
}

/** Without the role, the projectors run in other processes: this one reads their checkpoints. */
async function watchTheProjectors(kobo: Kobo): Promise<Stopper[]> {
  kobo.projectors = await watchProjectors({ pool: kobo.pool, store: kobo.store });
  return [];
}

/**
 * relay: the Kafka relay (KAFKA_BROKERS): every ledger event also published to Kafka
 * (docs/kafka-topic.md), one leader across the processes with the relay role. Started before
 * anything waits for the projectors, which then read the topic it feeds (decision 0028).
 */
async function runRelay(kobo: Kobo): Promise<Stopper[]> {
  const { pool, stored, logger, config } = kobo;
  if (!config.kafka) return [];
  const relay = await startRelay({ pool, store: stored, logger, kafka: config.kafka });
  kobo.shownReactors.push(relay);
  kobo.relayTopic = relay.topic;
  return [['kafka relay', () => relay.stop()]];
}

/** An API process without the relay shows it as another process runs it. */
async function watchTheRelay(kobo: Kobo): Promise<Stopper[]> {
  const { pool, store, config } = kobo;
  if (config.kafka && kobo.roles.has('api'))
    kobo.shownReactors.push(watchConsumers(pool, store, [relayConsumer(config.kafka.topic)]));
  return [];
}

/** api, before it serves: the bootstrap accounts, and the demo data where it belongs. */
async function prepareApi(kobo: Kobo): Promise<Stopper[]> {
  const { pool, store, commands, logger } = kobo;
  kobo.accounts = await bootstrapAccounts(kobo.config.bootstrapAccounts, { pool, store, commands });
  for (const account of kobo.accounts)
    logger.info(
      { email: account.email, role: account.role, created: account.created },
      'bootstrap account ready',
    );
  kobo.demo = await loadDemoData(kobo);
  return [];
}

async function loadDemoData(kobo: Kobo): Promise<boolean> {
  const { config, roles, pool, store, commands, objectStore, logger } = kobo;
  const projectors = projectorsOf(kobo);
  // Demo data (and demo staff with a known password) on an empty ledger ("empty": no one has
  // signed up; the bootstrap accounts alone do not count), only where no one else can reach it:
  // listening on 127.0.0.1 (HOST unset), outside production, in the one-process product.
  const demo = demoDataAllowed(config) && roles.all;
  const signedUp = demo ? await someoneSignedUp(store) : true;
  if (demo && !signedUp) {
    const staff = await bootstrapAccounts(demoStaff, { pool, store, commands });
    const adminId = staff.find((a) => a.role === 'admin')!.userId;
    await seedDemoData({ pool, commands, adminId, images: objectStore });
    // Ready means the demo reads back whole: the first sign-in sees every balance and list.
    const head = await store.headPosition();
    // Late is not fatal: the server starts, and the screens fill in as the projectors catch up.
    await projectors.waitFor(head, projectionNames, 60_000).catch((error: unknown) => {
      if (!(error instanceof ProjectionsBehindError)) throw error;
      logger.warn({ head, behind: error.behind }, `demo data is still being projected: ${error.message}`);
    });
    logger.info('empty ledger: demo data loaded');
  }
  return demo;
}

/** The API context and the mailer, made once, when a role first needs them. */
function servingOf(kobo: Kobo): Serving {
  if (kobo.serving) return kobo.serving;
  const { config, logger, pool, store, commands, roles, banks, payouts } = kobo;
  const projectors = projectorsOf(kobo);
  const auth = createAuth(
    jwtSecretFromEnvironment({
      env: {
        JWT_SECRET: config.jwtSecret,
        NODE_ENV: config.env,
        ...(config.hostSet ? { HOST: config.host } : {}),
        ...(config.plainHttp ? { PLAIN_HTTP: '1' } : {}),
      },
    }),
    pool,
  );
  // The one-process product is the only API process: its written positions stay in memory.
  const writes = createReadYourWrites(
    projectors,
    roles.all ? writtenPositionsInMemory() : writtenPositionsIn(pool),
    logger,
  );
  const reactors = {
    status: async () => (await Promise.all(kobo.shownReactors.map((reactor) => reactor.status()))).flat(),
  };
  const context = {
    config,
    logger,
    pool,
    store,
    commands,
    projectors,
    reactors,
    auth,
    writes,
    banks,
    payouts,
  };
  const { mailer } = emailFor(context);
  kobo.serving = { context, mailer };
  return kobo.serving;
}

/** workers: the jobs (reactor and workers), the notices and erasure reactors, email retries and push. */
async function runWorkers(kobo: Kobo): Promise<Stopper[]> {
  const { mailer } = servingOf(kobo);
  const { pool, database, config, store, keys, commands, logger, objectStore, payouts } = kobo;
  const stopping: Stopper[] = [];
  const jobs = await startJobs({
    pool,
    databaseUrl: database.url,
    redisUrl: config.redisUrl,
    store,
    commands,
    logger,
    dataDir: config.dataDir,
    images: proofImagesFrom(objectStore),
    kafka: config.kafka,
    payoutProvider: payouts.provider,
    reconcileSeconds: config.payouts.reconcileSeconds,
    payoutStartMarginSeconds: config.payouts.startMarginSeconds,
  });
  stopping.push(['jobs', () => jobs.stop()]);
  kobo.queues = jobs.queues;
  // With SMTP, a message whose send failed (or whose process died mid-send) is retried every minute.
  const retryEmail =
    'deliverUndelivered' in mailer
      ? setInterval(() => {
          (mailer as SmtpMailer)
            .deliverUndelivered()
            .catch((error: unknown) => logger.error({ err: error }, 'email retry failed'));
        }, 60_000)
      : undefined;
  retryEmail?.unref();
  const notices = await startNoticeReactor({ pool, store, mailer, logger, kafka: config.kafka });
  stopping.push([
    'notices',
    async () => {
      clearInterval(retryEmail);
      await notices.stop();
    },
  ]);
  kobo.shownReactors.push(jobs.reactor, notices);
  const erasure = await startErasureReactor({
    pool,
    store,
    keys,
    images: objectStore,
    logger,
    kafka: config.kafka,
  });
  stopping.push(['erasure', () => erasure.stop()]);
  kobo.shownReactors.push(erasure);
  if (config.push) {
    const push = await startPushSender({ pool, store, logger, push: config.push, kafka: config.kafka });
    stopping.push(['push', () => push.stop()]);
    kobo.shownReactors.push(push);
  }
  return stopping;
}

/** The API still shows the queues (Bull Board, /metrics) and the reactors other processes run. */
async function showTheQueues(kobo: Kobo): Promise<Stopper[]> {
  if (!kobo.roles.has('api')) return [];
  const { mailer } = servingOf(kobo);
  const { pool, store, database, config, logger } = kobo;
  const shown = createQueues({
    databaseUrl: database.url,
    redisUrl: config.redisUrl,
    onError: (err) => logger.warn({ err }, 'job queue connection error'),
  });
  kobo.queues = shown;
  kobo.shownReactors.push(
    watchConsumers(pool, store, [
      jobsReactor(shown),
      noticesReactor({ pool, mailer }),
      erasureReactor({ pool, store, keys: kobo.keys, images: kobo.objectStore }),
      ...(config.push ? [pushReactor({ pool, logger, push: config.push })] : []),
    ]),
  );
  return [['queues', () => shown.close()]];
}

/** In every process: the purges, then the parts every role shares, stopped last. */
function startEveryProcess(kobo: Kobo): Stopper[] {
  const { context } = servingOf(kobo);
  const { pool, store, logger, database } = kobo;
  const projectors = projectorsOf(kobo);
  // Old idempotency keys and delivered email are deleted by age, hourly (harmless in every process).
  const purges = schedulePurges(pool, store, logger);
  return [
    ['purges', async () => purges.stop()],
    ['projectors', () => projectors.stop()],
    ['sessions', () => context.auth.sessions.close()],
    ['event store', () => store.close()],
    ['pool', () => pool.end()],
    ['embedded PostgreSQL', () => database.stop()],
  ];
}

/** A process without the api role: METRICS_PORT serves /healthz and /metrics, so its consumers are scraped too. */
async function serveMetrics(kobo: Kobo, stopping: Stopper[], stopAll: () => Promise<void>): Promise<void> {
  const { config, roles, logger } = kobo;
  let metricsAddress = '';
  const { metricsPort } = config;
  if (metricsPort !== undefined) {
    const metricsApp = createMetricsApp(servingOf(kobo).context, kobo.queues?.list());
    const listening = await listen(metricsApp, metricsPort, config.host, 'METRICS_PORT').catch(
      async (error: unknown) => {
        await stopAll();
        throw error;
      },
    );
    stopping.unshift([
      'metrics listener',
      () =>
        new Promise<void>((resolve) => {
          listening.close(() => resolve());
          listening.closeAllConnections(); // a scraper's kept-alive connection would hold close()
        }),
    ]);
    metricsAddress = `; /healthz and /metrics on ${addressOf(listening, config.host)} (METRICS_PORT)`;
  }
  console.log(`\nKobo ${roles.names.join(', ')} running on DATABASE_URL (KOBO_ROLES)${metricsAddress}\n`);
  shutdownOnSignals(async () => {
    logger.info('shutting down');
    await stopAll();
    process.exit(0);
  });
}

/** api: HTTP, on PORT, with what it serves printed. */
async function serveApi(kobo: Kobo, stopAll: () => Promise<void>): Promise<void> {
  const { config, logger } = kobo;
  const { context } = servingOf(kobo);
  const app = createApiApp(context, {
    webOrigin: config.webOrigin,
    queues: kobo.queues?.list(),
    webAppDir: webDistDir,
  });
  // Every connection of the pool open before the first request, not while the first burst waits.
  await warmPool(kobo.pool).catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });

  const server = await listen(app, config.port, config.host, 'PORT').catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });

  await printWhatRuns(kobo, addressOf(server, config.host));

  // Stop accepting, let requests in flight finish, then the jobs, the notices, the projectors, the
  // pool and, last, the embedded PostgreSQL.
  const shutdown = createGracefulShutdown(server, { timeoutMs: 10_000, onClosed: stopAll });
  shutdownOnSignals(async () => {
    logger.info('shutting down');
    // Event streams never go idle: end them first, or closing the server waits for its timeout.
    await liveBalancesOf(context)
      .close()
      .catch((error: unknown) => logger.warn({ err: error }, 'closing the live streams failed'));
    await shutdown().catch((error) => logger.error({ err: error }, 'shutdown failed'));
    process.exit(0);
  });
}

/** The address and what is served there, the sign-ins, and a warning for demo sign-ins left in a reachable database. */
async function printWhatRuns(kobo: Kobo, address: string): Promise<void> {
  const { config, loaded, roles, logger, pool, database, email, objectStore, relayTopic, accounts, demo } =
    kobo;
  console.log(`\nKobo is running at ${address}${roles.all ? '' : ` (KOBO_ROLES=${roles.names.join(',')})`}`);
  console.log(
    config.hostSet
      ? `  listening on ${config.host} (HOST): no demo data or demo sign-ins`
      : '  listening on 127.0.0.1 only (set HOST to listen elsewhere; demo data is then off)',
  );
  console.log(`  web app:  ${address}/ (built from frontend/web)`);
  console.log(`  API:      ${address}/api (reference: ${address}/api/docs)`);
  console.log(
    `  health:   ${address}/healthz, ${address}/readyz, metrics ${address}/metrics (${config.metricsToken ? 'METRICS_TOKEN' : 'this machine only'})`,
  );
  console.log(
    `  queues:   ${address}/admin/queues (admins; ${config.redisUrl ? 'Redis' : 'PostgreSQL'} backend)`,
  );
  console.log(
    `  database: ${database.embedded ? `embedded PostgreSQL (data in ${config.dataDir}/pg)` : 'DATABASE_URL'}`,
  );
  console.log(`  email:    ${email.smtpUrl ? 'SMTP' : 'kept in the email_outbox table (SMTP_URL unset)'}`);
  console.log(`  images:   ${objectStore.description}`);
  console.log(
    `  push:     ${config.push ? (loaded.push ? 'Web Push (VAPID_* settings)' : `Web Push, development keys in ${config.dataDir}/vapid-keys.json`) : 'off (VAPID_* unset)'}`,
  );
  console.log(
    `  kafka:    ${relayTopic ? `every ledger event to topic ${relayTopic} (KAFKA_BROKERS)` : config.kafka ? 'the relay runs in another process (KOBO_ROLES)' : 'no relay (KAFKA_BROKERS unset)'}`,
  );
  for (const account of accounts)
    console.log(`  ${account.role} sign-in: ${account.email} (password from the environment)`);
  const { rowCount: demoLoaded } = await pool.query('SELECT 1 FROM credentials WHERE email = $1', [
    demoStaff[0]!.email,
  ]);
  // A database that had demo data before HOST was set keeps its demo sign-ins: say so loudly.
  if (demoLoaded && !demo)
    logger.warn(
      { email: demoStaff[0]!.email },
      'demo sign-ins with a known password exist in this database; remove them before exposing it',
    );
  if (demoLoaded && demo) {
    console.log(`  demo sign-ins (password "${DEMO_PASSWORD}"):`);
    console.log(`    staff: ${demoStaff.map((a) => `${a.email} (${a.role})`).join(', ')}`);
    console.log(`    users: ${demoUsers.map((u) => u.email).join(', ')}`);
  }
  console.log('  finance tools: npm run ledger -- verify | status | balance <account> | export | rebuild\n');
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
