/** Request and response shapes of the bank list and the account check. */
import { z } from 'zod';

export const bankMessages = {
  bankCode: 'Please choose your bank from the list.',
  accountNumber: 'Account number must be 10 digits.',
  nameUnchecked: 'The account name could not be checked. Make sure it is your own account.',
  nameChecked: 'This is the name your bank holds for the account.',
  tooManyChecks: 'Too many account checks. Please wait a minute and try again.',
} as const;

export const bankSchema = z.object({ name: z.string(), code: z.string() }).meta({ id: 'Bank' });

export const bankListSchema = z.object({ banks: z.array(bankSchema) });

export const resolveQuery = z.object({
  bankCode: z
    .string({ error: bankMessages.bankCode })
    .trim()
    .regex(/^[0-9A-Za-z]{2,12}$/, bankMessages.bankCode),
  accountNumber: z
    .string({ error: bankMessages.accountNumber })
    .trim()
    .regex(/^\d{10}$/, bankMessages.accountNumber),
});

export const resolvedAccountSchema = z.object({
  accountName: z.string().nullable(),
  checked: z.boolean(),
  message: z.string(),
});
