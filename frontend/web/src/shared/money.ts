/**
 * Money on screen, in one place. The API speaks naira with up to 2 decimals; the screens show
 * `₦1,234.50` (en-NG) and never compute a balance themselves.
 */
const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234.5 -> '₦1,234.50'. */
export function formatNaira(amount: number): string {
  return naira.format(amount);
}

/** A signed amount for lists: '+₦500.00' or '-₦2,000.00'. */
export function formatSignedNaira(amount: number, sign: '+' | '-'): string {
  return `${sign}${formatNaira(Math.abs(amount))}`;
}

/** Whole naira without decimals, for marketing figures and minimums: 40000 -> '₦40,000'. */
export function formatWholeNaira(amount: number): string {
  return `₦${Math.round(amount).toLocaleString('en-NG')}`;
}

/**
 * What a person typed in an amount field, as naira, or null when it is not a valid amount
 * (empty, not a number, negative, or more than 2 decimals). Commas are allowed: '2,000.50'.
 */
export function parseNairaInput(text: string): number | null {
  const cleaned = text.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}
