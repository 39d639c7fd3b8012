/**
 * A whole API on a fresh test database: the real event store, command handlers, projectors and
 * HTTP app (supertest drives it). Nothing of ours is mocked.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import {
  createLedgerCommands,
  createPersonalDataKeys,
  createPostgresEventStore,
  moneyRules,
  sealPersonalData,
  type PersonalDataKeys,
  type PostgresEventStore,
} from '@kobo/ledger';
import { payoutsFromSettings, type BankDirectory, type Payouts } from '@kobo/jobs';
import { createLogger, loadConfig, type Config, type Logger } from '@kobo/platform';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  projectionNames,
  startProjectors,
  type ProjectionName,
  type ProjectorsHandle,
} from '@kobo/projector';
import { createApiApp } from '../../src/app';
import type { ApiContext } from '../../src/context';
import { createAuth, createReadYourWrites, writtenPositionsIn } from '../../src/http';
import { bootstrapAccounts } from '../../src/accounts/bootstrap';
import { bankDirectoryFor } from '../../src/features/banks/bank-directory-for';

export interface Harness {
  db: TestDatabase;
  store: PostgresEventStore;
  /** The key service the store seals personal fields with. */
  keys: PersonalDataKeys;
  projectors: ProjectorsHandle;
  context: ApiContext;
  app: Express;
  http: ReturnType<typeof request>;
  config: Config;
  /** Bearer tokens of the bootstrap admin and finance accounts. */
  adminToken: string;
  financeToken: string;
  adminId: string;
  financeId: string;
  close(): Promise<void>;
}

/**
 * Waits until every read model has applied `position` (a command's lastPosition; by default all
 * that is written), or says which did not: then a test's own reads of the tables see it.
 */
export async function settled(h: Harness, position?: number): Promise<void> {
  await h.projectors.waitFor(position ?? (await h.context.store.headPosition()), projectionNames, 30_000);
}

/** Holds a row lock in its own transaction until `release()`: what it guards waits meanwhile. */
export async function holdLock(
  h: Harness,
  sql: string,
  params: unknown[] = [],
): Promise<{ release: () => Promise<void> }> {
  const client = await h.context.pool.connect();
  await client.query('BEGIN');
  await client.query(sql, params);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await client.query('COMMIT');
      client.release();
    },
  };
}

/**
 * Holds one projector between batches (its checkpoint row, locked from another connection) until
 * `release` is called: what a read model that falls behind looks like to the API.
 */
export function holdProjector(
  h: Harness,
  projector: ProjectionName,
): Promise<{ release: () => Promise<void> }> {
  return holdLock(h, 'SELECT 1 FROM projection_checkpoints WHERE projector = $1 FOR UPDATE', [projector]);
}

export interface HarnessOptions {
  /** The clock the ledger's commands and the API's own time rules read (default: the system's). */
  clock?: () => Date;
  /** The bank directory (default: the one the configuration names, the manual one). */
  banks?: BankDirectory;
  /** The payout provider (default: the one the configuration names). */
  payouts?: Payouts;
  /** Where the API logs (default: nowhere). */
  logger?: Logger;
}

export async function startHarness(
  env: Record<string, string> = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  const db = await createTestDatabase(20);
  // No undo window and no confirmation unless a test asks (test/admin/withdrawal-desk.test.ts does).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WITHDRAWAL_UNDO_SECONDS: '0',
    WITHDRAWAL_CONFIRM_ABOVE_NAIRA: '100000000',
    ...env,
  });
  const logger = options.logger ?? createLogger('silent');
  // Personal fields sealed as the servers seal them, under a master key of this harness's own.
  const keys = createPersonalDataKeys({ pool: db.pool, masterKeys: { current: randomBytes(32) } });
  const store = sealPersonalData(createPostgresEventStore(db.pool), keys);
  const commands = createLedgerCommands(store, { rules: moneyRules(config.money), clock: options.clock });
  const payouts = options.payouts ?? payoutsFromSettings(config.payouts);
  const projectors = await startProjectors({ pool: db.pool, store, logger, pollIntervalMs: 200 });
  const auth = createAuth('test-secret-that-is-long-enough-for-hs256-signing', db.pool);
  const writes = createReadYourWrites(projectors, writtenPositionsIn(db.pool), logger);
  // No reactor runs here: a test that needs one starts it (test/notices).
  const reactors = { status: async () => [] };
  const context: ApiContext = {
    config,
    logger,
    pool: db.pool,
    store,
    commands,
    projectors,
    reactors,
    auth,
    writes,
    clock: options.clock,
    banks: options.banks ?? bankDirectoryFor(config, payouts.paystack),
    payouts,
  };
  const app = createApiApp(context, { webOrigin: 'http://localhost:5173' });
  const [admin, finance] = await bootstrapAccounts(
    [
      { role: 'admin', email: 'admin@kobo.test', password: 'admin-password' },
      { role: 'finance', email: 'finance@kobo.test', password: 'finance-password' },
    ],
    { pool: db.pool, store, commands },
  );
  return {
    db,
    store,
    keys,
    projectors,
    context,
    app,
    http: request(app),
    config,
    adminId: admin!.userId,
    financeId: finance!.userId,
    adminToken: await auth.sessions.open({ userId: admin!.userId, role: 'admin' }),
    financeToken: await auth.sessions.open({ userId: finance!.userId, role: 'finance' }),
    async close() {
      await projectors.stop();
      await auth.sessions.close();
      await store.close();
      await db.drop();
    },
  };
}
