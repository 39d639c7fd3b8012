/** CSV for finance's exports: RFC 4180 quoting, naira as exact text from kobo. */

export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet; a quote-apostrophe defuses it.
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: (string | number | null | undefined)[]): string {
  return fields.map(csvField).join(',') + '\r\n';
}

/** Kobo to naira text without floating point: -150 -> "-1.50". */
export function nairaText(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
