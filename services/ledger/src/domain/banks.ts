/**
 * The banks a user may be paid at: one list, each bank with the code payment providers use for it
 * (Paystack's `code`: the CBN's 3-digit code for deposit money banks, the CBN's 5-digit code for
 * microfinance banks, and the provider's own for wallets such as OPay and PalmPay).
 *
 * The first 20 are the original screens' (docs/product/user-site.md#what-the-screens-show), named exactly as the web app has always
 * sent them; the rest are other banks people commonly hold accounts at. A payout provider's own
 * list may offer more (the jobs' bank directory merges it with this one).
 */
export interface Bank {
  readonly name: string;
  readonly code: string;
}

/** The 20 banks of the spec, in its words. Always offered, whatever the provider's list says. */
export const SPEC_BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'Citibank Nigeria', code: '023' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'Fairmoney Bank', code: '51318' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Keystone Bank', code: '082' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Moniepoint Bank', code: '50515' },
  { name: 'Opay Bank', code: '999992' },
  { name: 'PalmPay Bank', code: '999991' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'Union Bank of Nigeria', code: '032' },
  { name: 'United Bank for Africa', code: '033' },
  { name: 'Unity Bank', code: '215' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
] as const satisfies readonly Bank[];

/** Banks the spec does not name, with Paystack's codes for them. */
const MORE_BANKS = [
  { name: 'First City Monument Bank', code: '214' },
  { name: 'Providus Bank', code: '101' },
  { name: 'Jaiz Bank', code: '301' },
  { name: 'Globus Bank', code: '00103' },
  { name: 'Titan Trust Bank', code: '102' },
  { name: 'Parallex Bank', code: '104' },
  { name: 'SunTrust Bank', code: '100' },
  { name: 'Lotus Bank', code: '303' },
  { name: 'TAJ Bank', code: '302' },
  { name: 'PremiumTrust Bank', code: '105' },
  { name: 'Optimus Bank', code: '107' },
  { name: 'Signature Bank', code: '106' },
  { name: 'Standard Chartered Bank', code: '068' },
  { name: 'Access Bank (Diamond)', code: '063' },
  { name: 'Coronation Merchant Bank', code: '559' },
  { name: 'FSDH Merchant Bank', code: '501' },
  { name: 'Rand Merchant Bank', code: '502' },
  { name: 'VFD Microfinance Bank', code: '566' },
  { name: 'Carbon', code: '565' },
  { name: 'Rubies Microfinance Bank', code: '125' },
  { name: 'Sparkle Microfinance Bank', code: '51310' },
  { name: 'Safe Haven Microfinance Bank', code: '51113' },
  { name: 'Mint Microfinance Bank', code: '50304' },
  { name: 'Accion Microfinance Bank', code: '602' },
  { name: 'Baobab Microfinance Bank', code: 'MFB50992' },
  { name: 'Eyowo', code: '50126' },
  { name: 'Paga', code: '100002' },
  { name: 'GoMoney', code: '100022' },
  { name: '9mobile 9Payment Service Bank', code: '120001' },
  { name: 'HopePSB', code: '120002' },
  { name: 'MTN Momo PSB', code: '120003' },
  { name: 'Airtel Smartcash PSB', code: '120004' },
] as const satisfies readonly Bank[];

/** Every bank the ledger knows, the spec's 20 first. */
export const BANKS: readonly Bank[] = [...SPEC_BANKS, ...MORE_BANKS];

export type BankName = (typeof BANKS)[number]['name'];

const byCode = new Map(BANKS.map((bank) => [bank.code, bank]));

/** A name as people type it: case, spaces and punctuation around words do not matter. */
export function bankNameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const byName = new Map(BANKS.map((bank) => [bankNameKey(bank.name), bank]));

export function bankByCode(code: string): Bank | undefined {
  return byCode.get(code.trim());
}

/** The bank of that name: exactly as listed, or differing only in case and spacing. */
export function bankByName(name: string): Bank | undefined {
  return byName.get(bankNameKey(name));
}

/** The name is exactly a listed bank's (what the existing client sends). */
export function isBank(name: string): name is BankName {
  return BANKS.some((bank) => bank.name === name);
}

/**
 * The bank code of stored details. Details stored before codes were kept have only the name; it
 * is always one of the list's (the decider refused any other), so the name gives the code.
 */
export function bankCodeOf(details: { bankName: string; bankCode?: string }): string | undefined {
  return details.bankCode ?? bankByName(details.bankName)?.code;
}
