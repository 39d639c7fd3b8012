import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '../logger';

/** A real pino logger whose lines are kept, to check what an operator sees in the log. */
export function capturingLogger(level = 'info'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}
