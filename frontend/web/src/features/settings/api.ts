/**
 * The settings calls: profile and bank details, the banks and the name enquiry, the transaction
 * PIN, password, account deletion.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody, ApiQuery } from '../../shared/api/types';

export type ProfileUpdate = ApiBody<'putUsersProfile'>;
export type PasswordChange = ApiBody<'putUsersChangePassword'>;
export type AccountDeletion = ApiBody<'deleteUsersAccount'>;
export type Bank = ApiAnswer<'getBanks'>['banks'][number];
export type AccountNameQuery = NonNullable<ApiQuery<'getBanksResolve'>>;
export type AccountNameAnswer = ApiAnswer<'getBanksResolve'>;
export type PinChange = ApiBody<'putUsersPin'>;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<ApiAnswer<'putUsersProfile'>, ProfileUpdate>({
      query: (body) => ({ url: '/users/profile', method: 'PUT', body }),
      // The dashboard answer holds the profile and bank details; withdrawals read the bank from it.
      invalidatesTags: ['Dashboard'],
    }),
    getBanks: build.query<Bank[], void>({
      query: () => '/banks',
      transformResponse: (answer: ApiAnswer<'getBanks'>) => answer.banks,
      // The list changes rarely: kept for the session.
      keepUnusedDataFor: 3600,
    }),
    /** The name the bank holds for an account (a question, not a change: a query, kept a while). */
    resolveAccountName: build.query<AccountNameAnswer, AccountNameQuery>({
      query: (params) => ({ url: '/banks/resolve', params }),
    }),
    setPin: build.mutation<ApiAnswer<'putUsersPin'>, PinChange>({
      query: (body) => ({ url: '/users/pin', method: 'PUT', body }),
      // hasPin is in the dashboard answer.
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

export const {
  useUpdateProfileMutation,
  useGetBanksQuery,
  useLazyResolveAccountNameQuery,
  useSetPinMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
} = settingsApi;
