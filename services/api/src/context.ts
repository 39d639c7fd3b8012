/**
 * What every feature's routes are built from. Features export `routes(context)` returning their
 * route declarations; app.ts adds them all to one registry (one OpenAPI document, one router).
 */
import type { LedgerCommands, PostgresEventStore } from '@kobo/ledger';
import type { Config, Logger, Pool } from '@kobo/platform';
import type { ProjectorsHandle } from '@kobo/projector';
import type { Auth, ReadYourWrites, RouteDefinition } from './http';

export interface ApiContext {
  config: Config;
  logger: Logger;
  pool: Pool;
  store: PostgresEventStore;
  commands: LedgerCommands;
  /** waitFor(position) after a command, so the caller reads back what it just did. */
  projectors: Pick<ProjectorsHandle, 'waitFor' | 'status'>;
  auth: Auth;
  /** For commands that answer from their own events: the writer's next read waits instead. */
  writes: ReadYourWrites;
}

/** A feature's routes, built from the context (each feature folder exports one). */
export type FeatureRoutes = (context: ApiContext) => RouteDefinition[];
