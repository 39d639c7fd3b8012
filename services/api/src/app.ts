/** The API application: the HTTP frame, health probes, and every feature's routes. */
import express, { type Express, type RequestHandler } from 'express';
import type { JobQueue } from '@kobo/jobs';
import { withKeyClaim } from '@kobo/ledger';
import { warmPool } from '@kobo/platform';
import type { ApiContext, FeatureRoutes } from './context';
import { registerProductMetrics } from './features/operations/metrics';
import { serveWebApp } from './web/serve-web-app';
import { mountQueuesBoard } from './features/queues/board';
import {
  createHttpApp,
  createHttpMetrics,
  createIdempotencyStore,
  createRouteRegistry,
  metricsAccess,
  type RouteRegistry,
} from './http';
import { communityRoutes } from './features/community/routes';
import { userAreaRoutes } from './features/user-area/routes';
import { campaignsRoutes } from './features/campaigns/routes';
import { adminRoutes } from './features/admin/routes';
import { financeRoutes } from './features/finance/routes';
import { authRoutes } from './features/auth/routes';
import { contactRoutes } from './features/contact/routes';
import { liveRoutes } from './features/live/routes';
import { notificationRoutes } from './features/notifications/routes';
import { siteRoutes } from './features/site/routes';
import { bankRoutes } from './features/banks/routes';
import { webhookRoutes } from './features/webhooks/paystack-routes';

/** Each feature folder contributes a list of routes; order does not matter. */
export const features: FeatureRoutes[] = [
  userAreaRoutes,
  communityRoutes,
  campaignsRoutes,
  adminRoutes,
  financeRoutes,
  authRoutes,
  contactRoutes,
  siteRoutes,
  liveRoutes,
  notificationRoutes,
  bankRoutes,
  webhookRoutes,
];

export interface ApiAppOptions {
  webOrigin: string | string[];
  /** Mounts Bull Board at /admin/queues (admins only) when the process runs the job queues. */
  queues?: JobQueue<unknown>[];
  /** Serves the built web app at / from this folder (npm start; tests of the API leave it out). */
  webAppDir?: string;
}

export const apiInfo = { title: 'Kobo API', version: '1.0.0' };

/** Every feature's routes in one registry: the router and the OpenAPI document both come from it. */
export function createApiRegistry(context: ApiContext): RouteRegistry {
  const registry = createRouteRegistry({
    requireRole: context.auth.requireRole,
    idempotencyStore: createIdempotencyStore(context.pool),
    commandRecorded: async (commandId) => (await context.store.readCommand(commandId)) !== undefined,
    // One round trip per money command: the key claimed by the command's append (decisions/0048).
    // The API's store is PostgreSQL's, which claims keys in appends; looked at per request (the
    // OpenAPI document declares the routes without a store).
    claimInAppend: (claim, handle) => {
      if (!context.store.claimsKeysInAppend) throw new Error('this event store cannot claim keys in appends');
      withKeyClaim(claim, handle);
    },
    logger: context.logger,
    readYourWrites: context.writes,
  });
  for (const feature of features) registry.add(...feature(context));
  return registry;
}

export function createApiApp(context: ApiContext, { webOrigin, queues, webAppDir }: ApiAppOptions): Express {
  const registry = createApiRegistry(context);

  const { app, metrics } = createHttpApp({
    logger: context.logger,
    webOrigin,
    registry,
    apiInfo,
    trustProxy: context.config.trustProxy,
    metricsToken: context.config.metricsToken,
    webApp: webAppDir
      ? serveWebApp({ distDir: webAppDir, production: context.config.env === 'production' })
      : undefined,
    extraRoutes: (app) => {
      if (queues) mountQueuesBoard(app, queues, context.auth);
      app.get('/healthz', alive);
      // Ready: the pool holds its connections (opened at the first probe if the start has not
      // opened them: warmPool), the database answers and no projector is stopped at a poison event.
      app.get('/readyz', async (_req, res) => {
        const problems: string[] = [];
        try {
          await warmPool(context.pool);
          await context.pool.query('SELECT 1');
          for (const p of await context.projectors.status())
            if (p.state === 'failed') problems.push(`projector ${p.name} is stopped at a poison event`);
        } catch (error) {
          // The probe is public: the driver's text (host, port, user) goes to the log, not to it.
          context.logger.error({ err: error }, 'readiness: the database did not answer');
          problems.push('database unavailable');
        }
        res
          .status(problems.length ? 503 : 200)
          .json({ status: problems.length ? 'unavailable' : 'ready', problems });
      });
    },
  });
  registerProductMetrics(metrics.registry, context, queues);
  return app;
}

/** Alive: the process answers. */
const alive: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' });
};

/**
 * What a process without the `api` role serves on METRICS_PORT, so that Prometheus scrapes its
 * consumers too: /healthz, and /metrics with the API's series and the API's access rule
 * (METRICS_TOKEN, else this machine only).
 */
export function createMetricsApp(
  context: Pick<ApiContext, 'config' | 'pool' | 'projectors' | 'reactors' | 'logger' | 'writes'>,
  queues?: JobQueue<unknown>[],
): Express {
  const metrics = createHttpMetrics();
  registerProductMetrics(metrics.registry, context, queues);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', context.config.trustProxy);
  app.get('/healthz', alive);
  app.get('/metrics', metricsAccess(context.config.metricsToken), metrics.handler);
  return app;
}
