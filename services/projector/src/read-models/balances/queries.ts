/** The balances read model's queries. */
import type { Pool } from '@kobo/platform';

/**
 * Which of `userIds` had their balances or transactions change after log position `from` up to
 * `to`: both tables keep the position of a row's last change (transactions: of its creation; a
 * withdrawal's later status changes move the user's balances too). What live balance updates ask
 * once the balances and transactions read models have both passed `to`.
 */
export async function usersWithMovedBalances(
  pool: Pool,
  userIds: readonly string[],
  from: number,
  to: number,
): Promise<string[]> {
  const { rows } = await pool.query<{ user_id: string }>(
    `SELECT user_id FROM user_balances
      WHERE user_id = ANY($1::text[]) AND last_position > $2 AND last_position <= $3
     UNION
     SELECT user_id FROM transactions
      WHERE user_id = ANY($1::text[]) AND global_position > $2 AND global_position <= $3`,
    [userIds, from, to],
  );
  return rows.map((row) => row.user_id);
}
