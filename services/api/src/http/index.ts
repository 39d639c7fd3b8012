/** The HTTP toolkit the API's routes are built with (see docs/decisions/0005-http-api-foundation.md). */
import './locals';

export * from './problem';
export * from './domain-errors';
export * from './error-handler';
export * from './validation';
export * from './paging';
export * from './time-query';
export * from './read-your-writes';
export * from './auth';
export * from './idempotency/fingerprint';
export * from './idempotency/store';
export * from './idempotency/middleware';
export * from './registry/route';
export * from './registry/route-registry';
export * from './registry/openapi';
export * from './registry/docs-page';
export * from './operations/security';
export * from './operations/rate-limit';
export * from './operations/rate-limit-store';
export * from './operations/request-logging';
export * from './operations/metrics';
export * from './operations/shutdown';
export * from './http-app';
