import type { ChildProcess } from 'node:child_process';

/**
 * The line main.ts prints once it listens (with the api role, else with METRICS_PORT), or the
 * benchmark's floor server (loadtests/api/floor-server.ts).
 */
const LISTENING = /(?:Kobo is running at|The floor is running at|\/healthz and \/metrics on) (http:\/\/\S+)/;

/**
 * The address a Kobo process (services/api/src/main.ts) started with PORT=0, or METRICS_PORT=0
 * without the api role, listens at (http://127.0.0.1:<port>), as it printed it: the port is the
 * server's own, so no other process can hold it. The child's stdout must be a pipe. Rejects, with
 * what it printed, when the process exits first or after `timeoutMs`.
 */
export function printedAddress(child: ChildProcess, timeoutMs = 240_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      const printed = LISTENING.exec(output);
      if (printed) settle(() => resolve(printed[1]!));
    };
    const exited = () => settle(() => reject(new Error(`the server exited before it listened:\n${output}`)));
    const timer = setTimeout(
      () => settle(() => reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${output}`))),
      timeoutMs,
    );
    function settle(done: () => void) {
      clearTimeout(timer);
      child.stdout!.off('data', read);
      child.stderr?.off('data', read);
      child.off('close', exited);
      done();
    }
    child.stdout!.on('data', read);
    child.stderr?.on('data', read);
    child.once('close', exited);
  });
}
