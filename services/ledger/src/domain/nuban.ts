/**
 * The NUBAN check digit: the tenth digit of a Nigerian account number, computed by the CBN's
 * algorithm from the institution's code and the 9-digit serial number that precedes it.
 *
 * The algorithm (CBN NUBAN guidelines, 2010; revised 2020). The institution code is 6 digits: a
 * deposit money bank's 3-digit CBN code padded with "000" in front, another financial
 * institution's (microfinance bank, mortgage bank...) 5-digit CBN code with "9" in front. The 15
 * digits of code and serial are weighted 3,7,3, 3,7,3, ... ; the check digit is 10 less the sum
 * modulo 10, and 0 when that is 10. For a deposit money bank the three leading zeros add nothing,
 * so the 2020 form gives the same digit as the 2010 form (3-digit code and serial, 12 digits).
 *
 * Which banks are checked, and why only those:
 * - Deposit money banks whose account numbers have been NUBANs since the 2011 migration are
 *   checked with their CBN code (the same code Paystack uses for them).
 * - Banks licensed since, microfinance banks and other institutions are NOT checked. Several of
 *   them give their customers the phone number as the account number (OPay, PalmPay, FairMoney,
 *   Moniepoint's personal accounts, and the payment service banks), which follows no check digit;
 *   for the others, the code a provider lists (Paystack's "50211", "00103", "MFB50992", its own
 *   "999992" for OPay) is not always the CBN institution code the number was computed from, and
 *   refusing a real account would stop a person's withdrawal, while a mistyped number is caught
 *   by the account-name enquiry when a payout provider is configured.
 * - Every bank: a number of ten identical digits ("0000000000") is refused. It is what people
 *   type to get past a form, and "0000000000" even passes the check digit of some banks.
 */

/** The CBN weights, over the 6-digit institution code and the 9-digit serial. */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** Paystack's code -> the CBN institution code the NUBAN check digit is computed from. */
const CHECKED_INSTITUTIONS: ReadonlyMap<string, string> = new Map(
  [
    '044', // Access Bank
    '063', // Access Bank (Diamond)
    '023', // Citibank Nigeria
    '050', // Ecobank Nigeria
    '070', // Fidelity Bank
    '011', // First Bank of Nigeria
    '214', // First City Monument Bank
    '058', // Guaranty Trust Bank
    '082', // Keystone Bank
    '076', // Polaris Bank
    '221', // Stanbic IBTC Bank
    '068', // Standard Chartered Bank
    '232', // Sterling Bank
    '032', // Union Bank of Nigeria
    '033', // United Bank for Africa
    '215', // Unity Bank
    '035', // Wema Bank
    '057', // Zenith Bank
  ].map((code) => [code, institutionCode(code)]),
);

/** A 3-digit deposit money bank code or a 5-digit other institution's code in the 2020 6-digit form. */
export function institutionCode(cbnCode: string): string {
  if (/^\d{3}$/.test(cbnCode)) return `000${cbnCode}`;
  if (/^\d{5}$/.test(cbnCode)) return `9${cbnCode}`;
  if (/^\d{6}$/.test(cbnCode)) return cbnCode;
  throw new Error(`not a CBN institution code: ${cbnCode}`);
}

/** The check digit of a 9-digit serial at the institution with this CBN code (3, 5 or 6 digits). */
export function nubanCheckDigit(cbnCode: string, serial: string): number {
  if (!/^\d{9}$/.test(serial)) throw new Error(`a NUBAN serial is 9 digits: ${serial}`);
  const digits = institutionCode(cbnCode) + serial;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** The 10-digit account number of a 9-digit serial at the bank with this CBN code (demo data, tests). */
export function nubanOf(cbnCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(cbnCode, serial)}`;
}

/** Whether account numbers at the bank with this code are checked against the CBN's check digit. */
export function nubanChecked(bankCode: string): boolean {
  return CHECKED_INSTITUTIONS.has(bankCode.trim());
}

/**
 * Whether a 10-digit account number can be one at the bank with this (provider's) code: never ten
 * identical digits, and for the banks listed above, the CBN check digit matches.
 */
export function nubanValid(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  if (/^(\d)\1{9}$/.test(accountNumber)) return false;
  const institution = CHECKED_INSTITUTIONS.get(bankCode.trim());
  if (institution === undefined) return true;
  return nubanCheckDigit(institution, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
