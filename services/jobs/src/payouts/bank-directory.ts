/**
 * Where the list of banks comes from and who can say whose account a number is: the ledger's own
 * list with the NUBAN check digit (manual payouts), or a payout provider's list and its
 * account-name enquiry (Paystack). The API's bank list, its account check and the save of bank
 * details all go through one directory.
 */
import { BANKS, bankByCode, bankNameKey, nubanValid, SPEC_BANKS, type Bank } from '@kobo/ledger';

export interface BankAccountCheck {
  /** The name the bank holds for the account; null when it could not be asked. */
  accountName: string | null;
  /** True when the name is the bank's (a provider's name enquiry answered). */
  checked: boolean;
}

export interface BankDirectory {
  readonly provider: string;
  listBanks(): Promise<Bank[]>;
  /**
   * The account's name at the bank. Throws `BankAccountRefusedError` when the number cannot be
   * an account there, `BankDirectoryUnavailableError` when the provider could not be asked.
   */
  resolve(bankCode: string, accountNumber: string): Promise<BankAccountCheck>;
}

/** The number is not an account at that bank: nothing should be saved with it. */
export class BankAccountRefusedError extends Error {
  override readonly name = 'BankAccountRefusedError';
  constructor(
    /** `invalid_number`: not a possible number there (check digit); `not_found`: the bank has no such account. */
    readonly reason: 'invalid_number' | 'not_found',
    message: string,
  ) {
    super(message);
  }
}

/** The provider could not be asked (no answer, a timeout, its own error): try again later. */
export class BankDirectoryUnavailableError extends Error {
  override readonly name = 'BankDirectoryUnavailableError';
}

export const bankDirectoryMessages = {
  invalidNumber: (bank: string) => `This account number is not valid for ${bank}. Check it and try again.`,
  notFound: (bank: string) => `We could not find this account at ${bank}. Check the account number.`,
  unknownBank: 'Please choose your bank from the list.',
  unavailable: 'We could not check the account with the bank just now. Please try again in a few minutes.',
} as const;

function checkNumber(bank: Bank | undefined, bankCode: string, accountNumber: string): Bank {
  if (!bank) throw new BankAccountRefusedError('invalid_number', bankDirectoryMessages.unknownBank);
  if (!nubanValid(bankCode, accountNumber))
    throw new BankAccountRefusedError('invalid_number', bankDirectoryMessages.invalidNumber(bank.name));
  return bank;
}

/** The ledger's list; an account number is checked by its NUBAN digit only, the name is not. */
export const manualBankDirectory: BankDirectory = {
  provider: 'manual',
  listBanks: async () => [...BANKS].sort(byName),
  resolve: async (bankCode, accountNumber) => {
    checkNumber(bankByCode(bankCode), bankCode, accountNumber);
    return { accountName: null, checked: false };
  },
};

/** What the Paystack client offers that a directory needs (any object shaped so will do). */
export interface PaystackBankLookup {
  listBanks(): Promise<{ name: string; code: string }[]>;
  resolveAccount(accountNumber: string, bankCode: string): Promise<{ accountName: string }>;
}

export interface PaystackBankDirectoryOptions {
  /** The clock (tests move it). */
  now?: () => number;
  /** How long the provider's list is kept before it is asked again (default a day). */
  refreshMs?: number;
}

const DAY = 24 * 60 * 60 * 1000;
/** After a failed refresh, ask again no sooner than this. */
const RETRY_MS = 5 * 60 * 1000;

const byName = (a: Bank, b: Bank) => a.name.localeCompare(b.name, 'en');

/**
 * The provider's list, with the spec's 20 banks always in it (named in the spec's words). A code
 * the ledger lists keeps the ledger's name, so a bank has one name wherever it is shown or stored.
 */
export function mergeBankLists(provided: readonly Bank[]): Bank[] {
  const merged = new Map<string, Bank>();
  for (const { name, code } of provided) {
    const trimmed = { name: name.trim(), code: code.trim() };
    if (!trimmed.name || !trimmed.code || merged.has(trimmed.code)) continue;
    merged.set(trimmed.code, bankByCode(trimmed.code) ?? trimmed);
  }
  for (const bank of SPEC_BANKS) merged.set(bank.code, bank);
  // A provider's other entry under a listed name (another code for the same bank) would show twice.
  const names = new Set<string>();
  const banks: Bank[] = [];
  for (const bank of [...merged.values()].sort(
    (a, b) => Number(!bankByCode(a.code)) - Number(!bankByCode(b.code)),
  )) {
    const key = bankNameKey(bank.name);
    if (names.has(key)) continue;
    names.add(key);
    banks.push(bank);
  }
  return banks.sort(byName);
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : undefined);
/** Paystack's refusal of the request itself (bad key, rate limit), not of the account number. */
const refusedForUs = (error: unknown) => {
  const status = (error as { status?: unknown }).status;
  return status === 401 || status === 403 || status === 429;
};

/**
 * Paystack's banks and account-name enquiry. The list is kept and asked for again daily; until
 * Paystack first answers (or if it never does), the ledger's list stands in for it.
 */
export function paystackBankDirectory(
  lookup: PaystackBankLookup,
  { now = Date.now, refreshMs = DAY }: PaystackBankDirectoryOptions = {},
): BankDirectory {
  let cached: { banks: Bank[]; byCode: Map<string, Bank> } | undefined;
  let nextRefreshAt = 0;
  let refreshing: Promise<void> | undefined;

  const keep = (banks: Bank[]) => {
    cached = { banks, byCode: new Map(banks.map((bank) => [bank.code, bank])) };
  };

  const refresh = () =>
    (refreshing ??= (async () => {
      try {
        keep(mergeBankLists(await lookup.listBanks()));
        nextRefreshAt = now() + refreshMs;
      } catch {
        nextRefreshAt = now() + RETRY_MS;
        if (!cached) keep(mergeBankLists([]));
      } finally {
        refreshing = undefined;
      }
    })());

  const banks = async () => {
    if (!cached || now() >= nextRefreshAt) await refresh();
    return cached!;
  };

  return {
    provider: 'paystack',
    listBanks: async () => [...(await banks()).banks],
    resolve: async (bankCode, accountNumber) => {
      const bank = checkNumber((await banks()).byCode.get(bankCode), bankCode, accountNumber);
      try {
        const { accountName } = await lookup.resolveAccount(accountNumber, bankCode);
        const name = accountName.trim();
        if (!name) throw new BankAccountRefusedError('not_found', bankDirectoryMessages.notFound(bank.name));
        return { accountName: name, checked: true };
      } catch (error) {
        if (error instanceof BankAccountRefusedError) throw error;
        if (errorName(error) === 'PaystackRefusedError' && !refusedForUs(error))
          throw new BankAccountRefusedError('not_found', bankDirectoryMessages.notFound(bank.name));
        if (errorName(error) === 'PaystackRefusedError' || errorName(error) === 'PaystackUnavailableError')
          throw new BankDirectoryUnavailableError(bankDirectoryMessages.unavailable, { cause: error });
        throw error;
      }
    },
  };
}
