/** @kobo/api: the HTTP application and what a process (npm start, the simulation, scripts) builds it from. */
export { ensureWebBuild } from './web/ensure-web-build';
export { buildApiDocument } from './cli/openapi-document';
export { bootstrapAccounts } from './accounts/bootstrap';
export { createApiApp } from './app';
export { bankDirectoryFor } from './features/banks/bank-directory-for';
export { type ApiContext } from './context';
export { createAuth, createReadYourWrites, IDEMPOTENCY_LOCK_TIMEOUT_MS, writtenPositionsIn } from './http';
export { ERASURE_REACTOR, startErasureReactor } from './erasure/erasure-reactor';
export { createObjectStore } from './uploads/create-object-store';
export { proofImagesFrom } from './uploads/proof-images';
