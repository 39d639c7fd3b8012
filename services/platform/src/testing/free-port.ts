import { createServer } from 'node:net';

/**
 * A loopback port free right now. Another process may take it before it is used: a server of ours
 * listens on port 0 and says which it got (PORT=0, printedAddress); what must be told its port up
 * front (a third-party CLI, the embedded PostgreSQL) starts through onFreePort; an address where
 * nothing listens (a broker that is down) may come from here.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Whether a start failed because another process held the port: Node's EADDRINUSE, PostgreSQL's
 * own words when it cannot bind, or the embedded PostgreSQL's refusal of a port another server
 * answers.
 */
export function portTaken(error: unknown): boolean {
  const said =
    error instanceof Error
      ? `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`
      : String(error);
  return /EADDRINUSE|Address already in use|could not create any TCP\/IP sockets|\(EMBEDDED_PG_PORT\) is answered by/.test(
    said,
  );
}

/**
 * Starts something that must be told its port on a free loopback port and, when another process
 * took that port between the choice and the bind (`taken(error)` says so), again on another one.
 */
export async function onFreePort<T>(
  start: (port: number) => Promise<T>,
  taken: (error: unknown) => boolean,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt >= attempts || !taken(error)) throw error;
    }
  }
}
