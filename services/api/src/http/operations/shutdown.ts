/**
 * Graceful shutdown: stop accepting connections, let in-flight requests finish, and after a
 * timeout cut whatever is left so the process can exit.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface GracefulShutdownOptions {
  /** How long in-flight requests may take before their connections are cut. Default 10 s. */
  timeoutMs?: number;
  /** Called after the server has closed (close pools, queues). */
  onClosed?: () => Promise<void> | void;
}

export interface ShutdownResult {
  /** True when the timeout passed and open connections were cut. */
  forced: boolean;
}

export function createGracefulShutdown(
  server: Server,
  { timeoutMs = 10_000, onClosed }: GracefulShutdownOptions = {},
): () => Promise<ShutdownResult> {
  let pending: Promise<ShutdownResult> | undefined;
  return () =>
    (pending ??= new Promise<ShutdownResult>((resolve, reject) => {
      let forced = false;
      const timer = setTimeout(() => {
        forced = true;
        server.closeAllConnections();
      }, timeoutMs);
      timer.unref();
      // A keep-alive connection becomes idle once its in-flight response is sent; close it then
      // instead of waiting for its keep-alive timeout. Requests still arriving on open
      // connections are answered and told the connection closes.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      sweep.unref();
      const closeAfterResponse = (_req: IncomingMessage, res: ServerResponse) =>
        res.setHeader('Connection', 'close');
      server.on('request', closeAfterResponse);
      server.close((error) => {
        clearTimeout(timer);
        clearInterval(sweep);
        server.off('request', closeAfterResponse);
        Promise.resolve(onClosed?.())
          .then(() => (error && !isNotRunning(error) ? reject(error) : resolve({ forced })))
          .catch(reject);
      });
      server.closeIdleConnections();
    }));
}

/**
 * Runs `shutdown` on SIGTERM or SIGINT; returns a function that removes the listeners. The
 * listeners stay while shutting down: a second signal (a terminal's Ctrl-C reaches npm and node,
 * and npm passes it on) must not fall through to Node's default, which kills the process at once.
 * `shutdown` runs once, whatever the number of signals.
 */
export function shutdownOnSignals(
  shutdown: () => Promise<unknown>,
  signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): () => void {
  let running: Promise<unknown> | undefined;
  const listener = () => void (running ??= shutdown());
  for (const signal of signals) process.on(signal, listener);
  return () => {
    for (const signal of signals) process.off(signal, listener);
  };
}

function isNotRunning(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === 'ERR_SERVER_NOT_RUNNING';
}
