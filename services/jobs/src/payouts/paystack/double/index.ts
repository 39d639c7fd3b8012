/** The local double of Paystack (tests, the simulation and benchmarks only). */
export {
  startPaystackDouble,
  type DoubleAccount,
  type DoubleRecipient,
  type DoubleTransfer,
  type InitiateFault,
  type PaystackDouble,
  type PaystackDoubleOptions,
  type PaystackEventName,
  type RequestRecord,
  type SeededBehaviour,
  type Settlement,
  type TransferOutcome,
  type TransferScript,
  type WebhookDelivery,
  type WebhookRecord,
} from './paystack-double';
export { nigerianBanks, type DoubleBank } from './banks';
