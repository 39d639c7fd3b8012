/**
 * A local double of Paystack's API for what payouts use, served over real HTTP on 127.0.0.1 (a
 * port the system picks), for tests, the simulation and benchmarks.
 *
 * What it models, as Paystack documents it (https://paystack.com/docs/api/):
 * - The envelope `{ status, message, data, meta? }` on every answer; refusals as `status: false`
 *   with Paystack's message (and `type`/`code` where Paystack's docs show them).
 * - The secret key as a bearer token: no header, a malformed header or a wrong key is a 401.
 * - `GET /bank` (country, currency, `use_cursor` with `perPage`/`next`, or `page`/`perPage`;
 *   `perPage` capped at 100), Nigerian banks with Paystack's names and codes.
 * - `GET /bank/resolve`: the name of an account the test registered (`addAccount`); any other
 *   is 422 "Could not resolve account name. Check parameters or try again.".
 * - `POST /transferrecipient` (type nuban): the bank's account name is looked up as Paystack does;
 *   the same bank and account number give back the same recipient, not a new one.
 * - `POST /transfer` from the balance: validation (amount a positive integer, a known recipient,
 *   a lowercase reference of letters, digits, `-` and `_`), a reference used before refused
 *   ("Please provide a unique reference. Reference already exists on a transfer"), the balance
 *   debited when the transfer is created and given back when it fails or is reversed ("Your
 *   balance is not enough to fulfil this request"), transfers disabled for the business ("You
 *   cannot initiate third party payouts as a starter business"), the OTP requirement (the
 *   transfer is created in status `otp` and goes no further). A created transfer is `pending`.
 * - `GET /transfer/verify/{reference}`: the transfer with its recipient; an unknown reference is
 *   404 "Transfer not found".
 * - Webhooks when a transfer settles: `transfer.success`, `transfer.failed`, `transfer.reversed`,
 *   the transfer in `data` in the webhook shape (snake_case dates, the recipient object,
 *   `integration` as an object), POSTed as JSON with `x-paystack-signature` (HMAC-SHA512 of the
 *   body with the secret key).
 *
 * What it does not model: finalizing an OTP transfer, bulk transfers, listing or fetching
 * transfers by code, fees (`fee_charged` is 0), Paystack's webhook retries (a delivery that fails
 * is recorded, not retried; `duplicated` stands in for Paystack sending an event twice), IP
 * allow-lists, rate limits, test-mode shortcuts (real test mode may answer a transfer as
 * `success` at once), every validation message Paystack has (the ones payouts do not meet are in
 * the double's own words), and where exactly Paystack puts a failed transfer's explanation: the
 * double puts it in `failures` and `gateway_response`.
 *
 * Faults a test or the simulation can ask for: no answer after the transfer was created (the
 * request hangs until the client gives up), the connection cut after it was created, a 5xx before
 * anything was created, a webhook lost, sent twice or late; and a deterministic mode in which
 * outcomes and faults are drawn from a seed (keyed by reference, so arrival order does not matter).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paystackSignature } from '../signature';
import { nigerianBanks, type DoubleBank } from './banks';
import { seededChoice } from './seeded-random';

/** How a transfer ends: `reversed` is a success that is reversed afterwards; `pending` never settles. */
export type TransferOutcome = 'success' | 'failed' | 'reversed' | 'pending';
/** A settlement done by hand: `reversed` on a transfer still pending reverses it without a success. */
export type Settlement = 'success' | 'failed' | 'reversed';

export type InitiateFault =
  /** Paystack asks for an OTP: the transfer is created in status `otp` and stays there. */
  | 'otp'
  /** 400 "Your balance is not enough to fulfil this request"; nothing created. */
  | 'insufficient_balance'
  /** 400 "You cannot initiate third party payouts as a starter business"; nothing created. */
  | 'transfers_disabled'
  /** The transfer is created, then no answer until the client gives up (or the double closes). */
  | 'timeout_after_create'
  /** The transfer is created, then the connection is cut without an answer. */
  | 'socket_destroyed_after_create'
  /** 500 before anything is created. */
  | 'server_error_before_create';

