/**
 * The bank directory the API answers from, chosen by PAYOUT_PROVIDER: the ledger's list and the
 * NUBAN digit (`manual`), or Paystack's list and account-name enquiry (`paystack`), which needs
 * the Paystack client (`lookup`).
 */
import {
  manualBankDirectory,
  paystackBankDirectory,
  type BankDirectory,
  type PaystackBankLookup,
} from '@kobo/jobs';
import type { Config } from '@kobo/platform';

export function bankDirectoryFor(
  config: Pick<Config, 'payouts'>,
  lookup?: PaystackBankLookup,
): BankDirectory {
  switch (config.payouts.provider) {
    case 'manual':
      return manualBankDirectory;
    case 'paystack':
      if (!lookup)
        throw new Error(
          'PAYOUT_PROVIDER=paystack: the Paystack client is not wired (bankDirectoryFor needs it as `lookup`)',
        );
      return paystackBankDirectory(lookup);
  }
}
