/** A bank directory's answer about an account, or its refusal as the HTTP problem the caller sees. */
import {
  BankAccountRefusedError,
  BankDirectoryUnavailableError,
  type BankAccountCheck,
  type BankDirectory,
} from '@kobo/jobs';
import { HttpProblem } from '../../http';

/**
 * `fields` names the request's fields: a number that cannot be one at that bank is a 400 on the
 * number's field, a number the bank does not know a 422, a provider that did not answer a 503.
 */
export async function checkBankAccount(
  banks: BankDirectory,
  bankCode: string,
  accountNumber: string,
  fields: { bankCode: string; accountNumber: string },
): Promise<BankAccountCheck> {
  try {
    return await banks.resolve(bankCode, accountNumber);
  } catch (error) {
    if (error instanceof BankAccountRefusedError) {
      if (error.reason === 'not_found') throw new HttpProblem('unprocessable', error.message);
      const field = (await banks.listBanks()).some((bank) => bank.code === bankCode)
        ? fields.accountNumber
        : fields.bankCode;
      throw new HttpProblem('validation', error.message, { [field]: error.message });
    }
    if (error instanceof BankDirectoryUnavailableError) throw new HttpProblem('unavailable', error.message);
    throw error;
  }
}
