/**
 * Paystack's bank list and account-name enquiry as its client answers them: Paystack is a third
 * party that cannot be reached here, so this small object stands in for its client.
 */
import type { PaystackBankLookup } from '@kobo/jobs';

class PaystackRefusedError extends Error {
  override readonly name = 'PaystackRefusedError';
  readonly status = 422;
}
class PaystackUnavailableError extends Error {
  override readonly name = 'PaystackUnavailableError';
}

export function paystackLookup(accounts: Record<string, string>) {
  const state = { down: false, resolves: 0 };
  const lookup: PaystackBankLookup = {
    listBanks: async () => [
      { name: 'Guaranty Trust Bank', code: '058' },
      { name: 'Kuda Bank', code: '50211' },
      { name: 'Bowen Microfinance Bank', code: '50931' },
    ],
    resolveAccount: async (accountNumber, bankCode) => {
      state.resolves++;
      if (state.down) throw new PaystackUnavailableError('Paystack did not answer');
      const accountName = accounts[`${bankCode}:${accountNumber}`];
      if (!accountName)
        throw new PaystackRefusedError('Could not resolve account name. Check parameters or try again.');
      return { accountName };
    },
  };
  return { lookup, state };
}
