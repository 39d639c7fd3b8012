/**
 * The Paystack client against the local double of Paystack, over real HTTP: what each call
 * answers, how a refusal differs from no answer, and the webhooks the double sends when a transfer
 * settles (received here by a plain HTTP server standing in for the webhook route).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createPaystackClient,
  PaystackRefusedError,
  PaystackUnavailableError,
  paystackSignature,
  paystackSignatureValid,
  type PaystackClient,
} from '@kobo/jobs';
import { startPaystackDouble, type PaystackDouble, type PaystackDoubleOptions } from '@kobo/jobs/testing';

const GTBANK = '058';
const KUDA = '50211';
const ADA = { bankCode: GTBANK, accountNumber: '0123456789', accountName: 'ADA NGOZI OBI' };
const TUNDE = { bankCode: KUDA, accountNumber: '2000000017', accountName: 'BABATUNDE ADE' };

interface Received {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** The receiving end of webhooks: keeps every request as it came and answers 200. */
async function startWebhookReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/paystack`,
    received,
    events: () => received.map((r) => JSON.parse(r.rawBody.toString('utf8')) as PaystackEvent),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface PaystackEvent {
  event: string;
  data: {
    reference: string;
    transfer_code: string;
    amount: number;
    status: string;
    reason: string;
    failures: string | null;
    recipient: { recipient_code: string; details: { account_number: string; bank_code: string } };
  };
}

const reference = () => randomUUID();

async function refusal(promise: Promise<unknown>): Promise<PaystackRefusedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PaystackRefusedError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

async function unavailable(promise: Promise<unknown>): Promise<PaystackUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PaystackUnavailableError))
    throw new Error(`expected no answer (PaystackUnavailableError), got ${String(error)}`);
  return error;
}

describe('Paystack client against the double', () => {
  let double: PaystackDouble;
  let client: PaystackClient;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const doubles: PaystackDouble[] = [];

  /** A double of its own for a test that changes the integration's settings. */
  async function anotherDouble(options: PaystackDoubleOptions = {}) {
    const started = await startPaystackDouble({
      accounts: [ADA, TUNDE],
      webhookUrl: receiver.url,
      ...options,
    });
    doubles.push(started);
    return {
      double: started,
      client: createPaystackClient({ secretKey: started.secretKey, baseUrl: started.url, timeoutMs: 2_000 }),
    };
  }

  async function recipientFor(c: PaystackClient, account = ADA) {
    return (
      await c.createRecipient({
        name: 'Ada Obi',
        accountNumber: account.accountNumber,
        bankCode: account.bankCode,
      })
    ).recipientCode;
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    double = await startPaystackDouble({
      accounts: [ADA, TUNDE],
      webhookUrl: receiver.url,
      defaultOutcome: 'pending',
      maxBanksPerPage: 7,
    });
    client = createPaystackClient({ secretKey: double.secretKey, baseUrl: double.url, timeoutMs: 2_000 });
  });

  afterAll(async () => {
    for (const d of [double, ...doubles]) await d.close();
    await receiver.close();
  });

  it('listens on a port the system chose, on 127.0.0.1', () => {
    expect(double.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  describe('banks', () => {
    it('follows every page of the bank list and gives each bank as { name, code }', async () => {
      const before = double.requests().filter((r) => r.path === '/bank').length;
      const banks = await client.listBanks();
      const pages = double.requests().filter((r) => r.path === '/bank').length - before;
      expect(pages).toBeGreaterThan(1); // 7 a page: the list only comes whole by following `next`
      expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
      expect(banks).toEqual(
        expect.arrayContaining([
          { name: 'Access Bank', code: '044' },
          { name: 'Guaranty Trust Bank', code: '058' },
          { name: 'Zenith Bank', code: '057' },
          { name: 'First Bank of Nigeria', code: '011' },
          { name: 'United Bank For Africa', code: '033' },
          { name: 'Kuda Bank', code: '50211' },
          { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
          { name: 'PalmPay', code: '999991' },
          { name: 'Moniepoint MFB', code: '50515' },
          { name: 'First City Monument Bank', code: '214' },
          { name: 'Providus Bank', code: '101' },
          { name: 'Jaiz Bank', code: '301' },
        ]),
      );
      expect(banks.length).toBe(30);
    });

    it('keeps only NUBAN banks that are active', async () => {
      const { client: c } = await anotherDouble({
        maxBanksPerPage: 2,
        banks: [
          { name: 'Wema Bank', code: '035' },
          { name: 'MTN Mobile Money', code: 'MTN', type: 'mobile_money' },
          { name: 'Old Bank', code: '999', is_deleted: true },
          { name: 'Sleeping Bank', code: '998', active: false },
          { name: 'Sterling Bank', code: '232' },
        ],
      });
      expect(await c.listBanks()).toEqual([
        { name: 'Wema Bank', code: '035' },
        { name: 'Sterling Bank', code: '232' },
      ]);
    });
  });

  describe('account-name enquiry', () => {
    it('gives the name the bank holds', async () => {
      expect(await client.resolveAccount(ADA.accountNumber, GTBANK)).toEqual({
        accountName: 'ADA NGOZI OBI',
        accountNumber: ADA.accountNumber,
      });
    });

    it('is refused with Paystack’s 422 for an account the bank does not know', async () => {
      const error = await refusal(client.resolveAccount('0000000000', GTBANK));
      expect(error.status).toBe(422);
      expect(error.message).toBe('Could not resolve account name. Check parameters or try again.');
    });
  });

  describe('transfer recipients', () => {
    it('gives back the same recipient for the same bank details, as Paystack does', async () => {
      const first = await recipientFor(client);
      const again = await recipientFor(client);
      expect(first).toMatch(/^RCP_[a-z0-9]+$/);
      expect(again).toBe(first);
      const other = await recipientFor(client, TUNDE);
      expect(other).not.toBe(first);
      expect(double.recipients().filter((r) => r.accountNumber === ADA.accountNumber)).toHaveLength(1);
    });

    it('is refused for an account the bank cannot resolve, and for an unknown bank', async () => {
      expect(
        (await refusal(client.createRecipient({ name: 'X', accountNumber: '0000000000', bankCode: GTBANK })))
          .status,
      ).toBe(400);
      expect(
        (
          await refusal(
            client.createRecipient({ name: 'X', accountNumber: ADA.accountNumber, bankCode: '000' }),
          )
        ).message,
      ).toBe('Unknown bank code');
    });
  });

  describe('transfers', () => {
    it('initiates a transfer from the balance in kobo: pending, with a transfer code', async () => {
      const recipient = await recipientFor(client);
      const ref = reference();
      const balanceBefore = double.balance();
      const transfer = await client.initiateTransfer({
        amount: 295_000,
        recipient,
        reference: ref,
        reason: 'Kobo payout',
      });
      expect(transfer).toMatchObject({
        reference: ref,
        amount: 295_000,
        currency: 'NGN',
        status: 'pending',
        reason: 'Kobo payout',
        recipientCode: recipient,
        failures: null,
      });
      expect(transfer.transferCode).toMatch(/^TRF_/);
      expect(double.transfer(ref)).toMatchObject({
        amount: 295_000,
        status: 'pending',
        accountNumber: ADA.accountNumber,
      });
      expect(double.balance()).toBe(balanceBefore - 295_000);
    });

    it('refuses a reference already used, so the same payout is never sent twice', async () => {
      const recipient = await recipientFor(client, TUNDE);
      const ref = reference();
      await client.initiateTransfer({ amount: 100_000, recipient, reference: ref, reason: 'Kobo payout' });
      const error = await refusal(
        client.initiateTransfer({ amount: 100_000, recipient, reference: ref, reason: 'Kobo payout' }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toBe('Please provide a unique reference. Reference already exists on a transfer');
      expect(double.transfers().filter((t) => t.reference === ref)).toHaveLength(1);
      expect(double.transfer(ref)?.initiateCalls).toBe(2);
    });

    it('refuses an unknown recipient with Paystack’s code, and a reference with capitals', async () => {
      const unknown = await refusal(
        client.initiateTransfer({
          amount: 1_000,
          recipient: 'RCP_nobody',
          reference: reference(),
          reason: 'x',
        }),
      );
      expect(unknown).toMatchObject({ status: 400, code: 'invalid_transfer_recipient' });
      const recipient = await recipientFor(client);
      const capitals = await refusal(
        client.initiateTransfer({ amount: 1_000, recipient, reference: 'ABC-123', reason: 'x' }),
      );
      expect(capitals.message).toBe('Your reference contains illegal special characters');
    });

    it('verifies a transfer by reference, and answers null for one Paystack does not have', async () => {
      const recipient = await recipientFor(client);
      const ref = reference();
      const sent = await client.initiateTransfer({
        amount: 50_000,
        recipient,
        reference: ref,
        reason: 'Kobo payout',
      });
      expect(await client.verifyTransfer(ref)).toMatchObject({
        reference: ref,
        transferCode: sent.transferCode,
        amount: 50_000,
        status: 'pending',
        recipientCode: recipient,
      });
      expect(await client.verifyTransfer(reference())).toBeNull();
    });

    it('is refused with 401 and Paystack’s message when the key is wrong', async () => {
      const stranger = createPaystackClient({ secretKey: 'sk_test_wrong', baseUrl: double.url });
      const error = await refusal(stranger.verifyTransfer(reference()));
      expect(error).toMatchObject({ status: 401, message: 'Invalid key' });
    });
  });

  describe('refusals that need finance', () => {
    it('gives the transfer in status otp when Paystack asks for an OTP', async () => {
      const { double: d, client: c } = await anotherDouble();
      d.setOtpRequired(true);
      const ref = reference();
      const transfer = await c.initiateTransfer({
        amount: 1_000,
        recipient: await recipientFor(c),
        reference: ref,
        reason: 'x',
      });
      expect(transfer.status).toBe('otp');
      expect((await c.verifyTransfer(ref))?.status).toBe('otp');
    });

    it('is refused when the balance is too low or transfers are disabled, and nothing is created', async () => {
      const { double: d, client: c } = await anotherDouble({ balance: 10_000 });
      const recipient = await recipientFor(c);
      const poor = reference();
      const low = await refusal(
        c.initiateTransfer({ amount: 10_001, recipient, reference: poor, reason: 'x' }),
      );
      expect(low.message).toBe('Your balance is not enough to fulfil this request');
      d.setTransfersDisabled(true);
      const starter = reference();
      const disabled = await refusal(
        c.initiateTransfer({ amount: 1_000, recipient, reference: starter, reason: 'x' }),
      );
      expect(disabled.message).toBe('You cannot initiate third party payouts as a starter business');
      expect(await c.verifyTransfer(poor)).toBeNull();
      expect(await c.verifyTransfer(starter)).toBeNull();
      expect(d.transfers()).toHaveLength(0);
    });
  });

  describe('no answer', () => {
    it('a timeout after the transfer was created is "unavailable", and verify then finds the transfer', async () => {
      const { double: d } = await anotherDouble({ defaultOutcome: 'pending' });
      const impatient = createPaystackClient({ secretKey: d.secretKey, baseUrl: d.url, timeoutMs: 300 });
      const recipient = await recipientFor(impatient);
      const ref = reference();
      d.script(ref, { initiate: 'timeout_after_create' });
      const error = await unavailable(
        impatient.initiateTransfer({ amount: 7_000, recipient, reference: ref, reason: 'x' }),
      );
      expect(error.message).toMatch(/did not answer within 300 ms/);
      expect(await impatient.verifyTransfer(ref)).toMatchObject({
        reference: ref,
        amount: 7_000,
        status: 'pending',
      });
      // Trying again with the same reference cannot send it twice.
      await refusal(impatient.initiateTransfer({ amount: 7_000, recipient, reference: ref, reason: 'x' }));
      expect(d.transfersTo(ADA)).toHaveLength(1);
    });

    it('a connection cut after the transfer was created is "unavailable", and verify finds it', async () => {
      const { double: d, client: c } = await anotherDouble({ defaultOutcome: 'pending' });
      const recipient = await recipientFor(c);
      const ref = reference();
      d.script(ref, { initiate: 'socket_destroyed_after_create' });
      await unavailable(c.initiateTransfer({ amount: 8_000, recipient, reference: ref, reason: 'x' }));
      expect((await c.verifyTransfer(ref))?.amount).toBe(8_000);
    });

    it('a 5xx is "unavailable"; here nothing was created and a retry sends it once', async () => {
      const { double: d, client: c } = await anotherDouble({ defaultOutcome: 'pending' });
      const recipient = await recipientFor(c);
      const ref = reference();
      d.script(ref, { initiate: ['server_error_before_create', 'server_error_before_create'] });
      const error = await unavailable(
        c.initiateTransfer({ amount: 9_000, recipient, reference: ref, reason: 'x' }),
      );
      expect(error.message).toMatch(/answered 500/);
      await unavailable(c.initiateTransfer({ amount: 9_000, recipient, reference: ref, reason: 'x' }));
      expect(await c.verifyTransfer(ref)).toBeNull();
      expect(
        (await c.initiateTransfer({ amount: 9_000, recipient, reference: ref, reason: 'x' })).status,
      ).toBe('pending');
      expect(d.transfers()).toHaveLength(1);
    });

    it('a server that cannot be reached is "unavailable"', async () => {
      const { double: d, client: c } = await anotherDouble();
      await d.close();
      await unavailable(c.verifyTransfer(reference()));
    });
  });

  describe('webhooks', () => {
    async function settledTransfer(
      options: PaystackDoubleOptions,
      script: Parameters<PaystackDouble['script']>[1],
    ) {
      const { double: d, client: c } = await anotherDouble(options);
      const ref = reference();
      d.script(ref, script);
      const from = receiver.received.length;
      await c.initiateTransfer({
        amount: 12_345,
        recipient: await recipientFor(c),
        reference: ref,
        reason: 'Kobo payout',
      });
      await d.idle();
      const events = receiver
        .events()
        .slice(from)
        .filter((e) => e.data.reference === ref);
      const raw = receiver.received.slice(from).filter((r) => r.rawBody.includes(ref));
      return { d, c, ref, events, raw };
    }

    it('sends transfer.success, signed, in Paystack’s shape, when a transfer succeeds', async () => {
      const { d, c, ref, events, raw } = await settledTransfer({}, { outcome: 'success' });
      expect(events.map((e) => e.event)).toEqual(['transfer.success']);
      expect(events[0]!.data).toMatchObject({
        reference: ref,
        amount: 12_345,
        status: 'success',
        reason: 'Kobo payout',
        recipient: { details: { account_number: ADA.accountNumber, bank_code: GTBANK } },
      });
      expect(events[0]!.data.transfer_code).toBe(d.transfer(ref)!.transferCode);
      const signature = raw[0]!.headers['x-paystack-signature'];
      expect(typeof signature).toBe('string');
      expect(paystackSignatureValid(raw[0]!.rawBody, signature as string, d.secretKey)).toBe(true);
      expect(d.webhooks().find((w) => w.reference === ref)).toMatchObject({ status: 200, lost: false });
      expect((await c.verifyTransfer(ref))?.status).toBe('success');
      expect(d.moneySent()).toBe(12_345);
    });

    it('sends transfer.failed with the reason, and gives the balance back', async () => {
      const { d, c, ref, events } = await settledTransfer(
        { balance: 100_000 },
        { outcome: 'failed', failureReason: 'Account closed' },
      );
      expect(events.map((e) => e.event)).toEqual(['transfer.failed']);
      expect(events[0]!.data.failures).toBe('Account closed');
      expect(await c.verifyTransfer(ref)).toMatchObject({ status: 'failed', failures: 'Account closed' });
      expect(d.balance()).toBe(100_000);
      expect(d.moneySent()).toBe(0);
    });

    it('sends transfer.success and then transfer.reversed for a payout reversed after success', async () => {
      const { d, ref, events } = await settledTransfer({}, { outcome: 'reversed' });
      expect(events.map((e) => e.event)).toEqual(['transfer.success', 'transfer.reversed']);
      expect(d.transfer(ref)?.status).toBe('reversed');
    });

    it('sends the same webhook twice when asked to duplicate it', async () => {
      const { d, ref, raw } = await settledTransfer({}, { outcome: 'success', webhook: 'duplicated' });
      expect(raw).toHaveLength(2);
      expect(raw[0]!.rawBody.equals(raw[1]!.rawBody)).toBe(true);
      expect(
        d
          .webhooks()
          .filter((w) => w.reference === ref)
          .map((w) => w.copy),
      ).toEqual([1, 2]);
    });

    it('sends nothing for a lost webhook, though the transfer settled', async () => {
      const { d, c, ref, raw } = await settledTransfer({}, { outcome: 'success', webhook: 'lost' });
      expect(raw).toHaveLength(0);
      expect(d.webhooks().filter((w) => w.reference === ref)).toMatchObject([{ lost: true, status: null }]);
      expect((await c.verifyTransfer(ref))?.status).toBe('success');
    });

    it('sends a delayed webhook late', async () => {
      const { double: d, client: c } = await anotherDouble();
      const ref = reference();
      d.script(ref, { outcome: 'success', webhook: { delayMs: 300 } });
      await c.initiateTransfer({
        amount: 1_000,
        recipient: await recipientFor(c),
        reference: ref,
        reason: 'x',
      });
      expect(receiver.received.some((r) => r.rawBody.includes(ref))).toBe(false);
      await d.idle();
      expect(receiver.received.some((r) => r.rawBody.includes(ref))).toBe(true);
      const record = d.webhooks().find((w) => w.reference === ref)!;
      expect(Date.parse(record.sentAt!) - Date.parse(d.transfer(ref)!.updatedAt)).toBeGreaterThanOrEqual(250);
    });

    it('settles a pending transfer by hand', async () => {
      const { double: d, client: c } = await anotherDouble({ defaultOutcome: 'pending' });
      const ref = reference();
      await c.initiateTransfer({
        amount: 2_000,
        recipient: await recipientFor(c),
        reference: ref,
        reason: 'x',
      });
      await d.idle();
      expect(d.webhooks().filter((w) => w.reference === ref)).toHaveLength(0);
      await d.settle(ref, 'failed', { reason: 'Account number is invalid' });
      expect(
        d
          .webhooks()
          .filter((w) => w.reference === ref)
          .map((w) => w.event),
      ).toEqual(['transfer.failed']);
      expect((await c.verifyTransfer(ref))?.status).toBe('failed');
      await expect(d.settle(ref, 'success')).rejects.toThrow(/is failed/);
    });
  });

  describe('deterministic mode', () => {
    async function fates(seed: number) {
      const { double: d, client: c } = await anotherDouble({
        seeded: { seed, outcomes: { success: 1, failed: 1, reversed: 1 }, webhooks: { lost: 0.3 } },
      });
      const recipient = await recipientFor(c);
      const references = Array.from({ length: 12 }, (_, i) => `payout-${i}`);
      // Sent in opposite orders: a transfer's fate depends on the seed and its reference only.
      for (const ref of seed % 2 ? references : [...references].reverse())
        await c.initiateTransfer({ amount: 1_000, recipient, reference: ref, reason: 'x' });
      await d.idle();
      return references.map((ref) => ({
        status: d.transfer(ref)!.status,
        lost: d.webhooks().some((w) => w.reference === ref && w.lost),
      }));
    }

    it('draws the same outcomes and lost webhooks from the same seed, whatever the order', async () => {
      const first = await fates(41);
      const again = await fates(41);
      expect(again).toEqual(first);
      expect(new Set(first.map((f) => f.status))).toEqual(new Set(['success', 'failed', 'reversed']));
      expect(first.some((f) => f.lost)).toBe(true);
      expect(await fates(42)).not.toEqual(first);
    });
  });
});

describe('Paystack webhook signature', () => {
  const key = 'sk_test_signature';
  const body = Buffer.from(JSON.stringify({ event: 'transfer.success', data: { reference: 'abc' } }));

  it('accepts the HMAC-SHA512 of the raw body keyed with the secret key', () => {
    expect(paystackSignatureValid(body, paystackSignature(body, key), key)).toBe(true);
    expect(paystackSignature(body.toString('utf8'), key)).toBe(paystackSignature(body, key));
  });

  it('refuses a forged signature: another key, another body, or garbage', () => {
    expect(paystackSignatureValid(body, paystackSignature(body, 'sk_test_other'), key)).toBe(false);
    expect(
      paystackSignatureValid(Buffer.from(`${body.toString()} `), paystackSignature(body, key), key),
    ).toBe(false);
    expect(paystackSignatureValid(body, 'not-hex', key)).toBe(false);
    expect(paystackSignatureValid(body, paystackSignature(body, key).slice(0, 64), key)).toBe(false);
  });

  it('refuses a missing signature', () => {
    expect(paystackSignatureValid(body, undefined, key)).toBe(false);
    expect(paystackSignatureValid(body, '', key)).toBe(false);
  });
});
