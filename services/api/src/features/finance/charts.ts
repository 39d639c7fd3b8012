/**
 * Finance's overview per day (Africa/Lagos dates): money users earned, payouts paid, and what was
 * waiting at the end of each day (withdrawals to decide, proofs to review).
 */
import { koboToNaira } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';

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

interface DeltaRow {
  day: string | null;
  n: string;
  amount: string | null;
}

/**
 * What was waiting at the end of each day, from per-day changes (+1 when it arrived, -1 when it
 * was decided) and what was already waiting before the window: one pass, not one scan per day.
 */
function waitingAtEndOfDays(dates: string[], rows: DeltaRow[]) {
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
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  // [start, end): from the first day's midnight to the midnight after the last day, in Lagos.
  const range = `($1::date)::timestamp AT TIME ZONE '${TIME_ZONE}'`;
  const end = `($2::date + 1)::timestamp AT TIME ZONE '${TIME_ZONE}'`;
  const dayOf = (column: string) =>
    `CASE WHEN ${column} < ${range} THEN NULL ELSE to_char((${column} AT TIME ZONE '${TIME_ZONE}')::date, 'YYYY-MM-DD') END`;

  const [money, withdrawals, proofs] = await Promise.all([
    pool.query<{ day: string; money_in: string; money_out: string }>(
      `SELECT to_char((recorded_at AT TIME ZONE '${TIME_ZONE}')::date, 'YYYY-MM-DD') AS day,
              coalesce(sum(amount) FILTER (
                WHERE event_type = ANY($3) AND amount > 0
                  AND (account LIKE 'user:%:account' OR account LIKE 'user:%:activity')), 0) AS money_in,
              coalesce(sum(amount) FILTER (WHERE event_type = 'PayoutSucceeded' AND account = 'world'), 0) AS money_out
         FROM ledger_entries
        WHERE recorded_at >= ${range} AND recorded_at < ${end}
        GROUP BY 1`,
      [first, last, EARNING_EVENTS],
    ),
    pool.query<DeltaRow>(
      `SELECT ${dayOf('at')} AS day, sum(n) AS n, sum(amount) AS amount
         FROM (SELECT requested_at AS at, 1 AS n, amount FROM withdrawals WHERE requested_at < ${end}
               UNION ALL
               SELECT coalesce(approved_at, rejected_at), -1, -amount FROM withdrawals
                WHERE coalesce(approved_at, rejected_at) < ${end}) AS moves
        GROUP BY 1`,
      [first, last],
    ),
    pool.query<DeltaRow>(
      `SELECT ${dayOf('at')} AS day, sum(n) AS n, NULL AS amount
         FROM (SELECT submitted_at AS at, 1 AS n FROM submissions WHERE kind = 'task' AND submitted_at < ${end}
               UNION ALL
               SELECT reviewed_at, -1 FROM submissions WHERE kind = 'task' AND reviewed_at < ${end}) AS moves
        GROUP BY 1`,
      [first, last],
    ),
  ]);

  const moneyByDay = new Map(money.rows.map((row) => [row.day, row]));
  const pendingWithdrawals = waitingAtEndOfDays(dates, withdrawals.rows);
  const awaitingReview = waitingAtEndOfDays(dates, proofs.rows);
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
