/**
 * The floor the write path is judged against (`npm run bench:api`): a bare Node HTTP server that
 * does one INSERT per request on the same PostgreSQL, with the service's pool size. No auth, no
 * idempotency, no checks: the least any write over HTTP costs on this machine. It runs as its own
 * process, started as the service is (PORT=0, the address printed), so it shares the machine the
 * same way.
 */
import { createServer } from 'node:http';
import pg from 'pg';

async function main() {
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  pool.on('error', (error) => {
    console.error(`floor: the database connection was lost: ${error.message}`);
    process.exit(1);
  });
  await pool.query(
    `CREATE TABLE IF NOT EXISTS bench_floor (
       id bigserial PRIMARY KEY, body jsonb NOT NULL, written_at timestamptz NOT NULL DEFAULT now())`,
  );
  const server = createServer((req, res) => {
    if (req.url === '/readyz') {
      res.writeHead(200).end('ready');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      pool
        .query<{ id: string }>('INSERT INTO bench_floor (body) VALUES ($1) RETURNING id', [
          Buffer.concat(chunks).toString('utf8') || '{}',
        ])
        .then(
          ({ rows }) =>
            res
              .writeHead(201, { 'content-type': 'application/json' })
              .end(JSON.stringify({ id: rows[0]!.id })),
          (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
        );
    });
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    console.log(`The floor is running at http://127.0.0.1:${port}`);
  });
  process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
}

main().catch((error: unknown) => {
  console.error(`floor: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
