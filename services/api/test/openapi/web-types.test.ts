/**
 * The web app's API types (frontend/web/src/shared/api/schema.d.ts) and the ledger's lists
 * (ledger-lists.ts: banks always offered, event types) must be what their sources generate now: a
 * route, schema, bank or event type change without `npm run api-types` fails here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
const webApi = join(root, 'frontend', 'web', 'src', 'shared', 'api');

/** What `npm run api-types` writes to `file`: scripts/api-types.ts with `flag`, then prettier. */
function generated(flag: string, file: string): string {
  // Each in a child process: openapi-typescript's ESM dependencies and prettier's plugin loading
  // do not run under Jest's CommonJS.
  const rendered = execFileSync(
    process.execPath,
    [require.resolve('tsx/cli'), join(root, 'scripts', 'api-types.ts'), flag],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // Formatted with the repository's prettier config for that file.
  return execFileSync(
    process.execPath,
    [require.resolve('prettier/bin/prettier.cjs'), '--stdin-filepath', file],
    {
      cwd: root,
      encoding: 'utf8',
      input: rendered,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

it('the committed web API types match the OpenAPI document (run `npm run api-types` if not)', () => {
  const file = join(webApi, 'schema.d.ts');
  expect(readFileSync(file, 'utf8')).toBe(generated('--stdout', file));
});

it("the web app's banks and event types are the ledger's (run `npm run api-types` if not)", () => {
  const file = join(webApi, 'ledger-lists.ts');
  expect(readFileSync(file, 'utf8')).toBe(generated('--lists-stdout', file));
});
