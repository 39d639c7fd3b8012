/**
 * onFreePort: what must be told its port starts again on another one when another process took the
 * port between the choice and the bind, and a failure of another kind is not retried.
 */
import { createServer, type Server } from 'node:net';
import { onFreePort, portTaken } from '../src/testing';

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
const close = (server: Server) => new Promise((resolve) => server.close(resolve));
const taken = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

describe('onFreePort', () => {
  it('starts again on another port when the one chosen was taken before the bind', async () => {
    const other = createServer(); // another process, first on the port
    const ours = createServer();
    const tried: number[] = [];
    try {
      const port = await onFreePort(async (port) => {
        tried.push(port);
        if (tried.length === 1) await listen(other, port);
        await listen(ours, port);
        return port;
      }, taken);
      expect(tried).toHaveLength(2);
      expect(port).toBe(tried[1]);
      expect(port).not.toBe(tried[0]);
      expect((ours.address() as { port: number }).port).toBe(port);
    } finally {
      await Promise.all([close(other), close(ours)]);
    }
  });

  it('does not retry a failure of another kind', async () => {
    let attempts = 0;
    const start = async () => {
      attempts++;
      throw new Error('the document is invalid');
    };
    await expect(onFreePort(start, taken)).rejects.toThrow('the document is invalid');
    expect(attempts).toBe(1);
  });
});

describe('portTaken', () => {
  it("recognises a port another process held, in Node's, PostgreSQL's and the embedded PostgreSQL's words", async () => {
    const other = createServer();
    await listen(other, 0);
    const { port } = other.address() as { port: number };
    const ours = createServer();
    try {
      const bindError = await listen(ours, port).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(portTaken(bindError)).toBe(true);
    } finally {
      await close(other);
    }
    expect(
      portTaken(
        new Error(
          'embedded PostgreSQL exited during start-up (code 1): FATAL:  could not create any TCP/IP sockets',
        ),
      ),
    ).toBe(true);
    expect(
      portTaken(
        new Error('embedded PostgreSQL: port 5 (EMBEDDED_PG_PORT) is answered by the database in /tmp/a'),
      ),
    ).toBe(true);
    expect(portTaken(new Error('FATAL:  data directory "/tmp/pg" has wrong ownership'))).toBe(false);
    expect(portTaken('the document is invalid')).toBe(false);
  });
});
