/**
 * The raw bytes of a request body, kept for the routes that check a signature over them (payout
 * providers' webhooks) and for no others: JSON parsing hands them over only for those paths.
 */
import type { Request } from 'express';

const RAW = Symbol('raw body');

/** The API paths whose raw body is kept, relative to the API prefix. */
export const RAW_BODY_PATHS = ['/webhooks/'];

export function keepRawBody(basePath: string) {
  const prefixes = RAW_BODY_PATHS.map((path) => `${basePath}${path}`);
  return (req: Request, _res: unknown, buffer: Buffer) => {
    if (prefixes.some((prefix) => req.originalUrl.startsWith(prefix)))
      (req as Request & { [RAW]?: Buffer })[RAW] = buffer;
  };
}

export function rawBodyOf(req: Request): Buffer | undefined {
  return (req as Request & { [RAW]?: Buffer })[RAW];
}
