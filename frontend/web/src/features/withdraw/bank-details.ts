/** The bank details as the withdrawal screen reads them from the dashboard answer. */
export interface BankDetails {
  bankName: string;
  accountNum: string;
  accountName: string;
}

/** Withdrawals need all three (the server refuses otherwise). */
export function hasBankDetails(details: BankDetails | null | undefined): details is BankDetails {
  return Boolean(details?.bankName.trim() && details.accountNum.trim() && details.accountName.trim());
}

/** '0131234567' -> '••••••4567': only the last 4 digits are shown. */
export function maskAccountNumber(accountNum: string): string {
  const digits = accountNum.replace(/\s/g, '');
  if (digits.length <= 4) return digits;
  return '•'.repeat(digits.length - 4) + digits.slice(-4);
}

/** The server's refusal while withdrawals wait after a bank-details change (problem code). */
export function isBankChangeHold(error: unknown): boolean {
  const data = (error as { data?: unknown } | undefined)?.data;
  return (
    typeof data === 'object' && data !== null && (data as { code?: unknown }).code === 'withdrawals_on_hold'
  );
}
