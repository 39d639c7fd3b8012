/**
 * Three projects, one `jest` run: the services against real PostgreSQL, the web app's components in
 * jsdom, and the web app end to end in a real Chromium against the real server. The global setup
 * (PostgreSQL and a migrated template database) serves the first and the last.
 */
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  maxWorkers: 2,
  // The files known to be slow first, so the two workers finish together.
  testSequencer: '<rootDir>/test/slow-first-sequencer.mjs',
  watchman: false,
  // A global option (Jest ignores it inside projects); the end-to-end files raise it themselves.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'services',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': ['@swc/jest'] },
      testMatch: [
        '<rootDir>/services/*/test/**/*.test.ts',
        // A read model's tests sit in its folder (docs/decisions/0049).
        '<rootDir>/services/*/src/read-models/**/*.test.ts',
        '<rootDir>/loadtests/**/*.test.ts',
      ],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.(ts|tsx)$': swcTsx },
      testMatch: ['<rootDir>/frontend/web/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/frontend/web/test/setup.ts'],
      moduleNameMapper: {
        '\\.(css|svg|png|jpg|webp)$': '<rootDir>/frontend/web/test/file-stub.js',
        // Made by a Vite plugin at build time (vite-icon-paths.ts): tests draw icons empty.
        '^virtual:kobo-icon-sprite$': '<rootDir>/frontend/web/test/icon-paths-stub.js',
      },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': ['@swc/jest'] },
      testMatch: ['<rootDir>/frontend/web/e2e/**/*.e2e.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/frontend/web/e2e/support/jest-timeout.ts'],
    },
  ],
};
