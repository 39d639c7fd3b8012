/** Test-only helpers of @kobo/platform: a database per test file, cloned from the migrated template. */
export { createTestDatabase, type TestDatabase } from './test-database';
export { eventually } from './eventually';
export { freePort } from './free-port';
export { createScratchDatabase, withDatabase, type ScratchDatabase } from './scratch-database';
