/**
 * Paystack's payout provider against Paystack's local double over real HTTP: what each answer
 * means for the payout, and never a second transfer for one payout, whatever failed before.
 */
import { randomUUID } from 'node:crypto';
import { kobo } from '@kobo/ledger';
import { startPaystackDouble, type PaystackDouble } from '@kobo/jobs/testing';
import {
  createPaystackClient,
  PaystackUnavailableError,
  paystackPayoutProvider,
  type PayoutProvider,
} from '../src';
import type { PayoutRequest } from '../src/payouts/payout-provider';

let double: PaystackDouble;
let provider: PayoutProvider;

beforeAll(async () => {
  double = await startPaystackDouble({ resolveAnyAccount: true, defaultOutcome: 'pending' });
  provider = paystackPayoutProvider(
    createPaystackClient({ secretKey: double.secretKey, baseUrl: double.url, timeoutMs: 300 }),
  );
});

afterAll(() => double.close());

function request(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  const withdrawalId = randomUUID();
  return {
    userId: randomUUID(),
    withdrawalId,
    reference: withdrawalId,
    amount: 500_000,
    fee: 10_000,
    amountToSend: 490_000,
    bankDetails: {
      bankName: 'Guaranty Trust Bank',
      bankCode: '058',
      accountNum: '0002124567',
      accountName: 'ADA OKAFOR',
    },
    ...overrides,
  };
}

function initiations(reference: string) {
  return double
    .requests()
    .filter((r) => r.method === 'POST' && r.path === '/transfer' && r.reference === reference);
}

describe("Paystack's payout provider", () => {
  it('sends a transfer of the amount less the fee under the payout reference', async () => {
    const r = request();
    const result = await provider.pay(r);
    expect(result).toEqual({ status: 'sent', transferCode: double.transfer(r.reference)!.transferCode });
    expect(double.transfer(r.reference)!.amount).toBe(490_000);
  });

  for (const fault of ['socket_destroyed_after_create', 'timeout_after_create'] as const) {
    it(`asks by reference before trying again after ${fault}, and sends once`, async () => {
      const r = request();
      double.script(r.reference, { initiate: fault });
      await expect(provider.pay(r)).rejects.toBeInstanceOf(PaystackUnavailableError);
      const again = await provider.pay(r);
      expect(again.status).toBe('sent');
      expect(initiations(r.reference)).toHaveLength(1);
      expect(double.transfers().filter((t) => t.reference === r.reference)).toHaveLength(1);
    });
  }

  it('answers a transfer that already settled from what Paystack says of it', async () => {
    const r = request();
    await provider.pay(r);
    await double.settle(r.reference, 'success');
    expect(await provider.pay(r)).toEqual({
      status: 'paid',
      reference: double.transfer(r.reference)!.transferCode,
    });
    expect(initiations(r.reference)).toHaveLength(1);
  });

  it('holds for finance what Paystack asks a person for: an OTP, its balance, transfers disabled', async () => {
    for (const [fault, words] of [
      ['otp', /OTP/],
      ['insufficient_balance', /balance is not enough/],
      ['transfers_disabled', /third party payouts/],
    ] as const) {
      const r = request();
      double.script(r.reference, { initiate: fault });
      const result = await provider.pay(r);
      expect(result.status).toBe('held');
      expect(result.status === 'held' && result.reason).toMatch(words);
    }
  });

  it('fails for good a payout to a bank Paystack does not list', async () => {
    const r = request({
      bankDetails: { bankName: 'No Such Bank', accountNum: '0002124567', accountName: 'ADA OKAFOR' },
    });
    const result = await provider.pay(r);
    expect(result).toMatchObject({ status: 'failed', permanent: true });
    expect(initiations(r.reference)).toHaveLength(0);
  });

  it('reports a transfer by reference, or null when there is none', async () => {
    const r = request();
    expect(await provider.lookup!(r.reference)).toBeNull();
    await provider.pay(r);
    await double.settle(r.reference, 'failed', { reason: 'Account is dormant' });
    const report = await provider.lookup!(r.reference);
    expect(report).toMatchObject({ status: 'failed', amount: kobo(490_000) });
  });
});
