/** Changing the community links; reading them is the support page's `getCommunity`. */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

export type CommunityUpdate = ApiBody<'putCommunity'>;

export const adminCommunityApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateCommunity: build.mutation<ApiAnswer<'putCommunity'>, CommunityUpdate>({
      query: (body) => ({ url: '/community', method: 'PUT', body }),
      invalidatesTags: ['Community'],
    }),
  }),
});

export const { useUpdateCommunityMutation } = adminCommunityApi;
