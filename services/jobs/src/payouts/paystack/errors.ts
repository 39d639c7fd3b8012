/**
 * How a call to Paystack can end other than with an answer. The difference decides what a payout
 * may do next: after a refusal nothing moved and the refusal can be acted on; after no answer it is
 * not known whether the transfer exists, so the only safe step is to ask Paystack by reference.
 */

/** Paystack answered with a refusal (a 4xx, or `status: false`): nothing happened. */
export class PaystackRefusedError extends Error {
  override readonly name = 'PaystackRefusedError';
  /** The HTTP status Paystack answered with. */
  readonly status: number;
  /** Paystack's own error code (e.g. `invalid_transfer_recipient`), when it gives one. */
  readonly code?: string;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.status = status;
    if (code !== undefined) this.code = code;
  }
}

/** No answer, a timeout, a network error or a 5xx: it is NOT known whether anything happened. */
export class PaystackUnavailableError extends Error {
  override readonly name = 'PaystackUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
