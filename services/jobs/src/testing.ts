/**
 * @kobo/jobs/testing: for tests, the simulation and benchmarks only. A local double of Paystack's
 * API (real HTTP on 127.0.0.1) with the faults a payout must survive.
 */
export * from './payouts/paystack/double';
