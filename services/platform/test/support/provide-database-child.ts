// What `npm start` does for its database, in a process of its own: provideDatabase with DATA_DIR
// and EMBEDDED_PG_PORT from the arguments (the embedded PostgreSQL, started or shared, migrated).
// Prints one JSON line ({ url } or { error }), then keeps the server until its stdin closes.
//   node --import tsx provide-database-child.ts <DATA_DIR> <EMBEDDED_PG_PORT>
import { createLogger, loadConfig, provideDatabase } from '../../src';

const [dataDir, port] = process.argv.slice(2);
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

provideDatabase(
  loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir!, EMBEDDED_PG_PORT: port! }),
  createLogger('silent'),
).then(
  (database) => {
    say({ url: database.url });
    process.stdin.on('end', () => void database.stop().then(() => process.exit(0)));
    process.stdin.resume();
  },
  (error: unknown) => {
    say({ error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);
