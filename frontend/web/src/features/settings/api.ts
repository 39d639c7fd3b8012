/** The settings commands: profile and bank details, password, account deletion. */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

export type ProfileUpdate = ApiBody<'putUsersProfile'>;
export type PasswordChange = ApiBody<'putUsersChangePassword'>;
export type AccountDeletion = ApiBody<'deleteUsersAccount'>;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<ApiAnswer<'putUsersProfile'>, ProfileUpdate>({
      query: (body) => ({ url: '/users/profile', method: 'PUT', body }),
      // The dashboard answer holds the profile and bank details; withdrawals read the bank from it.
      invalidatesTags: ['Dashboard'],
    }),
    changePassword: build.mutation<ApiAnswer<'putUsersChangePassword'>, PasswordChange>({
      query: (body) => ({ url: '/users/change-password', method: 'PUT', body }),
    }),
    deleteAccount: build.mutation<ApiAnswer<'deleteUsersAccount'>, AccountDeletion>({
      query: (body) => ({ url: '/users/account', method: 'DELETE', body }),
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation, useDeleteAccountMutation } = settingsApi;
