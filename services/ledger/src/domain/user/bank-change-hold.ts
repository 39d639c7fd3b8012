/**
 * After bank details change (not when first set) withdrawals wait a while, so a stolen session
 * cannot point the balance at a new account and take it out at once.
 */
import { DomainError } from '../errors';
import { DEFAULT_BANK_CHANGE_HOLD_HOURS, type MoneyRules } from '../money-rules';
import type { UserState } from './state';

const HOUR_MS = 3_600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Nigeria keeps West Africa Time (UTC+1) all year.
const lagosParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '14:05 on 24 Nov 2026', Lagos time. */
export function holdTimeInMessage(time: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    lagosParts.formatToParts(time).find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} on ${Number(part('day'))} ${MONTHS[Number(part('month')) - 1]} ${part('year')}`;
}

/** When withdrawals open again, or null when they are not held. */
export function withdrawalsOpenAt(state: UserState, rules: MoneyRules, now: string): Date | null {
  if (!state.bankDetailsChangedAt) return null;
  const hours = rules.bankChangeHoldHours ?? DEFAULT_BANK_CHANGE_HOLD_HOURS;
  const opens = new Date(Date.parse(state.bankDetailsChangedAt) + hours * HOUR_MS);
  return Date.parse(now) < opens.getTime() ? opens : null;
}

export function requireNoBankChangeHold(state: UserState, rules: MoneyRules, now: string): void {
  const opens = withdrawalsOpenAt(state, rules, now);
  if (!opens) return;
  const hours = rules.bankChangeHoldHours ?? DEFAULT_BANK_CHANGE_HOLD_HOURS;
  throw new DomainError(
    'withdrawals_on_hold',
    `Your bank details changed recently. For your safety, withdrawals open again at ${holdTimeInMessage(opens)} ` +
      `(${hours} ${hours === 1 ? 'hour' : 'hours'} after the change).`,
    'amount',
  );
}
