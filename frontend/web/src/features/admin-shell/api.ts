/**
 * The admin's sign-in and sign-out. Sign-in answers with the session cookie (httpOnly, set by the
 * API); the token in the body is for API clients and is never kept by the browser.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

export type AdminSignedIn = ApiAnswer<'postAuthAdminLogin'>;

export const adminShellApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The base query does not treat this endpoint's 401 (wrong password) as an ended session.
    adminSignIn: build.mutation<AdminSignedIn, ApiBody<'postAuthAdminLogin'>>({
      query: (body) => ({ url: '/auth/admin-login', method: 'POST', body }),
    }),
    adminSignOut: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useAdminSignInMutation, useAdminSignOutMutation } = adminShellApi;
