/**
 * The server for the scripts run outside Jest (screenshots, the web benchmark): Jest's own global
 * setup and teardown make the migrated template (and PostgreSQL itself when none is reachable),
 * then the server starts exactly as in the end-to-end tests.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, startServer, type KoboServer } from './server';

type Hook = { default: () => Promise<void> };

export async function startStandaloneServer(): Promise<KoboServer> {
  const root = repoRoot();
  const load = (name: string) => import(pathToFileURL(join(root, 'test', name)).href) as Promise<Hook>;
  await (await load('global-setup.mjs')).default();
  const teardown = (await load('global-teardown.mjs')).default;
  try {
    const server = await startServer();
    return {
      ...server,
      async stop() {
        await server.stop();
        await teardown();
      },
    };
  } catch (error) {
    await teardown();
    throw error;
  }
}
