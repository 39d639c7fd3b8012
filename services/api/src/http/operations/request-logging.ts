/**
 * One log line per request (pino-http) with a request id: the caller's X-Request-Id when it is a
 * sane token (so a trace crosses services), else a new UUID; echoed in the response header.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { RequestHandler } from 'express';
import type { Logger } from '@kobo/platform';

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
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
  return middleware as unknown as RequestHandler;
}