export type WebhookDelivery = 'sent' | 'lost' | 'duplicated' | { delayMs: number };

export interface TransferScript {
  outcome?: TransferOutcome;
  /**
   * A fault on the initiate call: one fault is for the first call with this reference; a list
   * gives one per call in order (`undefined` in it for a call that goes through).
   */
  initiate?: InitiateFault | ReadonlyArray<InitiateFault | undefined>;
  /** How this transfer's webhooks are delivered; default `sent`. */
  webhook?: WebhookDelivery;
  /** The explanation of a failure or a reversal. */
  failureReason?: string;
}

export interface SeededBehaviour {
  seed: number | string;
  /** Relative weights of the outcomes; default success 90, failed 7, reversed 3. */
  outcomes?: Partial<Record<TransferOutcome, number>>;
  /** Probability of each fault on each initiate call; default none. */
  faults?: Partial<Record<InitiateFault, number>>;
  /** Probability of each webhook delivery mode other than `sent`; default none. */
  webhooks?: { lost?: number; duplicated?: number; delayed?: number };
  /** The delay of a delayed webhook; default 200 ms. */
  webhookDelayMs?: number;
}

export interface PaystackDoubleOptions {
  /** The key requests must carry as `Authorization: Bearer <key>`; default `sk_test_double`. */
  secretKey?: string;
  /** Where webhooks go; can also be set later (setWebhookUrl). Without one they are recorded unsent. */
  webhookUrl?: string;
  /** The integration's balance in kobo; default ₦10 billion. */
  balance?: number;
  /** The outcome of a transfer with no script (and no seeded draw); default `success`. */
  defaultOutcome?: TransferOutcome;
  /** How long after it is created a transfer settles, and a success is reversed; default 0. */
  settleAfterMs?: number;
  /** The banks listed; default nigerianBanks(). */
  banks?: ReadonlyArray<Partial<DoubleBank> & { name: string; code: string }>;
  /** The largest page of banks served; Paystack's is 100 (lower it to exercise paging). */
  maxBanksPerPage?: number;
  /** Accounts the bank knows (more can be added with addAccount). */
  accounts?: ReadonlyArray<DoubleAccount>;
  /**
   * Resolve any 10-digit account at a listed bank to a name made from its number (for the
   * simulation, whose users are too many to register one by one); default false.
   */
  resolveAnyAccount?: boolean;
  /** Outcomes and faults drawn from a seed. */
  seeded?: SeededBehaviour;
}

