/**
 * The activity balance's withdrawal minimum in words (docs/product/user-site.md#figures-and-limits: ₦40,000), said the
 * same way wherever the activity balance or the signup bonus shows: "Withdrawable from ₦40,000:
 * ₦39,500 to go". Both figures are the server's (the balance and `withdrawalRules.minActivity`);
 * only the distance between them is worked out here, for the sentence.
 */
import { formatNaira, formatWholeNaira } from './money';

/** What the activity balance still needs before it can be withdrawn (naira), or null when it is enough. */
export function activityToGo(activityBalance: number, minimum: number): number | null {
  const left = Math.round((minimum - activityBalance) * 100) / 100;
  return left > 0 ? left : null;
}

/** Whole naira when there are no kobo ('₦39,500'), else with them ('₦39,499.50'). */
function amount(naira: number): string {
  return Number.isInteger(naira) ? formatWholeNaira(naira) : formatNaira(naira);
}

/**
 * 'Withdrawable from ₦40,000: ₦39,500 to go', or '...: ready to withdraw' once it is enough.
 * With the balances hidden, the minimum alone: the distance would tell the balance.
 */
export function activityMinimumNote(
  activityBalance: number,
  minimum: number,
  { hidden = false }: { hidden?: boolean } = {},
): string {
  const from = `Withdrawable from ${formatWholeNaira(minimum)}`;
  if (hidden) return from;
  const toGo = activityToGo(activityBalance, minimum);
  return toGo === null ? `${from}: ready to withdraw` : `${from}: ${amount(toGo)} to go`;
}
