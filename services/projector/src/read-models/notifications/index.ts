/** The notifications read model: a person's notification centre, in the product's words. */
export {
  notificationOf,
  notifications,
  NOTIFICATION_LINKS,
  type Notification,
  type NotificationKind,
  type NotificationRow,
  type NotificationWithdrawalState,
} from './projection';
export {
  listNotifications,
  newestNotificationPosition,
  ownNotificationIds,
  unreadCount,
  usersNotifiedBetween,
  type NotificationWithRead,
} from './queries';
