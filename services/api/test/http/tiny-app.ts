/** A small app built from the HTTP toolkit, for the tests in this folder. */
import pino from 'pino';
import type { Express } from 'express';
import {
  createHttpApp,
  createRouteRegistry,
  createTokenService,
  type IdempotencyStore,
  type RouteDefinition,
  type TokenService,
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
  tokens: TokenService;
  lines: LogLine[];
}

export function tinyApp(
  routes: RouteDefinition[],
  options: {
    idempotencyStore?: IdempotencyStore;
    extraRoutes?: (app: Express) => void;
    jsonLimit?: string;
  } = {},
): TinyApp & ReturnType<typeof createHttpApp> {
  const { logger, lines } = captureLogger();
  const tokens = createTokenService(testSecret);
  const registry = createRouteRegistry({ tokens, idempotencyStore: options.idempotencyStore, logger });
  registry.add(...routes);
  const built = createHttpApp({
    logger,
    webOrigin,
    registry,
    apiInfo: { title: 'Kobo API (test)', version: '0.0.0-test' },
    jsonLimit: options.jsonLimit ?? '1kb',
    extraRoutes: options.extraRoutes,
  });
  return { ...built, tokens, lines };
}
