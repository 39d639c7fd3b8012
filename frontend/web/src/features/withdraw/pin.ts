/**
 * The server's answers about the transaction PIN on a withdrawal (design: "POST /api/users/withdraw
 * gains pin"): a missing or wrong PIN is a 400 on the field `pin` ("Wrong PIN. N tries left."), and
 * after 5 wrong tries a 403 with code `pin_locked` says until when withdrawals are blocked.
 */
import { errorMessage, fieldErrors } from '../../shared/api/api';

export type PinRefusal = { kind: 'wrong'; message: string } | { kind: 'locked'; message: string };

export const PIN_LOCKED_CODE = 'pin_locked';

export function pinRefusalOf(error: unknown): PinRefusal | null {
  const data = (error as { data?: unknown } | undefined)?.data;
  if (typeof data === 'object' && data !== null && (data as { code?: unknown }).code === PIN_LOCKED_CODE)
    return {
      kind: 'locked',
      message: errorMessage(error, 'Too many wrong PINs. Withdrawals are blocked for now.'),
    };
  const pin = fieldErrors(error).pin;
  return pin ? { kind: 'wrong', message: pin } : null;
}
