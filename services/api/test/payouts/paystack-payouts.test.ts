/**
 * Payouts through Paystack, end to end on the real ledger, API and jobs, with Paystack played by
 * its local double over real HTTP: an approval is paid by the payout job, settled by Paystack's
 * signed webhooks (or by reconciliation when a webhook is lost), and never sent twice, whatever
 * fails on the way.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPaystackClient,
  paystackPayoutProvider,
  paystackSignature,
  startJobs,
  type Jobs,
  type Payouts,
} from '@kobo/jobs';
import { startPaystackDouble, type PaystackDouble } from '@kobo/jobs/testing';
import { currentUser, kobo, type WithdrawalStatus } from '@kobo/ledger';
import { registerUser } from '@kobo/ledger/testing';
import { eventually } from '@kobo/platform/testing';
import { holdProjector, settled, startHarness, type Harness } from '../support/harness';

const ADMIN = { role: 'admin', id: 'paystack-test-admin' } as const;
const AMOUNT = 500_000; // ₦5,000
const KUDA = { bankCode: '50211' };

let double: PaystackDouble;
let h: Harness;
let jobs: Jobs;
let server: Server;
/** Where the API takes Paystack's webhooks. */
let webhookUrl: string;

beforeAll(async () => {
  double = await startPaystackDouble({ resolveAnyAccount: true });
  // A short client timeout, so an answer that never comes is given up on quickly.
  const paystack = createPaystackClient({ secretKey: double.secretKey, baseUrl: double.url, timeoutMs: 400 });
  const payouts: Payouts = {
    provider: paystackPayoutProvider(paystack),
    paystack,
    webhookSecret: double.secretKey,
  };
  h = await startHarness(
    { PAYOUT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: double.secretKey, PAYSTACK_BASE_URL: double.url },
    { payouts },
  );
  server = h.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  webhookUrl = `http://127.0.0.1:${port}/api/webhooks/paystack`;
  double.setWebhookUrl(webhookUrl);
  jobs = await startJobs({
    pool: h.db.pool,
    databaseUrl: h.db.url,
    store: h.store,
    commands: h.context.commands,
    logger: h.context.logger,
    dataDir: mkdtempSync(join(tmpdir(), 'kobo-paystack-')),
    payoutProvider: payouts.provider,
    reconcileSeconds: 2,
    tuning: { lockDuration: 2_000, stalledInterval: 1_000, drainDelay: 1 },
  });
});

afterAll(async () => {
  await jobs?.stop();
  await new Promise((resolve) => server?.close(resolve));
  await double?.close();
  await h?.close();
});

async function approvedWithdrawal(script?: Parameters<PaystackDouble['script']>[1]) {
  const { userId } = await registerUser(h.context.commands, { account: 1_000_000 });
  const withdrawalId = randomUUID();
  if (script) double.script(withdrawalId, script);
  await h.context.commands.requestWithdrawal({
    userId,
    withdrawalId,
    type: 'withdrawal',
    amount: kobo(AMOUNT),
  });
  await h.context.commands.approveWithdrawal({ userId, withdrawalId, by: ADMIN });
  return { userId, withdrawalId };
}

async function withdrawalOf(userId: string, withdrawalId: string) {
  return (await currentUser(h.store, userId)).withdrawals.get(withdrawalId)!;
}

function reachesStatus(userId: string, withdrawalId: string, status: WithdrawalStatus) {
  return eventually(`withdrawal ${withdrawalId} to be ${status}`, async () => {
    const w = await withdrawalOf(userId, withdrawalId);
    return w.status === status ? w : undefined;
  });
}

async function accountBalance(userId: string) {
  return (await currentUser(h.store, userId)).balances.account;
}

async function payoutEvents(userId: string) {
  return (await h.store.readStream(`user-${userId}`))
    .map((e) => e.type)
    .filter((t) => t.startsWith('Payout'));
}

/** A withdrawal Paystack paid (its success webhook taken), and the account balance before. */
async function paidThroughPaystack() {
  const { userId, withdrawalId } = await approvedWithdrawal({ outcome: 'pending' });
  await reachesStatus(userId, withdrawalId, 'sending');
  const before = await accountBalance(userId);
  await double.settle(withdrawalId, 'success');
  await reachesStatus(userId, withdrawalId, 'paid');
  return { userId, withdrawalId, before };
}

