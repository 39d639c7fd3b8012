/**
 * The contract the payouts rely on, run against the local double always and against Paystack's
 * real test mode when `PAYSTACK_SECRET_KEY` holds a test key (`sk_test_...`; `PAYSTACK_BASE_URL`
 * if set). Nothing here moves money: the bank list, a name enquiry that cannot succeed, a transfer
 * recipient (created twice: Paystack gives back the same one), a verify of a reference that does
 * not exist, and a wrong key. The recipient's account can be chosen with
 * `PAYSTACK_CONTRACT_BANK_CODE` and `PAYSTACK_CONTRACT_ACCOUNT_NUMBER` (default Paystack's
 * documentation example, 058 / 0123456789).
 */
import { randomUUID } from 'node:crypto';
import { createPaystackClient, PaystackRefusedError, type PaystackClient } from '@kobo/jobs';
import { startPaystackDouble, type PaystackDouble } from '@kobo/jobs/testing';

const secretKey = process.env.PAYSTACK_SECRET_KEY ?? '';
const baseUrl = process.env.PAYSTACK_BASE_URL || undefined;
const bankCode = process.env.PAYSTACK_CONTRACT_BANK_CODE || '058';
const accountNumber = process.env.PAYSTACK_CONTRACT_ACCOUNT_NUMBER || '0123456789';

const skipReason = !secretKey
  ? 'PAYSTACK_SECRET_KEY is not set'
  : !secretKey.startsWith('sk_test_')
    ? 'PAYSTACK_SECRET_KEY is not a test-mode key (sk_test_...)'
    : null;
if (skipReason) console.log(`Paystack contract: skipped, ${skipReason}`);

interface Target {
  name: string;
  run: boolean;
  start(): Promise<{ client: PaystackClient; wrongKeyClient: PaystackClient; close(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'the local double',
    run: true,
    async start() {
      const double: PaystackDouble = await startPaystackDouble({
        accounts: [{ bankCode, accountNumber, accountName: 'ABBEY BAKER' }],
      });
      return {
        client: createPaystackClient({ secretKey: double.secretKey, baseUrl: double.url }),
        wrongKeyClient: createPaystackClient({ secretKey: `${double.secretKey}_wrong`, baseUrl: double.url }),
        close: () => double.close(),
      };
    },
  },
  {
    name: 'Paystack test mode',
    run: skipReason === null,
    async start() {
      return {
        client: createPaystackClient({ secretKey, baseUrl, timeoutMs: 30_000 }),
        wrongKeyClient: createPaystackClient({
          secretKey: `sk_test_${'0'.repeat(40)}`,
          baseUrl,
          timeoutMs: 30_000,
        }),
        close: async () => undefined,
      };
    },
  },
];

for (const target of targets) {
  (target.run ? describe : describe.skip)(`Paystack contract: ${target.name}`, () => {
    let client: PaystackClient;
    let wrongKeyClient: PaystackClient;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ client, wrongKeyClient, close } = await target.start());
    });

    afterAll(async () => {
      await close?.();
    });

    it('lists the Nigerian NUBAN banks, every page, with the codes payouts use', async () => {
      const banks = await client.listBanks();
      const codes = new Map(banks.map((bank) => [bank.code, bank.name]));
      for (const code of ['044', '058', '057', '011', '033', '50211', '999992', '999991', '50515', '214'])
        expect(codes.has(code)).toBe(true);
      expect(codes.size).toBe(banks.length);
      for (const bank of banks) expect(bank).toEqual({ name: expect.any(String), code: expect.any(String) });
    });

    it('refuses a name enquiry for an account that does not exist (a refusal, not "unavailable")', async () => {
      const error = await client.resolveAccount('0000000000', '058').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaystackRefusedError);
      expect((error as PaystackRefusedError).status).toBeGreaterThanOrEqual(400);
      expect((error as PaystackRefusedError).status).toBeLessThan(500);
    });

    it('creates a transfer recipient, and gives back the same one for the same details', async () => {
      const first = await client.createRecipient({ name: 'Kobo contract check', accountNumber, bankCode });
      const again = await client.createRecipient({ name: 'Kobo contract check', accountNumber, bankCode });
      expect(first.recipientCode).toMatch(/^RCP_/);
      expect(again.recipientCode).toBe(first.recipientCode);
    });

    it('answers null when verifying a reference it has never seen', async () => {
      expect(await client.verifyTransfer(randomUUID())).toBeNull();
    });

    it('refuses a wrong key with 401', async () => {
      const error = await wrongKeyClient.verifyTransfer(randomUUID()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaystackRefusedError);
      expect((error as PaystackRefusedError).status).toBe(401);
    });
  });
}
