/** The submissions read model (docs/decisions/0049-one-folder-per-read-model.md): what other packages use. */
export {
  flagsOf,
  submissionRowFrom,
  submissions,
  type SubmissionFlag,
  type SubmissionRow,
} from './projection';
export {
  campaignsTakenBy,
  findProofSubmitter,
  findSubmission,
  listCampaignSubmissions,
  listPendingSubmissions,
  listSubmissionsOfCampaigns,
  listSubmissionsOfUser,
  proofImagesOfUser,
  proofsAwaitingReviewChanges,
  type CampaignSubmissionsQuery,
  type PendingSubmissionRow,
  type PendingSubmissionsQuery,
  type SubmissionWithCampaignRow,
  type SubmissionWithUserRow,
} from './queries';
