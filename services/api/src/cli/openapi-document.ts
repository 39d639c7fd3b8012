/**
 * The API's OpenAPI document without a database: route declarations use the context only inside
 * their handlers, so a context that refuses every use is enough to build them. The web app's types
 * are generated from it (`npm run api-types`); run directly, it prints the document.
 */
import { tmpdir } from 'node:os';
import { loadConfig, type Pool } from '@kobo/platform';
import { apiInfo, createApiRegistry } from '../app';
import type { ApiContext } from '../context';
import { createAuth } from '../http';

const unavailable = (name: string) =>
  new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`openapi-document: ${name}.${String(property)} was used while declaring routes`);
      },
    },
  );

/** Every route declaration, made with the refusing context (for checks on the declarations). */
export function declaredApiRoutes() {
  return documentRegistry().routes;
}

export function buildApiDocument(): Record<string, unknown> {
  return documentRegistry().openApiDocument({ serverUrl: '/api', ...apiInfo });
}

function documentRegistry() {
  const context = {
    // Defaults only (nothing from this shell's environment), so the document is the same anywhere.
    config: loadConfig({ DATA_DIR: tmpdir() }),
    logger: unavailable('logger'),
    pool: unavailable('pool'),
    store: unavailable('store'),
    commands: unavailable('commands'),
    projectors: unavailable('projectors'),
    reactors: unavailable('reactors'),
    banks: unavailable('banks'),
    auth: createAuth('openapi-document-only-'.padEnd(32, 'x'), unavailable('pool') as Pool),
  } as unknown as ApiContext;
  return createApiRegistry(context);
}

if (process.argv[1] && /openapi-document\.ts$/.test(process.argv[1]))
  process.stdout.write(`${JSON.stringify(buildApiDocument(), null, 2)}\n`);
