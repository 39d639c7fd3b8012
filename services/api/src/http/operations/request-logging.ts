/**
 * One small log line per request (pino-http): request id, method, route pattern, status, time in
 * ms and the signed-in user's id. Not the headers: logging every request and response header
 * cost the write path more than the rest of the line, and risked secrets. The request id is the
 * caller's X-Request-Id when it is a sane token (so a trace crosses services), else a new UUID,
 * echoed in the response header; the handlers' own log lines carry it too.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@kobo/platform';
import { routeLabel } from './metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}

export interface RequestLoggingOptions {
  logger: Logger;
  /** Paths not logged when they succeed (probes and scrapes). */
  quietPaths?: string[];
}

export function requestLogging({
  logger,
  quietPaths = ['/healthz', '/readyz', '/metrics'],
}: RequestLoggingOptions): RequestHandler {
  const middleware = pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFrom(req.headers['x-request-id']);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    autoLogging: { ignore: (req) => quietPaths.includes((req.url ?? '').split('?')[0] ?? '') },
    // Bindings: the request id only, not the whole request.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'reqId', responseTime: 'ms' },
    customSuccessObject: (req, res, fields) => summary(req as Request, res as Response, fields),
    customErrorObject: (req, res, err, fields) => ({
      ...summary(req as Request, res as Response, fields),
      err,
    }),
  });
  return middleware as unknown as RequestHandler;
}

function summary(req: Request, res: Response, fields: Record<string, unknown>) {
  const userId = res.locals.principal?.userId;
  return {
    method: req.method,
    route: routeLabel(req, res),
    status: res.statusCode,
    ms: fields.ms,
    ...(userId ? { userId } : {}),
  };
}
