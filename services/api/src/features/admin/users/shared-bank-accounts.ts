/**
 * A bank account on more than one user: the same bank code and account number saved by other
 * users (not deleted). Not a refusal (family members share accounts), a flag for the admin's users
 * and withdrawals screens and finance's payout desk, where one person paid through many sign-ups
 * shows up. The users read model counts them (`otherUsersOnBankAccounts`, once per page); here
 * is how an answer says it.
 */
import { z } from 'zod';

export const sharedBankAccountSchema = z
  .object({ otherUsers: z.number().int().describe('How many other users have saved this bank account') })
  .nullable()
  .describe('Set when the same bank code and account number are on other users; null when on this user only')
  .meta({ id: 'SharedBankAccount' });

export type SharedBankAccount = z.output<typeof sharedBankAccountSchema>;

export { otherUsersOnBankAccounts, type BankAccountRow } from '@kobo/projector';

/** The answer's field: null unless other users hold the account. */
export function sharedBankAccountOf(row: { shared_bank_others?: number }): SharedBankAccount {
  return row.shared_bank_others ? { otherUsers: row.shared_bank_others } : null;
}
