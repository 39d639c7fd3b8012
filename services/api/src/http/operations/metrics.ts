/**
 * Prometheus metrics: a registry per app (no global state, so tests can build several), the
 * process's default metrics, and a request latency histogram labelled by the declared route
 * pattern (not the raw URL, which would give one series per id).
 */
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
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

function routeLabel(req: Request, res: Response): string {
  if (res.locals.routeLabel) return res.locals.routeLabel;
  const route = (req as { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : 'unmatched';
}
