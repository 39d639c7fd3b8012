/**
 * The account calls: sign-up (with the live username check), sign-in, and the password reset.
 * Sign-in answers with the session cookie (httpOnly, set by the API); the token in the body is for
 * API clients and is never kept by the browser.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

export type RegisterBody = ApiBody<'postAuthRegister'>;
export type SignedIn = ApiAnswer<'postAuthLogin'>;
export type UsernameAvailability = ApiAnswer<'getUsersUsernameAvailable'>;
type Message = ApiAnswer<'postAuthForgotPassword'>;

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<ApiAnswer<'postAuthRegister', 201>, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    // Named signIn: the base query does not treat this endpoint's 401 as an ended session.
    signIn: build.mutation<SignedIn, ApiBody<'postAuthLogin'>>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<Message, ApiBody<'postAuthForgotPassword'>>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<ApiAnswer<'postAuthResetPassword'>, ApiBody<'postAuthResetPassword'>>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    usernameAvailable: build.query<UsernameAvailability, string>({
      query: (username) => ({ url: '/users/username-available', params: { username } }),
      // A name's availability can change at any moment; keep answers briefly.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useRegisterMutation,
  useSignInMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useUsernameAvailableQuery,
} = accountApi;