export interface DoubleAccount {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

export interface DoubleRecipient {
  id: number;
  recipientCode: string;
  name: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  createdAt: string;
}

export interface DoubleTransfer {
  id: number;
  reference: string;
  transferCode: string;
  /** Kobo. */
  amount: number;
  reason: string | null;
  recipientCode: string;
  bankCode: string;
  accountNumber: string;
  status: 'otp' | 'pending' | 'success' | 'failed' | 'reversed';
  failureReason: string | null;
  /** Initiate calls made with this reference, the one that created it included. */
  initiateCalls: number;
  createdAt: string;
  updatedAt: string;
}

export type PaystackEventName = 'transfer.success' | 'transfer.failed' | 'transfer.reversed';

export interface WebhookRecord {
  event: PaystackEventName;
  reference: string;
  /** The raw body as sent (or as it would have been sent). */
  body: string;
  signature: string;
  /** 1, or 2 for the second copy of a duplicated webhook. */
  copy: number;
  /** Not sent on purpose (a lost webhook), or no webhook URL was set. */
  lost: boolean;
  /** The receiver's HTTP status; null when not sent or no answer. */
  status: number | null;
  /** The receiver's answer body (the first 500 characters). */
  answer: string | null;
  error: string | null;
  sentAt: string | null;
}

export interface RequestRecord {
  method: string;
  path: string;
  /** The status answered; null when the double did not answer (a timeout or a cut connection). */
  status: number | null;
  reference: string | null;
  at: string;
}

export interface PaystackDouble {
  /** The base URL to give the client, e.g. http://127.0.0.1:40123 */
  readonly url: string;
  readonly secretKey: string;
  addAccount(account: DoubleAccount): void;
  script(reference: string, script: TransferScript): void;
  setDefaultOutcome(outcome: TransferOutcome): void;
  setWebhookUrl(url: string | null): void;
  setOtpRequired(required: boolean): void;
  setTransfersDisabled(disabled: boolean): void;
  setBalance(kobo: number): void;
  balance(): number;
  /** Settles a transfer by hand; resolves once its webhook delivery is done (or skipped). */
  settle(reference: string, settlement: Settlement, options?: { reason?: string }): Promise<void>;
  transfer(reference: string): DoubleTransfer | undefined;
  transfers(): DoubleTransfer[];
  /** The transfers made to one bank account. */
  transfersTo(account: { bankCode: string; accountNumber: string }): DoubleTransfer[];
  /** Kobo that left and stayed gone: the transfers in status `success`. */
  moneySent(): number;
  recipients(): DoubleRecipient[];
  webhooks(): WebhookRecord[];
  requests(): RequestRecord[];
  /** Resolves when no settlement or webhook is scheduled or in flight. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const MAX_PER_PAGE = 100;
const DEFAULT_BALANCE = 1_000_000_000_000;
const INTEGRATION_ID = 100_073;
const WEBHOOK_TIMEOUT_MS = 10_000;
const REFERENCE = /^[a-z0-9_-]+$/;

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  body: Json;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

export async function startPaystackDouble(options: PaystackDoubleOptions = {}): Promise<PaystackDouble> {
  const secretKey = options.secretKey ?? 'sk_test_double';
  const seeded = options.seeded;
  const codeSalt = seeded ? `seed:${seeded.seed}` : randomUUID();
  const listed = nigerianBanks();
  const banks: DoubleBank[] = (options.banks ?? listed).map((bank, index) => ({
    ...listed[0]!,
    id: index + 1,
    slug: bank.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    ...bank,
  }));
  const maxPerPage = Math.min(options.maxBanksPerPage ?? MAX_PER_PAGE, MAX_PER_PAGE);
  const settleAfterMs = options.settleAfterMs ?? 0;

  let webhookUrl = options.webhookUrl ?? null;
  let balance = options.balance ?? DEFAULT_BALANCE;
  let defaultOutcome: TransferOutcome = options.defaultOutcome ?? 'success';
  let otpRequired = false;
  let transfersDisabled = false;

  const accounts = new Map<string, DoubleAccount>();
  const recipientsByCode = new Map<string, DoubleRecipient>();
  const recipientsByAccount = new Map<string, DoubleRecipient>();
  const transfers = new Map<string, DoubleTransfer>();
  const initiateCalls = new Map<string, number>();
  const scripts = new Map<string, TransferScript>();
  const webhookLog: WebhookRecord[] = [];
  const requestLog: RequestRecord[] = [];
  const timers = new Map<NodeJS.Timeout, () => void>();
  const inFlight = new Set<Promise<unknown>>();
  const hung = new Set<ServerResponse>();
  let nextId = 1;
  let closed = false;

  const accountKey = (bankCode: string, accountNumber: string) => `${bankCode}:${accountNumber}`;
  for (const account of options.accounts ?? []) addAccount(account);

  function addAccount(account: DoubleAccount) {
    accounts.set(accountKey(account.bankCode, account.accountNumber), { ...account });
  }

  function code(prefix: string, n: number) {
    return `${prefix}_${createHash('sha256').update(`${codeSalt}:${prefix}:${n}`).digest('hex').slice(0, 15)}`;
  }

  function now() {
    return new Date().toISOString();
  }

  function bankOf(bankCode: string) {
    return banks.find((bank) => bank.code === bankCode && bank.type === 'nuban' && !bank.is_deleted);
  }

  /** The name the bank holds for an account, as a name enquiry would find it. */
  function accountName(bankCode: string, accountNumber: string): string | undefined {
    const known = accounts.get(accountKey(bankCode, accountNumber));
    if (known) return known.accountName;
    if (options.resolveAnyAccount && bankOf(bankCode) && /^\d{10}$/.test(accountNumber))
      return `ACCOUNT HOLDER ${accountNumber}`;
    return undefined;
  }

