/**
 * Payouts through Paystack's Transfers API. A payout is one transfer under our reference (the
 * withdrawal id), to a transfer recipient made once per set of bank details. Paystack is asked by
 * that reference before anything is sent, so an attempt after a timeout, a crash or a 5xx (when it
 * cannot be known whether money moved) finds the transfer it made instead of making another; and a
 * second transfer under the same reference is refused by Paystack itself.
 */
import { bankCodeOf } from '@kobo/ledger';
import type { PaystackClient, PaystackTransfer } from './paystack';
import { PaystackRefusedError } from './paystack';
import type { PayoutProvider, PayoutRequest, PayoutResult, TransferReport } from './payout-provider';

export const PAYSTACK = 'paystack';

/** Refusals a person must look at: retrying cannot help until someone acts at Paystack. */
const NEEDS_FINANCE = [
  /balance is not enough/i,
  /cannot initiate third party payouts/i,
  /transfers? (are|is) disabled/i,
];
const DUPLICATE_REFERENCE = /reference already exists|duplicate/i;

function otpReason(transferCode: string): string {
  return `Paystack asks for an OTP to finalise transfer ${transferCode}: finalise it on Paystack's dashboard, or turn off OTP for transfers.`;
}

/** What a Paystack transfer's status means for the payout. */
export function reportOf(transfer: PaystackTransfer): TransferReport {
  const { transferCode, amount } = transfer;
  const why = (transfer.failures ?? '').trim();
  switch (transfer.status) {
    case 'success':
      return { status: 'success', transferCode, amount };
    case 'pending':
    case 'received':
    case 'processing':
      return { status: 'sending', transferCode, amount };
    case 'otp':
      return { status: 'held', transferCode, amount, reason: otpReason(transferCode) };
    case 'reversed':
      return { status: 'reversed', transferCode, amount, reason: why || 'The bank reversed the transfer' };
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return { status: 'failed', transferCode, amount, reason: why || `The transfer was ${transfer.status}` };
  }
}

function resultOf(report: TransferReport): PayoutResult {
  switch (report.status) {
    case 'success':
      return { status: 'paid', reference: report.transferCode };
    case 'sending':
      return { status: 'sent', transferCode: report.transferCode };
    case 'held':
      return { status: 'held', reason: report.reason };
    case 'failed':
    case 'reversed':
      return { status: 'failed', reason: report.reason, permanent: true };
  }
}

export function paystackPayoutProvider(client: PaystackClient): PayoutProvider {
  /** Recipient codes by bank details: Paystack gives the same code for the same details anyway. */
  const recipients = new Map<string, string>();

  async function recipientFor(request: PayoutRequest, bankCode: string): Promise<string> {
    const { accountNum, accountName } = request.bankDetails;
    const key = `${bankCode}:${accountNum}:${accountName}`;
    const known = recipients.get(key);
    if (known) return known;
    const { recipientCode } = await client.createRecipient({
      name: accountName,
      accountNumber: accountNum,
      bankCode,
    });
    if (recipients.size >= 10_000) recipients.clear();
    recipients.set(key, recipientCode);
    return recipientCode;
  }

  async function lookup(reference: string): Promise<TransferReport | null> {
    const transfer = await client.verifyTransfer(reference);
    return transfer ? reportOf(transfer) : null;
  }

  return {
    name: PAYSTACK,
    lookup,
    async pay(request) {
      // Never twice: whatever an earlier attempt did, Paystack knows it by our reference.
      const earlier = await lookup(request.reference);
      if (earlier) return resultOf(earlier);
      const bankCode = bankCodeOf(request.bankDetails);
      if (!bankCode)
        return {
          status: 'failed',
          permanent: true,
          reason: `${request.bankDetails.bankName} is not in Paystack's list of banks`,
        };
      try {
        const recipient = await recipientFor(request, bankCode);
        const transfer = await client.initiateTransfer({
          amount: request.amountToSend,
          recipient,
          reference: request.reference,
          reason: `Kobo withdrawal ${request.withdrawalId.slice(0, 8)}`,
        });
        return resultOf(reportOf(transfer));
      } catch (error) {
        if (!(error instanceof PaystackRefusedError)) throw error; // unknown: the next attempt asks first
        if (DUPLICATE_REFERENCE.test(error.message)) {
          const made = await lookup(request.reference);
          if (made) return resultOf(made);
        }
        if (NEEDS_FINANCE.some((words) => words.test(error.message)))
          return { status: 'held', reason: `Paystack: ${error.message}` };
        return {
          status: 'failed',
          permanent: true,
          reason: `Paystack refused the transfer: ${error.message}`,
        };
      }
    },
  };
}
