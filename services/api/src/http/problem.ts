/**
 * Errors reach the caller as RFC 9457 problem details (application/problem+json).
 * Each body also carries `message`, the user-facing text, because the existing client shows
 * `response.data.message` in its toasts.
 */
import type { Response } from 'express';

export type FieldErrors = Record<string, string>;

/** Stable, machine-readable problem kinds; `type` and the docs page are derived from them. */
export const problemCodes = {
  bad_request: { status: 400, title: 'Bad Request' },
  validation: { status: 400, title: 'Invalid request' },
  malformed_json: { status: 400, title: 'Malformed JSON body' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  session_expired: { status: 401, title: 'Session expired' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not Found' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  conflict: { status: 409, title: 'Conflict' },
  request_in_progress: { status: 409, title: 'Request already in progress' },
  insufficient_units: { status: 409, title: 'No units left' },
  payload_too_large: { status: 413, title: 'Payload Too Large' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type' },
  unprocessable: { status: 422, title: 'Unprocessable Content' },
  idempotency_key_reused: { status: 422, title: 'Idempotency-Key reused' },
  insufficient_balance: { status: 422, title: 'Insufficient balance' },
  withdrawals_on_hold: { status: 403, title: 'Withdrawals on hold' },
  pin_locked: { status: 403, title: 'Withdrawals blocked after wrong PINs' },
  rate_limited: { status: 429, title: 'Too Many Requests' },
  internal: { status: 500, title: 'Internal Server Error' },
  unavailable: { status: 503, title: 'Service Unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof problemCodes;

export interface ProblemDetails {
  /** A URI reference naming the problem kind; it resolves to its entry on the docs page. */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Per-field messages, keyed by the field's path (`email`, `bankDetails.accountNum`). */
  errors?: FieldErrors;
  /** The text to show the person: equal to `detail`. */
  message: string;
  /** Stable machine-readable kind (an RFC 9457 extension member). */
  code: ProblemCode;
  /** The request id, so a person quoting it to support can be traced in the logs. */
  requestId?: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemType(code: ProblemCode): string {
  return `/api/docs#problem-${code}`;
}

/** The code used when a caller gives only a status. */
export function codeForStatus(status: number): ProblemCode {
  const exact = (Object.keys(problemCodes) as ProblemCode[]).find(
    (code) => problemCodes[code].status === status,
  );
  if (exact) return exact;
  return status >= 500 ? 'internal' : 'bad_request';
}

export interface ProblemOptions {
  code?: ProblemCode;
  headers?: Record<string, string>;
}

export function problemBody(
  status: number,
  title: string,
  detail: string,
  fieldErrors?: FieldErrors,
  options: ProblemOptions = {},
): ProblemDetails {
  const code = options.code ?? codeForStatus(status);
  const body: ProblemDetails = { type: problemType(code), title, status, detail, message: detail, code };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.errors = fieldErrors;
  return body;
}

/** Sends a problem response. Returns `res` so a handler can `return problem(...)`. */
export function problem(
  res: Response,
  status: number,
  title: string,
  detail: string,
  fieldErrors?: FieldErrors,
  options: ProblemOptions = {},
): Response {
  const body = problemBody(status, title, detail, fieldErrors, options);
  const requestId = requestIdOf(res);
  if (requestId) body.requestId = requestId;
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  return res.status(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** Sends the problem for a catalogued code with its usual status and title. */
export function problemFor(
  res: Response,
  code: ProblemCode,
  detail: string,
  fieldErrors?: FieldErrors,
  headers?: Record<string, string>,
): Response {
  const { status, title } = problemCodes[code];
  return problem(res, status, title, detail, fieldErrors, { code, headers });
}

/**
 * Throw from a handler or middleware to answer with a problem; the error handler sends it.
 * `new HttpProblem('not_found', 'Campaign not found')`.
 */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

function requestIdOf(res: Response): string | undefined {
  const id = (res.req as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
