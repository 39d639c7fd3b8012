/**
 * Prometheus metrics: a registry per app (no global state, so tests can build several), the
 * process's default metrics, and a request latency histogram labelled by the declared route
 * pattern (not the raw URL, which would give one series per id).
 */
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

export interface HttpMetrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Times every request; mount before the routes. */
  middleware: RequestHandler;
  /** Answers a scrape in the Prometheus text format; mount at /metrics. */
  handler: RequestHandler;
}

export interface HttpMetricsOptions {
  defaultMetrics?: boolean;
  buckets?: number[];
}

export function createHttpMetrics({ defaultMetrics = true, buckets }: HttpMetricsOptions = {}): HttpMetrics {
  const registry = new Registry();
  if (defaultMetrics) collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: buckets ?? [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const middleware: RequestHandler = (req, res, next) => {
    const stop = requestDuration.startTimer();
    res.on('finish', () =>
      stop({ method: req.method, route: routeLabel(req, res), status_code: String(res.statusCode) }),
    );
    next();
  };

  const handler: RequestHandler = async (_req, res) => {
    res.setHeader('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  };

  return { registry, requestDuration, middleware, handler };
}

/** The route's pattern (`/api/tasks/:id`), never the raw URL. */
export function routeLabel(req: Request, res: Response): string {
  if (res.locals.routeLabel) return res.locals.routeLabel;
  const route = (req as { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : 'unmatched';
}

const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * Who may scrape /metrics (it names queues, projectors and payout totals). With a token: whoever
 * presents it as a bearer token. Without: only a client on this machine, i.e. the connection and
 * the client (req.ip, which follows TRUST_PROXY) are loopback and nothing was forwarded, so a
 * reverse proxy on the same machine does not make the world local. Everyone else gets a 404, as
 * if there were nothing there. (A token rather than a second port: one port is what every
 * deployment mode already opens and health-checks.)
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return (req, res, next) => {
    let allowed: boolean;
    if (expected) {
      const presented = Buffer.from(req.get('authorization') ?? '');
      allowed = presented.length === expected.length && timingSafeEqual(presented, expected);
    } else {
      allowed =
        isLoopback(req.socket.remoteAddress) &&
        isLoopback(req.ip) &&
        !forwardingHeaders.some((name) => req.get(name) !== undefined);
    }
    if (allowed) next();
    else res.status(404).type('text/plain').send('Not found');
  };
}
