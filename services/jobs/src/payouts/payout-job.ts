/**
 * What a payout job carries: only which withdrawal. The amount, fee and bank details are read
 * from the user's stream when the job runs, so the ledger stays the one source of truth.
 */
export interface PayoutJob {
  userId: string;
  withdrawalId: string;
}
