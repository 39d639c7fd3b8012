/**
 * The payout provider port: whoever moves the money to the user's bank. Today that is finance
 * doing a manual bank transfer; a transfer API (Paystack, Flutterwave) can implement it later.
 */
import type { BankDetails } from '@kobo/ledger';

export interface PayoutRequest {
  userId: string;
  withdrawalId: string;
  /** The provider's idempotency key: the same key twice must move money at most once. */
  idempotencyKey: string;
  /** Kobo the user asked for, fee included. */
  amount: number;
  fee: number;
  /** Kobo to send to the bank account: amount less fee. */
  amountToSend: number;
  bankDetails: BankDetails;
}

export type PayoutResult =
  /** The money has left; `reference` is the bank's or provider's reference. */
  | { status: 'paid'; reference: string }
  /** Accepted but not settled (a manual transfer waiting for finance): nothing to record yet. */
  | { status: 'pending' }
  /**
   * The provider says the transfer did not happen. Retried with backoff unless `permanent`
   * (e.g. the account number does not exist); after the last attempt the money goes back.
   * An adapter throws instead when it cannot tell whether money moved (timeout, 5xx).
   */
  | { status: 'failed'; reason: string; permanent?: boolean };

export interface PayoutProvider {
  /** Recorded as `provider` on PayoutSucceeded / PayoutFailed. */
  readonly name: string;
  pay(request: PayoutRequest): Promise<PayoutResult>;
}

export const MANUAL_TRANSFER = 'manual_transfer';

/**
 * Finance pays at the bank from the list of approved withdrawals and then marks each one paid with
 * the bank's reference (markPayoutPaid). The job has nothing to do but leave it pending.
 */
export const manualTransferProvider: PayoutProvider = {
  name: MANUAL_TRANSFER,
  pay: async () => ({ status: 'pending' }),
};
