import { createServer } from 'node:net';

/**
 * A loopback port free right now. Another process may take it before it is used: a server of ours
 * listens on port 0 and says which it got (PORT=0, printedAddress); what must be told a port (a
 * third-party CLI) starts through onFreePort.
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
