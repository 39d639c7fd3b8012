/**
 * The settings calls: profile and bank details, the banks and the name enquiry, the transaction
 * PIN, password, account deletion, and the copy of the user's data.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody, ApiQuery } from '../../shared/api/types';

export type ProfileUpdate = ApiBody<'putUsersProfile'>;
export type PasswordChange = ApiBody<'putUsersChangePassword'>;
export type AccountDeletion = ApiBody<'deleteUsersAccount'>;
export type Bank = ApiAnswer<'getBanks'>['banks'][number];
export type AccountNameQuery = NonNullable<ApiQuery<'getBanksResolve'>>;
export type AccountNameAnswer = ApiAnswer<'getBanksResolve'>;
export type PinChange = ApiBody<'putUsersPin'>;
export type DataExport = ApiAnswer<'getUsersDataExport'>;

/** The copy of the user's data and the name of the file to save it as. */
export interface DataExportFile {
  fileName: string;
  data: DataExport;
}

/** The file name the server gives (`Content-Disposition`), else the same pattern from the copy itself. */
export function dataExportFileName(disposition: string | null | undefined, data: DataExport): string {
  const given = disposition?.match(/filename="([^"]+)"/)?.[1];
  return given ?? `kobo-data-${data.profile.username}-${data.exportedAt.slice(0, 10)}.json`;
}

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
    /**
     * A download the person asks for, not a read to keep: a mutation, so the copy is never cached,
     * refetched or kept on the device, and the command's 30 s wait suits a long history.
     */
    downloadMyData: build.mutation<DataExportFile, void>({
      query: () => ({ url: '/users/data-export' }),
      transformResponse: (data: DataExport, meta) => ({
        fileName: dataExportFileName(
          (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('Content-Disposition'),
          data,
        ),
        data,
      }),
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
  useDownloadMyDataMutation,
} = settingsApi;
