/**
 * The campaigns screen's calls: the campaigns open to the person, taking part in one (a proof, or an
 * activity's completion) and the person's own submissions with their review state. This is the edge
 * where the client's contract calls a campaign a task (`/tasks`, `/tasks/submit`, `taskId`): the
 * answers keep the contract's field names (the generated types), and a request names the campaign
 * by `campaignId` until it is put on the wire here.
 */
import { api } from '../../shared/api/api';
import { moneyTags } from '../../shared/api/account';
import type { ApiAnswer } from '../../shared/api/types';

/** A campaign open to the person (GET /api/tasks). */
export type Campaign = ApiAnswer<'getTasks'>[number];
export type TakePartAnswer = ApiAnswer<'postTasksSubmit', 201>;

export type Submission = ApiAnswer<'getUsersSubmissions'>[number];

export interface TakePartRequest {
  campaignId: string;
  /** The screenshot; null for an activity, which needs none. */
  proof: File | null;
}

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCampaigns: build.query<Campaign[], void>({
      query: () => '/tasks',
      providesTags: (result) => [
        'Campaigns',
        ...(result ?? []).map((campaign) => ({ type: 'Campaigns' as const, id: campaign._id })),
      ],
    }),
    takePart: build.mutation<TakePartAnswer, TakePartRequest>({
      query: ({ campaignId, proof }) => {
        // multipart/form-data: the browser sets the boundary, so no Content-Type of our own.
        const body = new FormData();
        body.append('taskId', campaignId);
        if (proof) body.append('proofImage', proof);
        return { url: '/tasks/submit', method: 'POST', body };
      },
      // Also after a refusal: units left or the campaign's state may have changed meanwhile.
      invalidatesTags: ['Campaigns', 'Submissions', ...moneyTags],
    }),
    getSubmissions: build.query<Submission[], void>({
      query: () => '/users/submissions',
      providesTags: ['Submissions'],
    }),
  }),
});

export const { useGetCampaignsQuery, useTakePartMutation, useGetSubmissionsQuery } = campaignsApi;
