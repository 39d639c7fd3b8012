/** What a verification job carries: the submission, as TaskSubmitted recorded it. */
export interface VerificationJob {
  campaignId: string;
  submissionId: string;
  userId: string;
  /** Storage key of the screenshot (see ProofImages). */
  proofImage: string;
}
