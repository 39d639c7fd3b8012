/**
 * What a payout job carries: only which withdrawal. The amount, fee and bank details are read
 * from the user's stream when the job runs, so the ledger stays the one source of truth.
 */
export interface PayoutJob {
  userId: string;
  withdrawalId: string;
  /**
   * Which approval of the withdrawal this job pays (1 for the first; a withdrawal whose approval
   * was undone and which was approved again has one job per approval). Absent on jobs enqueued
   * before approvals could be undone.
   */
  approval?: number;
}
