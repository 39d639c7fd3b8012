/**
 * The notification centre and Web Push calls. The list and its unread count are refetched when
 * the live stream says a notification came (user-shell/useLiveBalances) and after marking read.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody, ApiQuery } from '../../shared/api/types';

export type NotificationsPage = ApiAnswer<'getUsersNotifications'>;
export type Notification = NotificationsPage['notifications'][number];
export type NotificationsQuery = NonNullable<ApiQuery<'getUsersNotifications'>>;
export type PushSubscriptionBody = ApiBody<'postUsersPushSubscriptions'>;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationsPage, NotificationsQuery | void>({
      query: (params) => ({ url: '/users/notifications', params: params ?? undefined }),
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<ApiAnswer<'postUsersNotificationsRead'>, { ids?: string[] }>({
      query: (body) => ({ url: '/users/notifications/read', method: 'POST', body }),
      invalidatesTags: ['Notifications'],
    }),
    getPushKey: build.query<ApiAnswer<'getUsersPushKey'>, void>({
      query: () => '/users/push/key',
      keepUnusedDataFor: 3600,
    }),
    savePushSubscription: build.mutation<unknown, PushSubscriptionBody>({
      query: (body) => ({ url: '/users/push/subscriptions', method: 'POST', body }),
    }),
    deletePushSubscription: build.mutation<unknown, { endpoint: string }>({
      query: (body) => ({ url: '/users/push/subscriptions', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetPushKeyQuery,
  useSavePushSubscriptionMutation,
  useDeletePushSubscriptionMutation,
} = notificationsApi;
