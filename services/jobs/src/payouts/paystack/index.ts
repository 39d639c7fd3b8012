/** The Paystack client payouts use, its two ways of failing, and the webhook signature. */
export {
  createPaystackClient,
  PAYSTACK_BASE_URL,
  type PaystackBank,
  type PaystackClient,
  type PaystackClientOptions,
  type PaystackTransfer,
  type PaystackTransferStatus,
} from './paystack-client';
export { PaystackRefusedError, PaystackUnavailableError } from './errors';
export { paystackSignature, paystackSignatureValid } from './signature';
