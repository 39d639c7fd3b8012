/**
 * The payout provider port: whoever moves the money to the user's bank. Manual bank transfer
 * (finance pays at the bank and marks each payout) or a transfer API (Paystack,
 * paystack-payouts.ts), chosen by PAYOUT_PROVIDER.
 */
import type { BankDetails } from '@kobo/ledger';

export interface PayoutRequest {
  userId: string;
  withdrawalId: string;
  /**
   * Our reference for the transfer, the same on every attempt: a provider moves money at most
   * once per reference, and is asked by it before any retry.
   */
  reference: string;
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
  /** The provider took the transfer and is sending it: the outcome follows (webhook, reconciliation). */
  | { status: 'sent'; transferCode: string | null }
  /** Waiting for a person (a manual transfer waiting for finance): nothing to record. */
  | { status: 'pending' }
  /** The provider refused in a way a person must look at (OTP, its balance): not retried blindly. */
  | { status: 'held'; reason: string }
  /**
   * The provider says the transfer did not happen. Retried with backoff unless `permanent`
   * (e.g. the account number does not exist); after the last attempt the money goes back.
   * An adapter throws instead when it cannot tell whether money moved (timeout, 5xx).
   */
  | { status: 'failed'; reason: string; permanent?: boolean };

/** What a provider says of a transfer it was asked about by reference (reconciliation, webhooks). */
export type TransferReport =
  | { status: 'sending'; transferCode: string | null; amount: number }
  | { status: 'held'; transferCode: string | null; amount: number; reason: string }
  | { status: 'success'; transferCode: string; amount: number }
  | { status: 'failed'; transferCode: string | null; amount: number; reason: string }
  | { status: 'reversed'; transferCode: string | null; amount: number; reason: string };

export interface PayoutProvider {
  /** Recorded as `provider` on the payout events. */
  readonly name: string;
  pay(request: PayoutRequest): Promise<PayoutResult>;
  /**
   * The transfer made under `reference`, or null when there is none. Providers that settle by
   * themselves have it (reconciliation asks it); the manual desk has nothing to ask.
   */
  lookup?(reference: string): Promise<TransferReport | null>;
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

/** The provider's reference of a payout: the withdrawal id, the same on every retry. */
export function payoutReference(withdrawalId: string): string {
  return withdrawalId;
}
