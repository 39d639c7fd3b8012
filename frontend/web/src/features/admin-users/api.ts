/**
 * The admin's user calls (docs/api/admin.md, "Users"): one page of users (the server searches,
 * filters, sorts and pages), create, edit and delete. Create carries an Idempotency-Key per
 * dialog opening, so a retried create never makes two accounts.
 */
import { api } from '../../shared/api/api';
import { toPage, type Page } from '../../shared/api/paging';
import type { ApiAnswer, ApiBody, ApiQuery } from '../../shared/api/types';

export type AdminUser = ApiAnswer<'getAdminUsers'>[number];
export type UserListArgs = ApiQuery<'getAdminUsers'>;
export type NewUser = ApiBody<'postAdminUsers'>;
export type UserChange = ApiBody<'putAdminUsersById'>;
export type UserAnswer = ApiAnswer<'postAdminUsers', 201>;
export type UserDeletion = NonNullable<ApiBody<'deleteAdminUsersById'>>;

/** A user change moves balances and counts: the lists, the figures and the transactions follow. */
const CHANGED = ['AdminUsers', 'Transactions', 'Withdrawals'] as const;

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<Page<AdminUser>, UserListArgs>({
      query: (params) => ({ url: '/admin/users', params }),
      transformResponse: (items: AdminUser[], meta) => toPage(items, meta),
      providesTags: ['AdminUsers'],
    }),
    createUser: build.mutation<UserAnswer, { body: NewUser; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/admin/users',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [...CHANGED]),
    }),
    updateUser: build.mutation<ApiAnswer<'putAdminUsersById'>, { id: string; body: UserChange }>({
      query: ({ id, body }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'PUT', body }),
      // Also after a refusal: the user may have changed meanwhile.
      invalidatesTags: [...CHANGED],
    }),
    deleteUser: build.mutation<ApiAnswer<'deleteAdminUsersById'>, { id: string; body: UserDeletion }>({
      query: ({ id, body }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'DELETE', body }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const { useGetAdminUsersQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } =
  adminUsersApi;
