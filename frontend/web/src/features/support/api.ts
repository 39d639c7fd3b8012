/** The community links (support email, channels, social pages) an admin keeps up to date. */
import { api } from '../../shared/api/api';
import type { ApiAnswer } from '../../shared/api/types';

export type Community = ApiAnswer<'getCommunity'>;

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCommunity: build.query<Community, void>({
      query: () => '/community',
      providesTags: ['Community'],
    }),
  }),
});

export const { useGetCommunityQuery } = supportApi;
