/**
 * A bank account on more than one user: the same bank code and account number saved by other
 * users (not deleted). Not a refusal (family members share accounts), a flag for the admin's users
 * and withdrawals screens and finance's payout desk, where one person paid through many sign-ups
 * shows up. Asked once per page, by the index users_bank_account (migration 0041).
 */
import type { Pool } from '@kobo/platform';
import { z } from 'zod';

export const sharedBankAccountSchema = z
  .object({ otherUsers: z.number().int().describe('How many other users have saved this bank account') })
  .nullable()
  .describe('Set when the same bank code and account number are on other users; null when on this user only')
  .meta({ id: 'SharedBankAccount' });

export type SharedBankAccount = z.output<typeof sharedBankAccountSchema>;

/** The bank account a row is about: the user's own, or the one a withdrawal pays. */
export interface BankAccountRow {
  user_id: string;
  bank_code: string | null;
  account_num: string | null;
}

/** How many other users hold each row's bank account (rows without one: 0). */
export async function otherUsersOnBankAccounts<R extends BankAccountRow>(
  pool: Pool,
  rows: readonly R[],
): Promise<(R & { shared_bank_others: number })[]> {
  const asked = rows.filter((row) => row.bank_code && row.account_num);
  const others = new Map<string, number>();
  if (asked.length > 0) {
    const { rows: counted } = await pool.query<{
      user_id: string;
      bank_code: string;
      account_num: string;
      others: number;
    }>(
      `SELECT a.user_id, a.bank_code, a.account_num, count(DISTINCT o.user_id)::int AS others
       FROM unnest($1::text[], $2::text[], $3::text[]) AS a(user_id, bank_code, account_num)
       JOIN users o ON o.bank_code = a.bank_code AND o.account_num = a.account_num
                   AND o.account_num IS NOT NULL AND NOT o.deleted AND o.user_id <> a.user_id
       GROUP BY a.user_id, a.bank_code, a.account_num`,
      [
        asked.map((row) => row.user_id),
        asked.map((row) => row.bank_code),
        asked.map((row) => row.account_num),
      ],
    );
    for (const row of counted) others.set(keyOf(row), row.others);
  }
  return rows.map((row) => ({ ...row, shared_bank_others: others.get(keyOf(row)) ?? 0 }));
}

function keyOf(row: BankAccountRow): string {
  return `${row.user_id} ${row.bank_code} ${row.account_num}`;
}

/** The answer's field: null unless other users hold the account. */
export function sharedBankAccountOf(row: { shared_bank_others?: number }): SharedBankAccount {
  return row.shared_bank_others ? { otherUsers: row.shared_bank_others } : null;
}
