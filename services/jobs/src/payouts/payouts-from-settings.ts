/** The payout provider the settings name (PAYOUT_PROVIDER), built once per process. */
import type { PayoutSettings } from '@kobo/platform';
import { createPaystackClient, type PaystackClient } from './paystack';
import { paystackPayoutProvider } from './paystack-payouts';
import { manualTransferProvider, type PayoutProvider } from './payout-provider';

export interface Payouts {
  provider: PayoutProvider;
  /** Paystack's client when Paystack pays: its banks and account-name enquiry serve the bank directory. */
  paystack?: PaystackClient;
  /** Paystack's secret key, which also signs its webhooks. */
  webhookSecret?: string;
}

export function payoutsFromSettings(settings: PayoutSettings): Payouts {
  if (settings.provider === 'manual' || !settings.paystack) return { provider: manualTransferProvider };
  const paystack = createPaystackClient(settings.paystack);
  return { provider: paystackPayoutProvider(paystack), paystack, webhookSecret: settings.paystack.secretKey };
}
