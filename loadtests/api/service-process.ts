/**
 * The real API service as a child process (`main.ts` under tsx), on a loopback port of its own
 * (PORT=0, the address read from what it prints). Its output is kept (last lines only) to explain a failed start or a failed run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { printedAddress } from '@kobo/platform/testing';

export interface ServiceOptions {
  root: string;
  /** The program, from the root (default: the API, services/api/src/main.ts). */
  script?: string;
  env: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  readyTimeoutMs?: number;
}

export interface RunningService {
  baseUrl: string;
  pid: number;
  /** The last lines the service printed. */
  output(): string;
  /** How the service ended ('code 1', 'signal SIGKILL'), or undefined while it runs. */
  exitStatus(): string | undefined;
  stop(): Promise<void>;
}

const KEPT_LINES = 200;

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(line);
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  };
  // `node --import tsx` is what the tsx CLI runs, minus its wrapper process: one pid to stop.
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', 'tsx', options.script ?? 'services/api/src/main.ts'],
    {
      cwd: options.root,
      env: { ...process.env, ...options.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exit = '';
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    }),
  );
  let running = true;
  void exited.then(() => (running = false));

  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + readyTimeoutMs;
  const address = printedAddress(child, readyTimeoutMs);
  const service: RunningService = {
    baseUrl: '',
    pid: child.pid ?? -1,
    output: () => lines.join('\n'),
    exitStatus: () => (running ? undefined : exit),
    async stop() {
      if (!running) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };

  try {
    service.baseUrl = await address;
  } catch (error) {
    await service.stop();
    throw error;
  }
  for (;;) {
    if (!running) throw new Error(`the service exited (${exit}) before it was ready:\n${service.output()}`);
    if (await ready(service.baseUrl)) return service;
    if (Date.now() > deadline) {
      await service.stop();
      throw new Error(`the service was not ready within ${readyTimeoutMs} ms:\n${service.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function ready(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}
