// Where the stack keeps what it obtained (reused across runs and clones) and what it runs (pid
// files, logs, data), and the few process helpers every server uses. Node built-ins only.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir, setPriority } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** KOBO_STACK_HOME, else $XDG_CACHE_HOME/kobo-stack, else ~/.cache/kobo-stack: outside any clone. */
export const home =
  process.env.KOBO_STACK_HOME || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kobo-stack');
/** Pid files, logs, configuration and data of the running servers. */
export const runDir = join(home, 'run');

export function dir(...parts) {
  const path = join(...parts);
  mkdirSync(path, { recursive: true });
  return path;
}

/** Progress goes to stderr: stdout carries only the settings. */
export function say(message) {
  process.stderr.write(`[stack] ${message}\n`);
}

export function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** Runs a command to its end; throws with its output's tail when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${output}`);
  }
  return result.stdout ?? '';
}

/** Whether a program is on PATH. */
export function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * A long build (go install) in the background at a low priority, its output in a log file; the
 * machine has two cores shared with the tests. Resolves when it succeeded, rejects with the log's tail.
 */
export function build(command, args, { env, log }) {
  return new Promise((resolve, reject) => {
    const out = openSync(log, 'w');
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
    closeSync(out);
    try {
      // The compilers it starts inherit the niceness (as `nice -n 10` would give them).
      setPriority(child.pid, 10);
    } catch {
      // Not allowed here: build at normal priority.
    }
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}; see ${log}\n${tail(log)}`));
    });
  });
}

export function tail(file, lines = 15) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
}

function pidFile(name) {
  return join(dir(runDir), `${name}.pid`);
}

/** Whether the process is alive and still the program we started (a pid can be reused). */
function isOurs(pid, program) {
  try {
    process.kill(pid, 0);
  } catch {
    // EPERM: alive but someone else's, so not ours.
    return false;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return true; // no /proc: trust the pid
  // Redis rewrites its title ("redis-server 127.0.0.1:26379"): look for the name anywhere in it.
  return readFileSync(cmdline, 'utf8').includes(program);
}

/** The pid of a server this stack started and that still runs, else undefined. */
export function runningPid(name) {
  const file = pidFile(name);
  if (!existsSync(file)) return undefined;
  const { pid, program } = JSON.parse(readFileSync(file, 'utf8'));
  if (isOurs(pid, program)) return pid;
  rmSync(file, { force: true });
  return undefined;
}

/**
 * Starts a server in its own session so it outlives `npm run stack:up`, its output in
 * run/logs/<name>.log, and records its pid for stack:down.
 */
export function startDetached(name, command, args, options = {}) {
  const log = join(dir(runDir, 'logs'), `${name}.log`);
  const out = openSync(log, 'a');
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  child.unref();
  writeFileSync(pidFile(name), JSON.stringify({ pid: child.pid, program: basename(command) }));
  return { pid: child.pid, log };
}

/** Stops a server this stack started (signal, then SIGKILL after 60 s); false if none ran. */
export async function stop(name, signal = 'SIGTERM') {
  const pid = runningPid(name);
  if (pid === undefined) return false;
  process.kill(pid, signal);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!alive(pid)) break;
    await sleep(200);
  }
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(pidFile(name), { force: true });
  return true;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const sleep = delay;

/** Polls `answers` until it resolves true; throws after `timeoutMs`, naming the log to read. */
export async function waitUntil(what, answers, { timeoutMs = 120_000, pid, log } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      if (await answers()) return;
    } catch (error) {
      last = error;
    }
    if (pid !== undefined && !alive(pid))
      throw new Error(`${what} exited while starting; see ${log}\n${tail(log)}`);
    await sleep(500);
  }
  throw new Error(
    `${what} did not answer within ${timeoutMs / 1000} s${last ? ` (${last.message})` : ''}; see ${log}`,
  );
}

/** Whether something listens on 127.0.0.1:port. */
export function portTaken(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
