/**
 * The HTTP app's frame, in the order that matters: request id and log line first (so every later
 * line carries the id), timing, security headers and CORS, the JSON body parser, the declared
 * routes with their OpenAPI document and docs page, a 404 problem for the rest of the API, and
 * the error handler last.
 */
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from '@kobo/platform';
import { trustOrigins } from './auth/session-cookie';
import { apiNotFound, errorHandler } from './error-handler';
import { createHttpMetrics, metricsAccess, type HttpMetrics } from './operations/metrics';
import { requestLogging } from './operations/request-logging';
import { securityMiddleware } from './operations/security';
import { renderDocsPage } from './registry/docs-page';
import type { OpenApiInfo } from './registry/openapi';
import type { RouteRegistry } from './registry/route-registry';
import { keepRawBody } from './raw-body';

export interface HttpAppOptions {
  logger: Logger;
  /** The web app's origin(s) allowed by CORS. */
  webOrigin: string | string[];
  registry: RouteRegistry;
  apiInfo: OpenApiInfo;
  /** Where the registry's router is mounted. Default '/api'. */
  basePath?: string;
  /** JSON body limit (bytes or a string like '100kb'). Default '100kb'. */
  jsonLimit?: number | string;
  /** Express's 'trust proxy' (needed behind a proxy for client IPs in logs and rate limits). */
  trustProxy?: boolean | number | string;
  metrics?: HttpMetrics;
  /** Bearer token for /metrics; without it /metrics answers loopback clients only (metricsAccess). */
  metricsToken?: string;
  /** Adds routes outside the API (health probes) before the 404 and error handlers. */
  extraRoutes?: (app: Express) => void;
  /** Answers what is neither the API nor a route above: the web app (see web/serve-web-app.ts). */
  webApp?: RequestHandler;
}

export function createHttpApp(options: HttpAppOptions): { app: Express; metrics: HttpMetrics } {
  const basePath = options.basePath ?? '/api';
  const metrics = options.metrics ?? createHttpMetrics();
  const app = express();
  app.disable('x-powered-by');
  // No ETags: hashing every answer costs more than the rare 304 saves (bench:api, task list).
  app.set('etag', false);
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);

  app.use(requestLogging({ logger: options.logger }));
  app.use(metrics.middleware);
  app.use(...securityMiddleware({ webOrigin: options.webOrigin }));
  // The same origins are ours for the session cookie's same-origin check (require-role.ts).
  trustOrigins(app, options.webOrigin);
  app.use(express.json({ limit: options.jsonLimit ?? '100kb', verify: keepRawBody(basePath) }));

  options.extraRoutes?.(app);
  app.get('/metrics', metricsAccess(options.metricsToken), metrics.handler);

  // Built once: the declarations do not change after start.
  let document: Record<string, unknown> | undefined;
  const openApi = () =>
    (document ??= options.registry.openApiDocument({ serverUrl: basePath, ...options.apiInfo }));
  app.get(`${basePath}/openapi.json`, (_req, res) => {
    res.json(openApi());
  });
  app.get(`${basePath}/docs`, (_req, res) => {
    res.type('html').send(renderDocsPage(openApi()));
  });

  app.use(basePath, options.registry.router());
  app.use(basePath, apiNotFound());
  if (options.webApp) app.use(options.webApp);
  app.use(errorHandler({ logger: options.logger }));
  return { app, metrics };
}
