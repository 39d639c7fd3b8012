/**
 * Money is an integer number of kobo (1 naira = 100 kobo) everywhere inside the system.
 * The brand stops a naira amount or a count from being passed where kobo is expected.
 */
export type Kobo = number & { readonly __brand: 'Kobo' };

export function kobo(value: number): Kobo {
  if (!Number.isSafeInteger(value)) throw new RangeError(`kobo must be a safe integer, got ${value}`);
  return value as Kobo;
}

/** Naira with at most 2 decimals to kobo, without floating-point drift (e.g. 19.99 -> 1999). */
export function nairaToKobo(naira: number | string): Kobo {
  const text = typeof naira === 'number' ? naira.toFixed(2) : naira.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not a naira amount with at most 2 decimals: ${naira}`);
  const [, sign, whole, fraction = ''] = match;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return kobo(sign ? -value : value);
}

/**
 * Kobo to naira, the one conversion for the API's JSON: a number with at most 2 decimals
 * (123456 -> 1234.56). A database bigint arrives as text. Only whole kobo: a fraction is a bug
 * upstream, refused rather than rounded away. Dividing a whole number by 100 gives the nearest
 * double to its 2-decimal value, which JSON prints as exactly those decimals.
 */
export function koboToNaira(amount: Kobo | number | string): number {
  return kobo(Number(amount)) / 100;
}

const nairaFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Display form: ₦1,234.50 */
export function formatNaira(amount: Kobo | number): string {
  return nairaFormat.format(amount / 100);
}

/**
 * Ledger account names, Formance style. User and escrow accounts may never go below zero;
 * `world` and the platform accounts are the other side of money entering and leaving.
 */
export const Accounts = {
  userAccount: (userId: string) => `user:${userId}:account`,
  userActivity: (userId: string) => `user:${userId}:activity`,
  userHold: (userId: string) => `user:${userId}:hold`,
  campaignEscrow: (campaignId: string) => `campaign:${campaignId}:escrow`,
  bonusExpense: 'platform:bonus_expense',
  adjustments: 'platform:adjustments',
  payoutsClearing: 'platform:payouts_clearing',
  /** Withdrawal fees the platform keeps when a payout succeeds. */
  withdrawalFees: 'platform:withdrawal_fees',
  world: 'world',
} as const;

/** One leg of a double-entry transaction: positive adds to the account's balance. */
export interface Posting {
  account: string;
  amount: Kobo;
}

/** A transfer of `amount` from one account to another, as the two postings that sum to zero. */
export function transfer(from: string, to: string, amount: Kobo): Posting[] {
  if (amount <= 0) throw new RangeError(`a transfer moves a positive amount, got ${amount}`);
  return [
    { account: from, amount: kobo(-amount) },
    { account: to, amount },
  ];
}

export function postingsSum(postings: readonly Posting[]): number {
  return postings.reduce((sum, p) => sum + p.amount, 0);
}
