/**
 * `npm start`: the whole product in one process on one machine. Provides the database (embedded
 * PostgreSQL when DATABASE_URL is unset), migrates it, starts the projectors, creates the
 * configured admin and finance accounts, loads demo data into an empty ledger (on a developer's
 * machine only: HOST unset, so it listens on 127.0.0.1, and not production), and serves HTTP.
 */
import type { Server } from 'node:http';
import { createLedgerCommands, createPostgresEventStore, moneyRules } from '@kobo/ledger';
import {
  ConfigError,
  createLogger,
  createPool,
  demoDataAllowed,
  loadConfig,
  provideDatabase,
  type Config,
} from '@kobo/platform';
import { startJobs } from '@kobo/jobs';
import {
  projectionNames,
  ProjectionsBehindError,
  startProjectors,
  startRelay,
  type ConsumersHandle,
} from '@kobo/projector';
import { bootstrapAccounts } from './accounts/bootstrap';
import { DEMO_PASSWORD, demoStaff, demoUsers, seedDemoData } from './demo/seed';
import { createApiApp } from './app';
import { liveBalancesOf } from './features/live/live-balances';
import { startNoticeReactor } from './notices/notice-reactor';
import { emailFor, emailSettingsFromEnvironment, type SmtpMailer } from './email';
import { createObjectStore } from './uploads/create-object-store';
import { ensureWebBuild, webDistDir } from './web/ensure-web-build';
import { proofImagesFrom } from './uploads/proof-images';
import { schedulePurges } from './maintenance/purges';
import {
  createAuth,
  createGracefulShutdown,
  createReadYourWrites,
  jwtSecretFromEnvironment,
  shutdownOnSignals,
} from './http';

/**
 * EVENT_STORE=kurrentdb is refused at start for now, before anything is started: the KurrentDB
 * adapter passes the port's contract (when a server is given), but this process still reads
 * PostgreSQL's `events` table directly (finance journal, statements, rebuild, verify, the demo
 * check), which would stay empty. docs/runbooks/kurrentdb.md lists what must move behind the port.
 */
function refuseUnservedEventStore(config: Config): void {
  if (config.eventStore.backend === 'kurrentdb')
    throw new ConfigError(
      "EVENT_STORE=kurrentdb: not yet served by the API, which still reads PostgreSQL's events table " +
        'directly (see docs/runbooks/kurrentdb.md); unset EVENT_STORE to keep the events in PostgreSQL',
    );
}

async function main() {
  const config = loadConfig();
  refuseUnservedEventStore(config);
  const logger = createLogger(config.logLevel);
  ensureWebBuild();
  // Email and object-store settings are read by their features; check them now, not at first use.
  const email = emailSettingsFromEnvironment();
  const objectStore = createObjectStore(config.dataDir, config.s3);
  const database = await provideDatabase(config, logger);
  const pool = createPool(database.url, config.poolSize);
  const store = createPostgresEventStore(pool);
  const commands = createLedgerCommands(store, { rules: moneyRules(config.money) });
  const projectors = await startProjectors({ pool, store, logger });

  const accounts = await bootstrapAccounts(config.bootstrapAccounts, { pool, store, commands });
  for (const account of accounts)
    logger.info(
      { email: account.email, role: account.role, created: account.created },
      'bootstrap account ready',
    );

  // Demo data (and demo staff with a known password) on an empty ledger ("empty": no one has
  // signed up; the bootstrap accounts alone do not count), only where no one else can reach it:
  // listening on 127.0.0.1 (HOST unset), outside production.
  const demo = demoDataAllowed(config);
  const { rowCount: signedUp } = demo
    ? await pool.query(
        `SELECT 1 FROM events WHERE type = 'UserRegistered' AND data->>'role' = 'user' LIMIT 1`,
      )
    : { rowCount: 1 };
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

  const jobs = await startJobs({
    pool,
    databaseUrl: database.url,
    redisUrl: config.redisUrl,
    store,
    commands,
    logger,
    dataDir: config.dataDir,
    images: proofImagesFrom(objectStore),
  });

  const auth = createAuth(
    jwtSecretFromEnvironment({ env: { JWT_SECRET: config.jwtSecret, NODE_ENV: config.env } }),
    pool,
  );
  const writes = createReadYourWrites(projectors, logger);
  // The reactors this process runs: the jobs reactor, and the notices reactor once the mailer exists (below).
  const runningReactors: Pick<ConsumersHandle, 'status'>[] = [jobs.reactor];
  const reactors = {
    status: async () => (await Promise.all(runningReactors.map((reactor) => reactor.status()))).flat(),
  };
  const context = { config, logger, pool, store, commands, projectors, reactors, auth, writes };
  const app = createApiApp(context, {
    webOrigin: config.webOrigin,
    queues: jobs.queues.list(),
    webAppDir: webDistDir,
  });
  // With SMTP, a message whose send failed (or whose process died mid-send) is retried every minute.
  const { mailer } = emailFor(context);
  const retryEmail =
    'deliverUndelivered' in mailer
      ? setInterval(() => {
          (mailer as SmtpMailer)
            .deliverUndelivered()
            .catch((error: unknown) => logger.error({ err: error }, 'email retry failed'));
        }, 60_000)
      : undefined;
  retryEmail?.unref();
  // Old idempotency keys and delivered email are deleted by age, hourly (harmless in every process).
  const purges = schedulePurges(pool, store, logger);
  const notices = await startNoticeReactor({ pool, store, mailer, logger });
  runningReactors.push(notices);
  // With KAFKA_BROKERS, every ledger event is also published to Kafka (docs/kafka-topic.md).
  const relay = config.kafka ? await startRelay({ pool, store, logger, kafka: config.kafka }) : undefined;
  if (relay) runningReactors.push(relay);

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
  });

  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const address = `http://${shownHost}:${config.port}`;
  console.log(`\nKobo is running at ${address}`);
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
    `  kafka:    ${relay ? `every ledger event to topic ${relay.topic} (KAFKA_BROKERS)` : 'no relay (KAFKA_BROKERS unset)'}`,
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

  // Stop accepting, let requests in flight finish, then the jobs, the notices, the relay, the projectors, the
  // pool and, last, the embedded PostgreSQL. Each step runs even if one before it failed (a
  // database that went first), so the server we started is always stopped.
  const shutdown = createGracefulShutdown(server, {
    timeoutMs: 10_000,
    onClosed: async () => {
      if (retryEmail) clearInterval(retryEmail);
      purges.stop();
      const steps: [string, () => Promise<unknown>][] = [
        ['jobs', () => jobs.stop()],
        ['notices', () => notices.stop()],
        ['kafka relay', async () => relay?.stop()],
        ['projectors', () => projectors.stop()],
        ['event store', () => store.close()],
        ['pool', () => pool.end()],
        ['embedded PostgreSQL', () => database.stop()],
      ];
      for (const [what, stop] of steps)
        await stop().catch((error: unknown) => logger.warn({ err: error }, `stopping ${what} failed`));
    },
  });
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

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
