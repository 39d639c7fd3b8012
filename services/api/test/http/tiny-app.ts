/** A small app built from the HTTP toolkit, for the tests in this folder. */
import pino from 'pino';
import type { Express } from 'express';
import type { Pool } from '@kobo/platform';
import {
  createAuth,
  createHttpApp,
  createRouteRegistry,
  type Auth,
  type IdempotencyStore,
  type RouteDefinition,
} from '../../src/http';

export const testSecret = 'test-secret-that-is-long-enough-for-hs256!!';
export const webOrigin = 'https://web.kobo.test';

export interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string; stack?: string };
  req?: { id?: string; headers?: Record<string, string> };
  [key: string]: unknown;
}

export function captureLogger() {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  );
  return { logger, lines };
}

export interface TinyApp {
  app: Express;
  /** The sign-in side (its sessions live in `sessionsPool`). */
  auth: Auth;
  lines: LogLine[];
}

/** For apps whose tests never sign in: a signed-in request would fail loudly here. */
const noSessions = new Proxy({} as Pool, {
  get(_target, property) {
    throw new Error(`tiny app without sessionsPool: pool.${String(property)} used`);
  },
});

export function tinyApp(
  routes: RouteDefinition[],
  options: {
    idempotencyStore?: IdempotencyStore;
    /** The ledger's record of commands, for routes with an Idempotency-Key (none recorded by default). */
    commandRecorded?: (commandId: string) => Promise<boolean>;
    extraRoutes?: (app: Express) => void;
    jsonLimit?: string;
    /** Where sessions are kept: needed by routes that are not public. */
    sessionsPool?: Pool;
  } = {},
): TinyApp & ReturnType<typeof createHttpApp> {
  const { logger, lines } = captureLogger();
  const auth = createAuth(testSecret, options.sessionsPool ?? noSessions);
  const registry = createRouteRegistry({
    requireRole: auth.requireRole,
    idempotencyStore: options.idempotencyStore,
    commandRecorded: options.commandRecorded,
    logger,
  });
  registry.add(...routes);
  const built = createHttpApp({
    logger,
    webOrigin,
    registry,
    apiInfo: { title: 'Kobo API (test)', version: '0.0.0-test' },
    jsonLimit: options.jsonLimit ?? '1kb',
    extraRoutes: options.extraRoutes,
  });
  return { ...built, auth, lines };
}
