/**
 * One small log line per request: request id, method, route pattern, status, time in ms and the
 * signed-in user's id. Not the headers: logging every request and response header cost the write
 * path more than the rest of the line, and risked secrets. The request id is always a new UUID
 * the server makes, echoed in X-Request-Id (and in problem bodies) and kept as `req.id` for the
 * commands' correlation ids, which the ledger stores with each event: a caller must not choose
 * what the hash-chained log records. The caller's own X-Request-Id, when it is a sane token, is
 * logged beside it as `clientRequestId`, so a trace that crosses services can still be followed.
 *
 * Written here rather than with pino-http, which builds two child loggers per request (one
 * serializing the whole request) for a line that uses neither: about 12 KB of garbage and 5% of
 * the event loop per withdrawal under load (measured with `npm run bench:api`).
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@kobo/platform';
import { routeLabel } from './metrics';

declare module 'node:http' {
  interface IncomingMessage {
    /** This request's id, made by the server (X-Request-Id of the answer), set by the request logging. */
    id: string;
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The caller's X-Request-Id when it is a sane token (1 to 128 of `[A-Za-z0-9._:-]`), for the log. */
export function clientRequestIdFrom(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}

export interface RequestLoggingOptions {
  logger: Logger;
  /** Paths not logged (probes and scrapes, which a failing one repeats every few seconds). */
  quietPaths?: string[];
}

export function requestLogging({
  logger,
  quietPaths = ['/healthz', '/readyz', '/metrics'],
}: RequestLoggingOptions): RequestHandler {
  return (req, res, next) => {
    const id = randomUUID();
    const clientRequestId = clientRequestIdFrom(req.headers['x-request-id']);
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    if (quietPaths.includes(req.path)) return next();
    const started = Date.now();
    // Once, when the answer is sent or the connection closes first (a client that gave up).
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const line = {
        reqId: id,
        ...(clientRequestId ? { clientRequestId } : {}),
        ...summary(req, res),
        ms: Date.now() - started,
      };
      // A 5xx's error itself is logged where it is answered (errorHandler), with its stack.
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      logger[level](line, 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

function summary(req: Request, res: Response) {
  const userId = res.locals.principal?.userId;
  return {
    method: req.method,
    route: routeLabel(req, res),
    status: res.statusCode,
    ...(userId ? { userId } : {}),
  };
}
