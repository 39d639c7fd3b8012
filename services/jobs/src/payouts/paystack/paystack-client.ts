/**
 * The Paystack API as payouts use it: the bank list, account-name enquiry, transfer recipients,
 * transfers and their verification (https://paystack.com/docs/api/). Every answer comes in
 * Paystack's envelope `{ status, message, data, meta? }`; amounts are kobo; the key is a bearer
 * token. A refusal (4xx or `status: false`) is a PaystackRefusedError: nothing moved. No answer, a
 * timeout, a network error or a 5xx is a PaystackUnavailableError: a transfer may or may not exist,
 * so ask by reference (verifyTransfer) before trying again.
 */
import { PaystackRefusedError, PaystackUnavailableError } from './errors';

export interface PaystackClientOptions {
  secretKey: string;
  /** Default https://api.paystack.co */
  baseUrl?: string;
  /** How long one request may take before it counts as unanswered; default 15000 ms. */
  timeoutMs?: number;
}

export interface PaystackBank {
  name: string;
  code: string;
}

export type PaystackTransferStatus =
  | 'pending'
  | 'otp'
  | 'received'
  | 'processing'
  | 'success'
  | 'failed'
  | 'reversed'
  | 'abandoned'
  | 'blocked'
  | 'rejected';

export interface PaystackTransfer {
  reference: string;
  transferCode: string;
  /** Kobo. */
  amount: number;
  currency: string;
  status: PaystackTransferStatus;
  reason: string | null;
  failures: string | null;
  recipientCode: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface PaystackClient {
  /** GET /bank?country=nigeria&currency=NGN, every page; NUBAN banks only. */
  listBanks(): Promise<PaystackBank[]>;
  /** GET /bank/resolve: the name the bank holds for the account. */
  resolveAccount(
    accountNumber: string,
    bankCode: string,
  ): Promise<{ accountName: string; accountNumber: string }>;
  /** POST /transferrecipient (nuban, NGN); the same details give back the same recipient. */
  createRecipient(r: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }>;
  /** POST /transfer from the balance; `amount` in kobo; `reference` ours, kept across retries. */
  initiateTransfer(t: {
    amount: number;
    recipient: string;
    reference: string;
    reason: string;
  }): Promise<PaystackTransfer>;
  /** GET /transfer/verify/{reference}; null when Paystack says there is no such transfer. */
  verifyTransfer(reference: string): Promise<PaystackTransfer | null>;
}

export const PAYSTACK_BASE_URL = 'https://api.paystack.co';
const DEFAULT_TIMEOUT_MS = 15_000;
/** Paystack allows at most 100 records a page. */
const BANKS_PER_PAGE = 100;
/** A bound on the pages of banks followed, so a cursor that never ends cannot loop forever. */
const MAX_BANK_PAGES = 50;

interface Envelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
  meta?: unknown;
  code?: unknown;
}

type Json = Record<string, unknown>;