/** The bank reverses the transfer while the API is down (nothing listens on port 1): not taken. */
async function reversedWhileTheApiIsDown(withdrawalId: string) {
  double.setWebhookUrl('http://127.0.0.1:1/api/webhooks/paystack');
  try {
    await double.settle(withdrawalId, 'reversed');
  } finally {
    double.setWebhookUrl(webhookUrl);
  }
}

function webhook(body: object, signature?: string) {
  const raw = JSON.stringify(body);
  return h.http
    .post('/api/webhooks/paystack')
    .set('Content-Type', 'application/json')
    .set('x-paystack-signature', signature ?? paystackSignature(raw, double.secretKey))
    .send(raw);
}

describe('payouts through Paystack', () => {
  it('pays an approved withdrawal: one transfer of the amount less the fee, settled by the signed webhook', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal();
    const paid = await reachesStatus(userId, withdrawalId, 'paid');
    const transfer = double.transfer(withdrawalId)!;
    expect(paid.reference).toBe(transfer.transferCode);
    expect(double.transfers().filter((t) => t.reference === withdrawalId)).toHaveLength(1);
    expect(transfer.amount).toBe(AMOUNT - h.config.money.withdrawalFee);
    expect(await payoutEvents(userId)).toEqual(['PayoutSent', 'PayoutSucceeded']);
  });

  it('asks Paystack before trying again when the answer to a transfer was lost, and sends it once', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({ initiate: 'socket_destroyed_after_create' });
    await reachesStatus(userId, withdrawalId, 'paid');
    expect(double.transfers().filter((t) => t.reference === withdrawalId)).toHaveLength(1);
    // The first attempt ended without an answer; the next found the transfer by its reference.
    const initiations = double
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/transfer' && r.reference === withdrawalId);
    expect(initiations).toHaveLength(1);
  });

  it('settles a payout whose webhook was lost through reconciliation', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({ webhook: 'lost' });
    await reachesStatus(userId, withdrawalId, 'sending');
    const paid = await reachesStatus(userId, withdrawalId, 'paid');
    expect(paid.reference).toBe(double.transfer(withdrawalId)!.transferCode);
    expect(double.webhooks().filter((w) => w.reference === withdrawalId && !w.lost)).toHaveLength(0);
  });

  it('returns the money once when the transfer fails, however often Paystack says so', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({
      outcome: 'failed',
      webhook: 'duplicated',
      failureReason: 'Account is dormant',
    });
    const before = await accountBalance(userId);
    await reachesStatus(userId, withdrawalId, 'payout_failed');
    await double.idle();
    expect(await accountBalance(userId)).toBe(before + AMOUNT);
    expect((await payoutEvents(userId)).filter((t) => t === 'PayoutFailed')).toHaveLength(1);
    await settled(h);
    const { body } = await h.http
      .get('/api/finance/payouts?state=failed')
      .set('Authorization', `Bearer ${h.financeToken}`);
    const row = body.find((p: { withdrawalId: string }) => p.withdrawalId === withdrawalId);
    expect(row.state).toBe('failed');
    expect(row.failureReason).toContain('Account is dormant');
  });

  it('returns the whole amount once when the bank reverses a paid transfer, and finance sees the reversal', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({ outcome: 'reversed' });
    const before = await accountBalance(userId);
    await reachesStatus(userId, withdrawalId, 'reversed');
    await double.idle();
    // A duplicate of the reversal, sent again by hand: nothing more comes back.
    const reversal = double
      .webhooks()
      .find((w) => w.event === 'transfer.reversed' && w.reference === withdrawalId)!;
    expect((await webhook(JSON.parse(reversal.body))).status).toBe(200);
    expect(await accountBalance(userId)).toBe(before + AMOUNT);
    expect(await payoutEvents(userId)).toEqual(['PayoutSent', 'PayoutSucceeded', 'PayoutReversed']);
    await settled(h);
    const { body } = await h.http
      .get('/api/finance/payouts?state=reversed')
      .set('Authorization', `Bearer ${h.financeToken}`);
    expect(body.map((p: { withdrawalId: string }) => p.withdrawalId)).toContain(withdrawalId);
  });

  it('returns the money of a paid transfer the bank reversed while the API was down: reconciliation finds the reversal', async () => {
    const { userId, withdrawalId, before } = await paidThroughPaystack();
    await reversedWhileTheApiIsDown(withdrawalId);
    const reversal = double
      .webhooks()
      .find((w) => w.event === 'transfer.reversed' && w.reference === withdrawalId)!;
    expect(reversal.status).toBeNull();
    expect(reversal.error).not.toBeNull();
    await reachesStatus(userId, withdrawalId, 'reversed');
    expect(await accountBalance(userId)).toBe(before + AMOUNT);
    expect(await payoutEvents(userId)).toEqual(['PayoutSent', 'PayoutSucceeded', 'PayoutReversed']);
  });

  it('returns the money of a transfer whose every webhook was lost: reconciliation records the success, then the reversal', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({ outcome: 'pending', webhook: 'lost' });
    await reachesStatus(userId, withdrawalId, 'sending');
    const before = await accountBalance(userId);
    await double.settle(withdrawalId, 'success');
    const paid = await reachesStatus(userId, withdrawalId, 'paid');
    expect(paid.reference).toBe(double.transfer(withdrawalId)!.transferCode);
    await double.settle(withdrawalId, 'reversed');
    await reachesStatus(userId, withdrawalId, 'reversed');
    expect(await accountBalance(userId)).toBe(before + AMOUNT);
    expect(await payoutEvents(userId)).toEqual(['PayoutSent', 'PayoutSucceeded', 'PayoutReversed']);
    expect(double.webhooks().filter((w) => w.reference === withdrawalId && !w.lost)).toHaveLength(0);
  });

  it('returns the money of a paid transfer the bank reversed after its owner deleted the account', async () => {
    const { userId, withdrawalId, before } = await paidThroughPaystack();
    // Every payout of theirs has settled: the person may delete the account.
    await h.context.commands.deleteUser({ userId, by: { role: 'user', id: userId } });
    await double.settle(withdrawalId, 'reversed');
    const reversal = double
      .webhooks()
      .find((w) => w.event === 'transfer.reversed' && w.reference === withdrawalId)!;
    expect(reversal.status).toBe(200);
    const w = await withdrawalOf(userId, withdrawalId);
    expect(w.status).toBe('reversed');
    expect(await accountBalance(userId)).toBe(before + AMOUNT);
    expect(await payoutEvents(userId)).toEqual(['PayoutSent', 'PayoutSucceeded', 'PayoutReversed']);
  });

  it("finds by reconciliation the reversal of a deleted account's paid transfer that came while the API was down", async () => {
    const { userId, withdrawalId, before } = await paidThroughPaystack();
    await h.context.commands.deleteUser({ userId, by: { role: 'user', id: userId } });
    await reversedWhileTheApiIsDown(withdrawalId);
    await reachesStatus(userId, withdrawalId, 'reversed');
    expect(await accountBalance(userId)).toBe(before + AMOUNT);
  });

  it('settles a webhook that comes before the withdrawals read model has the request', async () => {
    const held = await holdProjector(h, 'withdrawals');
    let ids: { userId: string; withdrawalId: string };
    try {
      ids = await approvedWithdrawal({ outcome: 'reversed' });
      // Paystack's success is on its way while the read model is held.
      await eventually('the success webhook to be sent', async () =>
        double.webhooks().find((w) => w.reference === ids.withdrawalId && w.sentAt !== null),
      );
    } finally {
      await held.release();
    }
    const { userId, withdrawalId } = ids;
    await reachesStatus(userId, withdrawalId, 'reversed');
    expect(await payoutEvents(userId)).toEqual(['PayoutSent', 'PayoutSucceeded', 'PayoutReversed']);
  });

  it('refuses a forged or unsigned webhook with 401 and changes nothing', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({ outcome: 'pending' });
    await reachesStatus(userId, withdrawalId, 'sending');
    const transfer = double.transfer(withdrawalId)!;
    const body = {
      event: 'transfer.success',
      data: {
        reference: withdrawalId,
        transfer_code: transfer.transferCode,
        amount: transfer.amount,
        status: 'success',
      },
    };
    expect(
      (await webhook(body, paystackSignature(JSON.stringify(body), 'sk_test_someone_else'))).status,
    ).toBe(401);
    const unsigned = await h.http.post('/api/webhooks/paystack').send(body);
    expect(unsigned.status).toBe(401);
    expect((await withdrawalOf(userId, withdrawalId)).status).toBe('sending');
    // The genuine one settles it.
    expect((await webhook(body)).status).toBe(200);
    expect((await withdrawalOf(userId, withdrawalId)).status).toBe('paid');
  });

  it('holds a transfer Paystack wants an OTP for, for finance, who can move it to the manual desk and pay it by hand', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({ initiate: 'otp' });
    const held = await eventually('the payout to be held', async () => {
      const w = await withdrawalOf(userId, withdrawalId);
      return w.heldReason ? w : undefined;
    });
    expect(held.heldReason).toMatch(/OTP/);
    await settled(h);
    const finance = (path: string) => h.http.post(path).set('Authorization', `Bearer ${h.financeToken}`);
    const attention = await h.http
      .get('/api/finance/payouts?state=attention')
      .set('Authorization', `Bearer ${h.financeToken}`);
    expect(attention.body.map((p: { withdrawalId: string }) => p.withdrawalId)).toContain(withdrawalId);
    // By hand while the provider has it: refused.
    const early = await finance(`/api/finance/payouts/${withdrawalId}/mark-paid`).send({
      reference: 'BANK-1',
    });
    expect(early.status).toBe(409);
    const moved = await finance(`/api/finance/payouts/${withdrawalId}/move-to-manual`).send({});
    expect(moved.status).toBe(200);
    expect(moved.body.withdrawal.desk).toBe('manual');
    const paid = await finance(`/api/finance/payouts/${withdrawalId}/mark-paid`).send({
      reference: 'BANK-1',
    });
    expect(paid.status).toBe(200);
    expect(paid.body.withdrawal.state).toBe('paid');
  });

  it('holds a payout when Paystack has not enough balance, without retrying it blindly', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({ initiate: 'insufficient_balance' });
    const held = await eventually('the payout to be held', async () => {
      const w = await withdrawalOf(userId, withdrawalId);
      return w.heldReason ? w : undefined;
    });
    expect(held.heldReason).toMatch(/balance is not enough/);
    expect(held.status).toBe('approved');
    expect(double.transfer(withdrawalId)).toBeUndefined();
  });

  it('lists a success reported after the money was returned as a discrepancy, and moves no money', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal({ outcome: 'failed' });
    await reachesStatus(userId, withdrawalId, 'payout_failed');
    const balance = await accountBalance(userId);
    const transfer = double.transfer(withdrawalId)!;
    const late = {
      event: 'transfer.success',
      data: {
        reference: withdrawalId,
        transfer_code: transfer.transferCode,
        amount: transfer.amount,
        status: 'success',
      },
    };
    expect((await webhook(late)).status).toBe(200);
    expect(await accountBalance(userId)).toBe(balance);
    await settled(h);
    const { body } = await h.http
      .get('/api/finance/payout-discrepancies')
      .set('Authorization', `Bearer ${h.financeToken}`);
    const found = body.discrepancies.find((d: { withdrawalId: string }) => d.withdrawalId === withdrawalId);
    expect(found.kind).toBe('success_after_failure');
  });

  it('acknowledges a webhook for a transfer that is not ours without changing anything', async () => {
    const res = await webhook({
      event: 'transfer.success',
      data: { reference: randomUUID(), transfer_code: 'TRF_x', amount: 100 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
  });
});

describe('the bank account of the payout', () => {
  it('pays the account as the bank details were when the withdrawal was asked for', async () => {
    const { userId, withdrawalId } = await approvedWithdrawal();
    await reachesStatus(userId, withdrawalId, 'paid');
    const recipient = double
      .recipients()
      .find((r) => r.recipientCode === double.transfer(withdrawalId)!.recipientCode)!;
    expect(recipient.bankCode).toBe(KUDA.bankCode);
  });
});
