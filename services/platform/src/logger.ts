import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', name = 'kobo'): Logger {
  return pino({ name, level });
}
