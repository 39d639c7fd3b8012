/**
 * What every feature's routes are built from. Features export `routes(context)` returning their
 * route declarations; app.ts adds them all to one registry (one OpenAPI document, one router).
 */
import type { BankDirectory, Payouts } from '@kobo/jobs';
import type { EventStore, LedgerCommands } from '@kobo/ledger';
import type { Config, Logger, Pool } from '@kobo/platform';
import type { ConsumersHandle, ProjectorsHandle } from '@kobo/projector';
import type { Auth, ReadYourWrites, RouteDefinition } from './http';

export interface ApiContext {
  config: Config;
  logger: Logger;
  pool: Pool;
  store: EventStore;
  commands: LedgerCommands;
  /** The projectors' status, for health and the finance screens. */
  projectors: Pick<ProjectorsHandle, 'status'>;
  /** The reactors' status (jobs, notices: the other consumers of the log), for metrics and the finance screens. */
  reactors: Pick<ConsumersHandle, 'status'>;
  auth: Auth;
  /**
   * Read-your-writes: a command waits for the projections it reads back (`caughtUpTo`), or, when it
   * answers from its own events, the writer's next read waits instead (`wrote`, `caughtUp`).
   */
  writes: ReadYourWrites;
  /**
   * The time rules that run in the API are judged at (the transaction PIN's block), as the ledger's
   * commands take theirs (`LedgerCommandsOptions.clock`); tests move it. Default: the system clock.
   */
  clock?: () => Date;
  /** The banks users may be paid at and the account check (`bankDirectoryFor(config)`). */
  banks: BankDirectory;
  /** Who pays approved withdrawals (PAYOUT_PROVIDER), and the secret that signs its webhooks. */
  payouts: Payouts;
}

/** The context's time now. */
export const nowOf = (context: Pick<ApiContext, 'clock'>): Date => context.clock?.() ?? new Date();

/** A feature's routes, built from the context (each feature folder exports one). */
export type FeatureRoutes = (context: ApiContext) => RouteDefinition[];
