/**
 * What every feature's routes are built from. Features export `routes(context)` returning their
 * route declarations; app.ts adds them all to one registry (one OpenAPI document, one router).
 */
import type { BankDirectory } from '@kobo/jobs';
import type { LedgerCommands, PostgresEventStore } from '@kobo/ledger';
import type { Config, Logger, Pool } from '@kobo/platform';
import type { ConsumersHandle, ProjectorsHandle } from '@kobo/projector';
import type { Auth, ReadYourWrites, RouteDefinition } from './http';

export interface ApiContext {
  config: Config;
  logger: Logger;
  pool: Pool;
  store: PostgresEventStore;
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
  /** The banks users may be paid at and the account check (`bankDirectoryFor(config)`). */
  banks: BankDirectory;
}

/** A feature's routes, built from the context (each feature folder exports one). */
export type FeatureRoutes = (context: ApiContext) => RouteDefinition[];
