/**
 * Finance's overview per day (Africa/Lagos dates): money users earned, payouts paid, and what was
 * waiting at the end of each day (withdrawals to decide, proofs to review).
 */
import { koboToNaira } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import {
  moneyInAndOutByDay,
  pendingWithdrawalChanges,
  proofsAwaitingReviewChanges,
  type DayChange,
} from '@kobo/projector';

export const TIME_ZONE = 'Africa/Lagos';
/**
 * Events whose credits to a user's balances are earnings: task rewards, the signup bonus (on
 * UserRegistered), referral bonuses, adjustments up. Not money coming back from a rejected
 * withdrawal or a failed payout: that was earned before.
 */
export const EARNING_EVENTS = [
  'RewardCredited',
  'UserRegistered',
  'ReferralBonusCredited',
  'BalanceAdjusted',
];

export interface ChartDay {
  date: string;
  moneyIn: number;
  moneyInKobo: number;
  moneyOut: number;
  moneyOutKobo: number;
  pendingWithdrawals: number;
  pendingWithdrawalAmount: number;
  proofsAwaitingReview: number;
}

/**
 * What was waiting at the end of each day, from per-day changes (+1 when it arrived, -1 when it
 * was decided) and what was already waiting before the window: one pass, not one scan per day.
 */
function waitingAtEndOfDays(dates: string[], rows: DayChange[]) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const before = byDay.get(null);
  let n = Number(before?.n ?? 0);
  let amount = Number(before?.amount ?? 0);
  return dates.map((date) => {
    const delta = byDay.get(date);
    n += Number(delta?.n ?? 0);
    amount += Number(delta?.amount ?? 0);
    return { n, amount };
  });
}

export async function chartDays(pool: Pool, days: number): Promise<ChartDay[]> {
  const { rows: dateRows } = await pool.query<{ date: string }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS date
       FROM generate_series((now() AT TIME ZONE $2)::date - ($1::int - 1), (now() AT TIME ZONE $2)::date, interval '1 day') AS d
      ORDER BY d`,
    [days, TIME_ZONE],
  );
  const dates = dateRows.map((row) => row.date);
  const window = { first: dates[0]!, last: dates[dates.length - 1]!, timeZone: TIME_ZONE };
  const [money, withdrawals, proofs] = await Promise.all([
    moneyInAndOutByDay(pool, window, EARNING_EVENTS),
    pendingWithdrawalChanges(pool, window),
    proofsAwaitingReviewChanges(pool, window),
  ]);

  const moneyByDay = new Map(money.map((row) => [row.day, row]));
  const pendingWithdrawals = waitingAtEndOfDays(dates, withdrawals);
  const awaitingReview = waitingAtEndOfDays(dates, proofs);
  return dates.map((date, i) => {
    const moneyInKobo = Number(moneyByDay.get(date)?.money_in ?? 0);
    const moneyOutKobo = Number(moneyByDay.get(date)?.money_out ?? 0);
    return {
      date,
      moneyIn: koboToNaira(moneyInKobo),
      moneyInKobo,
      moneyOut: koboToNaira(moneyOutKobo),
      moneyOutKobo,
      pendingWithdrawals: pendingWithdrawals[i]!.n,
      pendingWithdrawalAmount: koboToNaira(pendingWithdrawals[i]!.amount),
      proofsAwaitingReview: awaitingReview[i]!.n,
    };
  });
}
