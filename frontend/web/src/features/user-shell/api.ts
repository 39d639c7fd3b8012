/** Sign-out: the API ends the session on the server and clears its cookie. */
import { api } from '../../shared/api/api';

export const userShellApi = api.injectEndpoints({
  endpoints: (build) => ({
    signOut: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useSignOutMutation } = userShellApi;
