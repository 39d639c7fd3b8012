/** Amounts leave the API as naira with 2 decimals; inside they are integer kobo. */
export function toNaira(amountInKobo: number | string): number {
  return Math.round(Number(amountInKobo)) / 100;
}
