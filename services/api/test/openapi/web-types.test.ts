/**
 * The web app's API types (frontend/web/src/shared/api/schema.d.ts) must be what the document
 * generates now: a route or schema change without `npm run api-types` fails here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
const apiTypesFile = join(root, 'frontend', 'web', 'src', 'shared', 'api', 'schema.d.ts');

it('the committed web API types match the OpenAPI document (run `npm run api-types` if not)', () => {
  // renderApiTypes from scripts/api-types.ts, and prettier, each in a child process: openapi-typescript's
  // ESM dependencies and prettier's plugin loading do not run under Jest's CommonJS.
  const rendered = execFileSync(
    process.execPath,
    [require.resolve('tsx/cli'), join(root, 'scripts', 'api-types.ts'), '--stdout'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // Formatted as `npm run api-types` does it: prettier with the repository's config for that file.
  const expected = execFileSync(
    process.execPath,
    [require.resolve('prettier/bin/prettier.cjs'), '--stdin-filepath', apiTypesFile],
    { cwd: root, encoding: 'utf8', input: rendered, maxBuffer: 64 * 1024 * 1024 },
  );
  expect(readFileSync(apiTypesFile, 'utf8')).toBe(expected);
});