export function createPaystackClient(options: PaystackClientOptions): PaystackClient {
  const baseUrl = (options.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    request: { query?: Record<string, string>; body?: Json } = {},
  ): Promise<Envelope> {
    const url = new URL(baseUrl + path);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const what = `Paystack ${method} ${url.pathname}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          ...(request.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // By name, not by class: the DOMException fetch throws may come from another realm.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new PaystackUnavailableError(
        timedOut
          ? `${what} did not answer within ${timeoutMs} ms`
          : `${what} could not be reached: ${describe(error)}`,
        { cause: error },
      );
    }
    if (status >= 500) throw new PaystackUnavailableError(`${what} answered ${status}: ${excerpt(text)}`);
    let envelope: Envelope | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) envelope = parsed as Envelope;
    } catch {
      envelope = undefined;
    }
    if (status >= 400 || envelope?.status === false) {
      const message =
        typeof envelope?.message === 'string' && envelope.message
          ? envelope.message
          : `${what} refused the request (${status}): ${excerpt(text)}`;
      const code = typeof envelope?.code === 'string' ? envelope.code : undefined;
      throw new PaystackRefusedError(message, status, code);
    }
    // A success status with a body that is not Paystack's envelope: something between us and
    // Paystack answered, or the answer was cut. Whether the request took effect is unknown.
    if (!envelope || envelope.status !== true)
      throw new PaystackUnavailableError(
        `${what} answered ${status} without Paystack's envelope: ${excerpt(text)}`,
      );
    return envelope;
  }

  async function listBanks(): Promise<PaystackBank[]> {
    const banks = new Map<string, PaystackBank>();
    let cursor: string | null = null;
    let page = 1;
    for (let pages = 0; pages < MAX_BANK_PAGES; pages++) {
      const query: Record<string, string> = {
        country: 'nigeria',
        currency: 'NGN',
        use_cursor: 'true',
        perPage: String(BANKS_PER_PAGE),
      };
      if (cursor) query.next = cursor;
      else if (page > 1) query.page = String(page);
      const envelope = await call('GET', '/bank', { query });
      for (const bank of Array.isArray(envelope.data) ? (envelope.data as Json[]) : []) {
        if (bank.type !== 'nuban' || bank.is_deleted === true || bank.active === false) continue;
        if (typeof bank.name !== 'string' || typeof bank.code !== 'string') continue;
        if (!banks.has(bank.code)) banks.set(bank.code, { name: bank.name, code: bank.code });
      }
      const meta = (envelope.meta ?? {}) as Json;
      // Cursor pagination: `meta.next` is the next page's cursor (Paystack writes a missing one as
      // null or as the string "null"). Offset pagination: `meta.page` of `meta.pageCount`.
      const next =
        typeof meta.next === 'string' && meta.next !== 'null' && meta.next !== '' ? meta.next : null;
      if (next) {
        if (next === cursor) break;
        cursor = next;
        continue;
      }
      const current = Number(meta.page);
      const pageCount = Number(meta.pageCount);
      if (!cursor && Number.isInteger(current) && Number.isInteger(pageCount) && current < pageCount) {
        page = current + 1;
        continue;
      }
      break;
    }
    return [...banks.values()];
  }

  async function resolveAccount(accountNumber: string, bankCode: string) {
    const envelope = await call('GET', '/bank/resolve', {
      query: { account_number: accountNumber, bank_code: bankCode },
    });
    const data = (envelope.data ?? {}) as Json;
    if (typeof data.account_name !== 'string')
      throw new PaystackUnavailableError('Paystack resolved the account without an account name');
    return {
      accountName: data.account_name,
      accountNumber: typeof data.account_number === 'string' ? data.account_number : accountNumber,
    };
  }

  async function createRecipient(r: { name: string; accountNumber: string; bankCode: string }) {
    const envelope = await call('POST', '/transferrecipient', {
      body: {
        type: 'nuban',
        name: r.name,
        account_number: r.accountNumber,
        bank_code: r.bankCode,
        currency: 'NGN',
      },
    });
    const data = (envelope.data ?? {}) as Json;
    if (typeof data.recipient_code !== 'string')
      throw new PaystackUnavailableError('Paystack created the recipient without a recipient code');
    return { recipientCode: data.recipient_code };
  }

  async function initiateTransfer(t: {
    amount: number;
    recipient: string;
    reference: string;
    reason: string;
  }) {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
      throw new RangeError(`A transfer amount is a positive whole number of kobo, not ${t.amount}`);
    const envelope = await call('POST', '/transfer', {
      body: {
        source: 'balance',
        amount: t.amount,
        recipient: t.recipient,
        reference: t.reference,
        reason: t.reason,
        currency: 'NGN',
      },
    });
    return transferOf((envelope.data ?? {}) as Json, { reference: t.reference, recipientCode: t.recipient });
  }

  async function verifyTransfer(reference: string): Promise<PaystackTransfer | null> {
    try {
      const envelope = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      return transferOf((envelope.data ?? {}) as Json, { reference, recipientCode: null });
    } catch (error) {
      if (error instanceof PaystackRefusedError && isNotFound(error)) return null;
      throw error;
    }
  }

  return { listBanks, resolveAccount, createRecipient, initiateTransfer, verifyTransfer };
}

/** Paystack answers a reference it does not know with 404 (or 400) "Transfer not found". */
function isNotFound(error: PaystackRefusedError) {
  return error.status === 404 || (error.status === 400 && /not found/i.test(error.message));
}

const STATUSES: ReadonlySet<string> = new Set<PaystackTransferStatus>([
  'pending',
  'otp',
  'received',
  'processing',
  'success',
  'failed',
  'reversed',
  'abandoned',
  'blocked',
  'rejected',
]);

/**
 * Paystack's transfer object in our words. The initiate answer names the recipient by its numeric
 * id and older answers leave out the reference: those come from the request we sent.
 */
function transferOf(data: Json, sent: { reference: string; recipientCode: string | null }): PaystackTransfer {
  const status = typeof data.status === 'string' ? data.status : '';
  if (!STATUSES.has(status))
    throw new PaystackUnavailableError(`Paystack answered with a transfer in an unknown status "${status}"`);
  if (typeof data.transfer_code !== 'string')
    throw new PaystackUnavailableError('Paystack answered with a transfer without a transfer code');
  const recipient = data.recipient;
  const recipientCode =
    recipient && typeof recipient === 'object' && typeof (recipient as Json).recipient_code === 'string'
      ? ((recipient as Json).recipient_code as string)
      : typeof recipient === 'string' && recipient.startsWith('RCP_')
        ? recipient
        : sent.recipientCode;
  return {
    reference: typeof data.reference === 'string' ? data.reference : sent.reference,
    transferCode: data.transfer_code,
    amount: Number(data.amount),
    currency: typeof data.currency === 'string' ? data.currency : 'NGN',
    status: status as PaystackTransferStatus,
    reason: typeof data.reason === 'string' ? data.reason : null,
    failures: failuresOf(data.failures),
    recipientCode,
    createdAt: stringOrNull(data.createdAt ?? data.created_at),
    updatedAt: stringOrNull(data.updatedAt ?? data.updated_at),
  };
}

function failuresOf(failures: unknown): string | null {
  if (failures === null || failures === undefined) return null;
  return typeof failures === 'string' ? failures : JSON.stringify(failures);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function describe(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown } };
  if (typeof message !== 'string') return String(error);
  return typeof cause?.message === 'string' ? `${message} (${cause.message})` : message;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty body)';
}