  // ---- what happens to a transfer -------------------------------------------------------------

  function outcomeOf(reference: string): TransferOutcome {
    const scripted = scripts.get(reference)?.outcome;
    if (scripted) return scripted;
    if (seeded)
      return (
        seededChoice(
          seeded.seed,
          `${reference}:outcome`,
          seeded.outcomes ?? { success: 90, failed: 7, reversed: 3 },
        ) ?? defaultOutcome
      );
    return defaultOutcome;
  }

  function faultOf(reference: string, call: number): InitiateFault | undefined {
    const script = scripts.get(reference);
    if (script?.initiate !== undefined) {
      if (typeof script.initiate === 'string') return call === 1 ? script.initiate : undefined;
      return script.initiate[call - 1];
    }
    if (!seeded?.faults) return undefined;
    const weights: Partial<Record<InitiateFault | 'none', number>> = { ...seeded.faults };
    const total = Object.values(seeded.faults).reduce((sum, p) => sum + (p ?? 0), 0);
    weights.none = Math.max(0, 1 - total);
    const choice = seededChoice(seeded.seed, `${reference}:initiate:${call}`, weights);
    return choice === 'none' ? undefined : choice;
  }

  function deliveryOf(reference: string): WebhookDelivery {
    const scripted = scripts.get(reference)?.webhook;
    if (scripted) return scripted;
    if (!seeded?.webhooks) return 'sent';
    const { lost = 0, duplicated = 0, delayed = 0 } = seeded.webhooks;
    const choice = seededChoice(seeded.seed, `${reference}:webhook`, {
      lost,
      duplicated,
      delayed,
      sent: Math.max(0, 1 - lost - duplicated - delayed),
    });
    if (choice === 'delayed') return { delayMs: seeded.webhookDelayMs ?? 200 };
    return choice ?? 'sent';
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Runs `work` after `ms`; closing the double drops what has not started. */
  function later(ms: number, work: () => Promise<void>): Promise<void> {
    return track(
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (closed) return resolve();
          work().then(resolve, resolve);
        }, ms);
        timers.set(timer, resolve);
      }),
    );
  }

  function scheduleSettlement(transfer: DoubleTransfer) {
    const outcome = outcomeOf(transfer.reference);
    if (outcome === 'pending') return;
    void later(settleAfterMs, async () => {
      if (transfer.status !== 'pending') return; // settled by hand meanwhile
      if (outcome === 'failed') return applySettlement(transfer, 'failed');
      await applySettlement(transfer, 'success');
      if (outcome === 'reversed')
        await later(settleAfterMs, async () => {
          if (transfer.status === 'success') await applySettlement(transfer, 'reversed');
        });
    });
  }

  function applySettlement(transfer: DoubleTransfer, settlement: Settlement, reason?: string): Promise<void> {
    const from = transfer.status;
    const allowed = settlement === 'reversed' ? from === 'pending' || from === 'success' : from === 'pending';
    if (!allowed)
      throw new Error(`The transfer ${transfer.reference} is ${from}: it cannot become ${settlement}`);
    transfer.status = settlement;
    transfer.updatedAt = now();
    if (settlement !== 'success') {
      balance += transfer.amount;
      transfer.failureReason =
        reason ??
        scripts.get(transfer.reference)?.failureReason ??
        (settlement === 'failed' ? 'Account number is invalid' : 'Transfer reversed by the bank');
    }
    return deliver(transfer, `transfer.${settlement}`);
  }

  // ---- webhooks -------------------------------------------------------------------------------

  function deliver(transfer: DoubleTransfer, event: PaystackEventName): Promise<void> {
    const body = JSON.stringify({ event, data: webhookData(transfer) });
    const signature = paystackSignature(body, secretKey);
    const delivery = deliveryOf(transfer.reference);
    const record = (copy: number, lost: boolean): WebhookRecord => {
      const entry: WebhookRecord = {
        event,
        reference: transfer.reference,
        body,
        signature,
        copy,
        lost,
        status: null,
        answer: null,
        error: null,
        sentAt: null,
      };
      webhookLog.push(entry);
      return entry;
    };
    if (delivery === 'lost') {
      record(1, true);
      return Promise.resolve();
    }
    const send = async (copy: number) => {
      const entry = record(copy, !webhookUrl);
      if (!webhookUrl) {
        entry.error = 'no webhook URL set';
        return;
      }
      entry.sentAt = now();
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
          body,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        entry.status = response.status;
        entry.answer = (await response.text()).slice(0, 500);
      } catch (error) {
        entry.error = error instanceof Error ? error.message : String(error);
      }
    };
    if (typeof delivery === 'object') return later(delivery.delayMs, () => send(1));
    return track(
      (async () => {
        await send(1);
        if (delivery === 'duplicated') await send(2);
      })(),
    );
  }

  function recipientJson(recipient: DoubleRecipient): Json {
    return {
      active: true,
      createdAt: recipient.createdAt,
      currency: 'NGN',
      description: null,
      domain: 'test',
      email: null,
      id: recipient.id,
      integration: INTEGRATION_ID,
      metadata: null,
      name: recipient.name,
      recipient_code: recipient.recipientCode,
      type: 'nuban',
      updatedAt: recipient.createdAt,
      is_deleted: false,
      isDeleted: false,
      details: {
        authorization_code: null,
        account_number: recipient.accountNumber,
        account_name: recipient.accountName,
        bank_code: recipient.bankCode,
        bank_name: recipient.bankName,
      },
    };
  }

  function transferCore(transfer: DoubleTransfer): Json {
    return {
      amount: transfer.amount,
      currency: 'NGN',
      domain: 'test',
      failures: transfer.failureReason,
      id: transfer.id,
      reason: transfer.reason,
      reference: transfer.reference,
      source: 'balance',
      source_details: null,
      status: transfer.status,
      titan_code: null,
      transfer_code: transfer.transferCode,
      transferred_at: transfer.status === 'success' ? transfer.updatedAt : null,
    };
  }

  /** The initiate answer: the recipient by its numeric id, as Paystack gives it. */
  function initiateData(transfer: DoubleTransfer): Json {
    return {
      transfersessionid: [],
      transfertrials: [],
      ...transferCore(transfer),
      integration: INTEGRATION_ID,
      request: transfer.id,
      recipient: recipientsByCode.get(transfer.recipientCode)!.id,
      createdAt: transfer.createdAt,
      updatedAt: transfer.updatedAt,
    };
  }

  function verifyData(transfer: DoubleTransfer): Json {
    return {
      ...transferCore(transfer),
      integration: INTEGRATION_ID,
      request: transfer.id,
      recipient: recipientJson(recipientsByCode.get(transfer.recipientCode)!),
      session: { provider: null, id: null },
      fee_charged: 0,
      fees_breakdown: null,
      gateway_response: transfer.failureReason,
      createdAt: transfer.createdAt,
      updatedAt: transfer.updatedAt,
    };
  }

  function webhookData(transfer: DoubleTransfer): Json {
    return {
      ...transferCore(transfer),
      integration: { id: INTEGRATION_ID, is_live: false, business_name: 'Kobo' },
      recipient: recipientJson(recipientsByCode.get(transfer.recipientCode)!),
      session: { provider: null, id: null },
      fee_charged: 0,
      gateway_response: transfer.failureReason,
      created_at: transfer.createdAt,
      updated_at: transfer.updatedAt,
    };
  }

  // ---- the endpoints --------------------------------------------------------------------------

  function listBanks(query: URLSearchParams): Answer {
    const country = query.get('country');
    const currency = query.get('currency');
    const listed = banks.filter(
      (bank) =>
        (!country || bank.country.toLowerCase() === country.toLowerCase()) &&
        (!currency || bank.currency === currency) &&
        (!query.get('type') || bank.type === query.get('type')),
    );
    const perPage = Math.min(Math.max(Number(query.get('perPage') ?? 50) || 50, 1), maxPerPage);
    if (query.get('use_cursor') === 'true') {
      const start = query.get('next')
        ? Number(Buffer.from(query.get('next')!, 'base64').toString('utf8'))
        : 0;
      if (!Number.isInteger(start) || start < 0) throw new Refusal(400, 'Invalid cursor');
      const page = listed.slice(start, start + perPage);
      const end = start + page.length;
      const cursor = (at: number) => Buffer.from(String(at), 'utf8').toString('base64');
      return {
        status: 200,
        body: {
          status: true,
          message: 'Banks retrieved',
          data: page,
          meta: {
            next: end < listed.length ? cursor(end) : null,
            previous: start > 0 ? cursor(Math.max(0, start - perPage)) : null,
            perPage,
          },
        },
      };
    }
    if (query.has('page') || query.has('perPage')) {
      const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
      const skipped = (page - 1) * perPage;
      return {
        status: 200,
        body: {
          status: true,
          message: 'Banks retrieved',
          data: listed.slice(skipped, skipped + perPage),
          meta: {
            total: listed.length,
            skipped,
            perPage,
            page,
            pageCount: Math.ceil(listed.length / perPage),
          },
        },
      };
    }
    return { status: 200, body: { status: true, message: 'Banks retrieved', data: listed } };
  }

  function resolveAccount(query: URLSearchParams): Answer {
    const accountNumber = query.get('account_number');
    const bankCode = query.get('bank_code');
    if (!accountNumber) throw new Refusal(400, 'Account number is required');
    if (!bankCode) throw new Refusal(400, 'Bank code is required');
    if (!/^\d+$/.test(accountNumber)) throw new Refusal(400, 'Account number should be numeric');
    const name = bankOf(bankCode) ? accountName(bankCode, accountNumber) : undefined;
    if (!name) throw new Refusal(422, 'Could not resolve account name. Check parameters or try again.');
    return {
      status: 200,
      body: {
        status: true,
        message: 'Account number resolved',
        data: { account_number: accountNumber, account_name: name, bank_id: bankOf(bankCode)!.id },
      },
    };
  }

  function createRecipient(body: Json): Answer {
    if (body.type !== 'nuban') throw new Refusal(400, 'Recipient type is invalid');
    if (typeof body.name !== 'string' || !body.name.trim()) throw new Refusal(400, 'Name is required');
    if (typeof body.account_number !== 'string' || !body.account_number)
      throw new Refusal(400, 'Either authorization_code or account_number must be passed.');
    if (typeof body.bank_code !== 'string' || !body.bank_code)
      throw new Refusal(400, 'bank_code is required');
    if (body.currency !== undefined && body.currency !== 'NGN')
      throw new Refusal(400, 'Currency not supported by merchant');
    const bank = bankOf(body.bank_code);
    if (!bank) throw new Refusal(400, 'Unknown bank code');
    const key = accountKey(body.bank_code, body.account_number);
    const existing = recipientsByAccount.get(key);
    if (existing)
      return {
        status: 200,
        body: {
          status: true,
          message: 'Transfer recipient created successfully',
          data: recipientJson(existing),
        },
      };
    const name = accountName(body.bank_code, body.account_number);
    if (!name) throw new Refusal(400, 'Cannot resolve account');
    const id = nextId++;
    const recipient: DoubleRecipient = {
      id,
      recipientCode: code('RCP', id),
      name: body.name,
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: body.account_number,
      accountName: name,
      createdAt: now(),
    };
    recipientsByCode.set(recipient.recipientCode, recipient);
    recipientsByAccount.set(key, recipient);
    return {
      status: 201,
      body: {
        status: true,
        message: 'Transfer recipient created successfully',
        data: recipientJson(recipient),
      },
    };
  }

  /** POST /transfer. Answers, or names what to do with the connection after creating the transfer. */
  function initiateTransfer(body: Json): Answer | { fault: InitiateFault; transfer: DoubleTransfer } {
    const reference = typeof body.reference === 'string' ? body.reference : `ref-${randomUUID()}`;
    const call = (initiateCalls.get(reference) ?? 0) + 1;
    initiateCalls.set(reference, call);
    const existing = transfers.get(reference);
    if (existing) existing.initiateCalls = call;
    const fault = faultOf(reference, call);
    if (fault === 'server_error_before_create')
      return {
        status: 500,
        body: { status: false, message: 'An error occurred while processing your request' },
      };
    if (transfersDisabled || fault === 'transfers_disabled')
      throw new Refusal(400, 'You cannot initiate third party payouts as a starter business', {
        type: 'api_error',
      });
    if (body.source !== 'balance') throw new Refusal(400, 'Source is invalid', { type: 'validation_error' });
    if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount) || body.amount <= 0)
      throw new Refusal(400, 'Invalid amount passed.', { type: 'validation_error' });
    if (body.currency !== undefined && body.currency !== 'NGN')
      throw new Refusal(400, 'Currency not supported by merchant', { type: 'validation_error' });
    const recipient = typeof body.recipient === 'string' ? recipientsByCode.get(body.recipient) : undefined;
    if (!recipient)
      throw new Refusal(400, 'Recipient specified is invalid', {
        meta: {
          nextStep:
            'Provide a valid recipient. Ensure you are passing the recipient code in the recipient param',
        },
        type: 'validation_error',
        code: 'invalid_transfer_recipient',
      });
    if (!REFERENCE.test(reference))
      throw new Refusal(400, 'Your reference contains illegal special characters', {
        type: 'validation_error',
      });
    if (existing)
      throw new Refusal(400, 'Please provide a unique reference. Reference already exists on a transfer', {
        type: 'validation_error',
      });
    if (fault === 'insufficient_balance' || body.amount > balance)
      throw new Refusal(400, 'Your balance is not enough to fulfil this request', { type: 'api_error' });
    balance -= body.amount;
    const id = nextId++;
    const at = now();
    const transfer: DoubleTransfer = {
      id,
      reference,
      transferCode: code('TRF', id),
      amount: body.amount,
      reason: typeof body.reason === 'string' ? body.reason : null,
      recipientCode: recipient.recipientCode,
      bankCode: recipient.bankCode,
      accountNumber: recipient.accountNumber,
      status: otpRequired || fault === 'otp' ? 'otp' : 'pending',
      failureReason: null,
      initiateCalls: call,
      createdAt: at,
      updatedAt: at,
    };
    transfers.set(reference, transfer);
    if (transfer.status === 'pending') scheduleSettlement(transfer);
    if (fault === 'timeout_after_create' || fault === 'socket_destroyed_after_create')
      return { fault, transfer };
    return {
      status: 200,
      body: {
        status: true,
        message: transfer.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
        data: initiateData(transfer),
      },
    };
  }

  function verifyTransfer(reference: string): Answer {
    const transfer = transfers.get(reference);
    if (!transfer) throw new Refusal(404, 'Transfer not found');
    return { status: 200, body: { status: true, message: 'Transfer retrieved', data: verifyData(transfer) } };
  }

  // ---- HTTP -----------------------------------------------------------------------------------

  function unauthorized(header: string | undefined): Refusal | undefined {
    if (!header) return new Refusal(401, 'No Authorization Header was found');
    const match = /^Bearer (\S+)$/.exec(header);
    if (!match) return new Refusal(401, 'Format is Authorization Bearer [secret key]');
    if (match[1] !== secretKey) return new Refusal(401, 'Invalid key');
    return undefined;
  }

  async function readJson(request: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Json;
    } catch {
      // answered below
    }
    throw new Refusal(400, 'Invalid JSON body');
  }

  function send(response: ServerResponse, answer: Answer) {
    const text = JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    response.end(text);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    const entry: RequestRecord = { method, path: url.pathname, status: null, reference: null, at: now() };
    requestLog.push(entry);
    const answer = (result: Answer) => {
      entry.status = result.status;
      send(response, result);
    };
    try {
      const refusal = unauthorized(request.headers.authorization);
      if (refusal) throw refusal;
      const verify = /^\/transfer\/verify\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && url.pathname === '/bank') return answer(listBanks(url.searchParams));
      if (method === 'GET' && url.pathname === '/bank/resolve')
        return answer(resolveAccount(url.searchParams));
      if (method === 'POST' && url.pathname === '/transferrecipient')
        return answer(createRecipient(await readJson(request)));
      if (method === 'POST' && url.pathname === '/transfer') {
        const body = await readJson(request);
        entry.reference = typeof body.reference === 'string' ? body.reference : null;
        const result = initiateTransfer(body);
        if ('fault' in result) {
          if (result.fault === 'socket_destroyed_after_create') request.socket.destroy();
          else hung.add(response);
          response.on('close', () => hung.delete(response));
          return;
        }
        return answer(result);
      }
      if (method === 'GET' && verify) {
        entry.reference = decodeURIComponent(verify[1]!);
        return answer(verifyTransfer(entry.reference));
      }
      throw new Refusal(404, `No route ${method} ${url.pathname}`);
    } catch (error) {
      if (error instanceof Refusal)
        return answer({
          status: error.status,
          body: { status: false, message: error.message, ...error.extra },
        });
      return answer({ status: 500, body: { status: false, message: 'An error occurred' } });
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  function copy<T extends object>(value: T): T {
    return { ...value };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    addAccount,
    script: (reference, script) => void scripts.set(reference, { ...script }),
    setDefaultOutcome: (outcome) => void (defaultOutcome = outcome),
    setWebhookUrl: (url) => void (webhookUrl = url),
    setOtpRequired: (required) => void (otpRequired = required),
    setTransfersDisabled: (disabled) => void (transfersDisabled = disabled),
    setBalance: (kobo) => void (balance = kobo),
    balance: () => balance,
    settle: (reference, settlement, settleOptions = {}) => {
      const transfer = transfers.get(reference);
      if (!transfer) return Promise.reject(new Error(`The double holds no transfer ${reference}`));
      try {
        return applySettlement(transfer, settlement, settleOptions.reason);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    transfer: (reference) => {
      const transfer = transfers.get(reference);
      return transfer && copy(transfer);
    },
    transfers: () => [...transfers.values()].map(copy),
    transfersTo: ({ bankCode, accountNumber }) =>
      [...transfers.values()]
        .filter((t) => t.bankCode === bankCode && t.accountNumber === accountNumber)
        .map(copy),
    moneySent: () =>
      [...transfers.values()].filter((t) => t.status === 'success').reduce((sum, t) => sum + t.amount, 0),
    recipients: () => [...recipientsByCode.values()].map(copy),
    webhooks: () => webhookLog.map(copy),
    requests: () => requestLog.map(copy),
    idle: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: async () => {
      closed = true;
      for (const [timer, drop] of timers) {
        clearTimeout(timer);
        drop();
      }
      timers.clear();
      for (const response of hung) response.destroy();
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
