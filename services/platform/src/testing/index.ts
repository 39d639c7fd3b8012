/** Test-only helpers of @kobo/platform: a database per test file, cloned from the migrated template. */
export { createTestDatabase, type TestDatabase } from './test-database';
export { eventually } from './eventually';
export { freePort, onFreePort, portTaken } from './free-port';
export { printedAddress } from './printed-address';
export { createScratchDatabase, withDatabase, type ScratchDatabase } from './scratch-database';
export { countingQueries } from './counting-queries';
export { capturingLogger } from './capturing-logger';
