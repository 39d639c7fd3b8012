/**
 * The review screens' calls (docs/api/admin.md): the campaigns with their submissions, the
 * review queue across campaigns, the pause/resume toggle, approve and reject (each with an Idempotency-Key), and the short-lived
 * link to a proof image (docs/api/campaigns.md, /uploads/link).
 */
import { api } from '../../shared/api/api';
import { toPage, type Page } from '../../shared/api/paging';
import type { ApiAnswer, ApiBody, ApiQuery } from '../../shared/api/types';

export type AdminCampaign = ApiAnswer<'getAdminTasks'>[number];
export type AdminSubmission = ApiAnswer<'getAdminTasksByTaskIdSubmissions'>[number];
export type SubmissionListArgs = { taskId: string } & ApiQuery<'getAdminTasksByTaskIdSubmissions'>;
export type PendingProof = ApiAnswer<'getAdminSubmissionsPending'>[number];
export type ReviewQueueArgs = ApiQuery<'getAdminSubmissionsPending'>;
export type ReviewAnswer = ApiAnswer<'postAdminTasksApprove'>;
export type ToggleAnswer = ApiAnswer<'putAdminTasksByIdStatus'>;
export type ProofLink = ApiAnswer<'getUploadsLink'>;

export interface ReviewRequest {
  campaignId: string;
  userId: string;
  submissionId: string;
  idempotencyKey: string;
  /** Rejection only: the sentence the user sees. */
  reason?: string;
}

export const adminReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The cards need the figures only: the submissions are read per campaign, a page at a time.
    getAdminCampaigns: build.query<AdminCampaign[], void>({
      query: () => ({ url: '/admin/tasks', params: { submissions: 'none' } }),
      providesTags: ['AdminCampaigns'],
    }),
    getAdminCampaign: build.query<AdminCampaign, string>({
      query: (taskId) => ({
        url: `/admin/tasks/${encodeURIComponent(taskId)}`,
        params: { submissions: 'none' },
      }),
      providesTags: ['AdminCampaigns'],
    }),
    getCampaignSubmissions: build.query<Page<AdminSubmission>, SubmissionListArgs>({
      query: ({ taskId, ...params }) => ({
        url: `/admin/tasks/${encodeURIComponent(taskId)}/submissions`,
        params,
      }),
      transformResponse: (items: AdminSubmission[], meta) => toPage(items, meta),
      providesTags: ['AdminCampaigns'],
    }),
    // The review queue across campaigns, oldest first (GET /admin/submissions/pending).
    getReviewQueue: build.query<Page<PendingProof>, ReviewQueueArgs>({
      query: (params) => ({ url: '/admin/submissions/pending', params }),
      transformResponse: (items: PendingProof[], meta) => toPage(items, meta),
      providesTags: ['AdminCampaigns', 'Submissions'],
    }),
    toggleCampaignStatus: build.mutation<ToggleAnswer, string>({
      query: (id) => ({ url: `/admin/tasks/${encodeURIComponent(id)}/status`, method: 'PUT' }),
      invalidatesTags: ['AdminCampaigns', 'Campaigns'],
    }),
    approveSubmission: build.mutation<ReviewAnswer, ReviewRequest>({
      query: ({ campaignId, submissionId, userId, idempotencyKey }) => ({
        url: '/admin/tasks/approve',
        method: 'POST',
        body: { campaignId, submissionId, userId } satisfies ApiBody<'postAdminTasksApprove'>,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // Also after a refusal: the submission may have been reviewed by someone else meanwhile.
      // Submissions: the admin's overview counts proofs awaiting review.
      invalidatesTags: ['AdminCampaigns', 'Submissions'],
    }),
    rejectSubmission: build.mutation<ReviewAnswer, ReviewRequest>({
      query: ({ campaignId, submissionId, userId, idempotencyKey, reason }) => ({
        url: '/admin/tasks/reject',
        method: 'POST',
        body: { campaignId, submissionId, userId, reason } satisfies ApiBody<'postAdminTasksReject'>,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['AdminCampaigns', 'Submissions'],
    }),
    getProofLink: build.query<ProofLink, { key: string; thumb?: boolean }>({
      query: ({ key, thumb }) => ({ url: '/uploads/link', params: thumb ? { key, thumb: 1 } : { key } }),
      // A link works for 5 minutes: drop it before then so a reopened proof gets a fresh one.
      keepUnusedDataFor: 120,
    }),
  }),
});

export const {
  useGetAdminCampaignsQuery,
  useGetAdminCampaignQuery,
  useGetCampaignSubmissionsQuery,
  useGetReviewQueueQuery,
  useLazyGetReviewQueueQuery,
  useToggleCampaignStatusMutation,
  useApproveSubmissionMutation,
  useRejectSubmissionMutation,
  useGetProofLinkQuery,
} = adminReviewApi;
