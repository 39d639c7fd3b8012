/**
 * A command refused by a rule. `code` is stable (the API maps it to an HTTP status), `message`
 * is what the person sees, `field` names the input at fault when there is one.
 */
export type DomainErrorCode =
  | 'validation'
  | 'not_found'
  | 'conflict'
  | 'forbidden'
  | 'insufficient_balance'
  | 'insufficient_units'
  | 'withdrawals_on_hold';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

export const invalid = (message: string, field?: string) => new DomainError('validation', message, field);
export const conflict = (message: string, field?: string) => new DomainError('conflict', message, field);
export const notFound = (message: string) => new DomainError('not_found', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
