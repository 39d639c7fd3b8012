/**
 * Transient errors (a lost connection, a terminated backend, a deadlock) are retried as they are;
 * anything else raised while writing a batch is about the data and is isolated to one event.
 */
const transientCodes = new Set(['57P01', '57P02', '57P03', '40001', '40P01', '55P03', '53300']);

export function isTransientError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || transientCodes.has(code))) return true;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true; // ECONNRESET, ECONNREFUSED, ...
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /Connection terminated|connection error|Client was closed|timeout exceeded when trying to connect|Client has encountered/i.test(
      message,
    )
  );
}

/** The back-off after a failure when a start does not set `retryDelayMs`: doubles from min to max. */
export const DEFAULT_RETRY_DELAY_MS = { min: 500, max: 60_000 } as const;
