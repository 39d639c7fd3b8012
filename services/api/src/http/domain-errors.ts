/**
 * The one table from the ledger's DomainError codes to HTTP. It is keyed by the ledger's
 * DomainErrorCode union, so a new code without its answer here does not compile. The error itself
 * is duck-typed (name and code) so the HTTP layer does not depend on the ledger's class identity.
 */
import type { DomainErrorCode } from '@kobo/ledger';
import type { ProblemCode } from './problem';

export interface DomainErrorLike {
  name: 'DomainError';
  code: string;
  message: string;
  field?: string;
}

export const domainErrorProblems: Readonly<Record<DomainErrorCode, ProblemCode>> = {
  validation: 'validation', // 400: the input breaks a rule (the field says which)
  not_found: 'not_found', // 404
  forbidden: 'forbidden', // 403: e.g. acting on someone else's submission
  conflict: 'conflict', // 409: e.g. email taken, submission already reviewed
  insufficient_units: 'insufficient_units', // 409: the campaign has no units left
  insufficient_balance: 'insufficient_balance', // 422: well-formed, but the balance does not cover it
  withdrawals_on_hold: 'withdrawals_on_hold', // 403: bank details changed recently; open again later
};

/**
 * A duck-typed error can still carry a code the ledger does not have: that is a refusal of the
 * request, never a server fault.
 */
export const unmappedDomainErrorProblem: ProblemCode = 'unprocessable';

export function isDomainErrorLike(error: unknown): error is DomainErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Record<string, unknown>;
  return (
    candidate.name === 'DomainError' &&
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string' &&
    (candidate.field === undefined || typeof candidate.field === 'string')
  );
}

export function problemCodeForDomainError(error: DomainErrorLike): ProblemCode {
  return Object.hasOwn(domainErrorProblems, error.code)
    ? domainErrorProblems[error.code as DomainErrorCode]
    : unmappedDomainErrorProblem;
}
