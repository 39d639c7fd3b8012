/**
 * A stand-in for a transfer provider (a third party that cannot run here). Like a real one it
 * honours the idempotency key: a key seen before returns the first transfer instead of paying
 * again. Each withdrawal can be scripted to fail, fail for good, or hang on its first call
 * (the bank paid but the answer never came back: the worker died waiting).
 */
import type { PayoutProvider, PayoutRequest, PayoutResult } from '../../src/payouts/payout-provider';

export interface Script {
  fail?: string;
  permanent?: boolean;
  hangFirstCall?: boolean;
}

export class FakeBank implements PayoutProvider {
  readonly name = 'fake_bank';
  private readonly scripts = new Map<string, Script>();
  private readonly callCounts = new Map<string, number>();
  /** Money actually sent, by idempotency key. */
  readonly transfers = new Map<string, { reference: string; amount: number; accountNum: string }>();

  script(withdrawalId: string, script: Script): void {
    this.scripts.set(withdrawalId, script);
  }

  calls(withdrawalId: string): number {
    return this.callCounts.get(withdrawalId) ?? 0;
  }

  async pay(request: PayoutRequest): Promise<PayoutResult> {
    const call = this.calls(request.withdrawalId) + 1;
    this.callCounts.set(request.withdrawalId, call);
    const script = this.scripts.get(request.withdrawalId) ?? {};
    if (script.fail) return { status: 'failed', reason: script.fail, permanent: script.permanent };
    let transfer = this.transfers.get(request.reference);
    if (!transfer) {
      transfer = {
        reference: `FB${String(this.transfers.size + 1).padStart(6, '0')}`,
        amount: request.amountToSend,
        accountNum: request.bankDetails.accountNum,
      };
      this.transfers.set(request.reference, transfer);
    }
    if (script.hangFirstCall && call === 1) return new Promise<never>(() => undefined);
    return { status: 'paid', reference: transfer.reference };
  }
}
